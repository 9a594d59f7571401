// The lint holds the folders' one-way order (issue 26 item 1, decision 073):
// an upward import fails `npm run lint`, a type-only one too, and so does an
// /api route that does the boundary's work by hand (decision 072).
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
