// The lint holds the folders' one-way order (issue 26 item 1, decision 073):
// an upward import fails `npm run lint`, a type-only one too, and so does an
// /api route that does the boundary's work by hand (decision 072), and a cycle
// of imports inside a folder, even one made only of `import type`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints a probe file written where `filePath` says (the type-aware rules read files from disk), then removes it. */
async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const path = filePath.replace("layer-probe", `layer-probe-${randomBytes(4).toString("hex")}`);
  writeFileSync(path, code);
  try {
    const [result] = await eslint.lintFiles([path]);
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
  } finally {
    rmSync(path, { force: true });
  }
}

describe("the lint's layer rules", () => {
  it("refuses an upward import in app/, a type-only one too, and accepts a downward one", async () => {
    const upward = await problemsOf(
      "app/rules/layer-probe.ts",
      'import { prisma } from "~/db.server";\nimport { listWidgets } from "~/models/widgets.server";\nexport const probe = [prisma, listWidgets];\n',
    );
    expect(upward.some((problem) => problem.startsWith("import/no-restricted-paths") && problem.includes("app/rules may not import"))).toBe(true);
    const typeOnly = await problemsOf("app/contracts/layer-probe.ts", 'import type { WidgetDto } from "~/rules/api-types";\nexport type Probe = WidgetDto;\n');
    expect(typeOnly.some((problem) => problem.startsWith("import/no-restricted-paths"))).toBe(true);
    const downward = await problemsOf(
      "app/models/layer-probe.server.ts",
      'import type { WidgetDto } from "~/rules/api-types";\nexport type Probe = WidgetDto;\n',
    );
    expect(downward.filter((problem) => problem.startsWith("import/no-restricted-paths"))).toEqual([]);
  }, 60_000);

  it("refuses an /api route that authenticates or parses by hand", async () => {
    const byHand = await problemsOf(
      "app/routes/api.layer-probe.tsx",
      'import { requireApiShop } from "~/http/api.server";\nexport const probe = requireApiShop;\n',
    );
    expect(byHand.some((problem) => problem.includes("apiRoute"))).toBe(true);
  }, 60_000);
});

describe("the lint's cycle check", () => {
  /** Runs the lint's dependency-cruiser step on the given files; answers its exit status and report. */
  function cruise(files: string[]): { status: number | null; report: string } {
    const result = spawnSync(
      process.execPath,
      ["node_modules/dependency-cruiser/bin/dependency-cruise.mjs", "--config", ".dependency-cruiser.cjs", "--output-type", "err", ...files],
      { encoding: "utf8" },
    );
    return { status: result.status, report: `${result.stdout}${result.stderr}` };
  }

  it("refuses two modules of one folder that import each other's types, and accepts them once the cycle is cut", () => {
    const id = randomBytes(4).toString("hex");
    const first = `app/rules/cycle-probe-a-${id}.ts`;
    const second = `app/rules/cycle-probe-b-${id}.ts`;
    writeFileSync(first, `import type { B } from "./cycle-probe-b-${id}";\nexport interface A { b?: B }\n`);
    writeFileSync(second, `import type { A } from "./cycle-probe-a-${id}";\nexport interface B { a?: A }\n`);
    try {
      const cycle = cruise([first, second]);
      expect(cycle.status).not.toBe(0);
      expect(cycle.report).toContain("no-cycle");
      writeFileSync(second, "export interface B { name: string }\n");
      expect(cruise([first, second]).status).toBe(0);
    } finally {
      rmSync(first, { force: true });
      rmSync(second, { force: true });
    }
  }, 60_000);
});
