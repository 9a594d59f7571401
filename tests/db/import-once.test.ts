// The same account import asked at the same moment of several app instances
// (issue 11, "several instances"): one job runs, and every instance answers it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { IMPORT_CAPS } from "../../app/constants";
import { IMPORT_JOB_TEXT } from "../../app/messages";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();
const folder = mkdtempSync(path.join(tmpdir(), "clipcart-import-once-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const INSTANCES = 4;

function instance(
  shopId: string,
  username: string,
  goFile: string,
  kind = "channel",
): {
  ready: Promise<void>;
  jobId: Promise<string>;
  outcome: Promise<{ jobId?: string; refused?: string }>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/db/enqueue-worker.ts", shopId, username, goFile, kind], {
    env: { ...process.env, AUTO_SYNC: "off" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) => child.stdout.on("data", (chunk) => ((output += chunk), output.includes("ready") && resolve())));
  const outcome = new Promise<{ jobId?: string; refused?: string }>((resolve, reject) =>
    child.once("exit", (code) => {
      const line = output.split("\n").find((text) => text.startsWith("{"));
      if (code === 0 && line) resolve(JSON.parse(line) as { jobId?: string; refused?: string });
      else reject(new Error(`instance exited ${code}: ${output}`));
    }),
  );
  const jobId = outcome.then(({ jobId: id }) => id ?? Promise.reject(new Error("the instance's import was refused")));
  // Tests that read only the outcome must not leave this rejection unhandled.
  jobId.catch(() => undefined);
  return { ready, jobId, outcome };
}

describe("the same import asked of several instances at once", () => {
  it("starts one job, which every instance answers", async () => {
    const shop = await createShop("import-once");
    const goFile = path.join(folder, "go");
    const instances = Array.from({ length: INSTANCES }, () => instance(shop.id, "@same_creator", goFile));
    await Promise.all(instances.map((running) => running.ready));
    writeFileSync(goFile, "go");
    const jobIds = await Promise.all(instances.map((running) => running.jobId));

    expect(new Set(jobIds).size, `job ids: ${jobIds.join(", ")}`).toBe(1);
    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(1);
  }, 90_000);

  it("the same pasted links start one links job (decision 056)", async () => {
    const shop = await createShop("import-once");
    const goFile = path.join(folder, "go-links");
    const links = ["https://www.pinterest.com/pin/1234567/", "https://www.tiktok.com/@same_creator/video/7000000000000000001"].join(",");
    const instances = Array.from({ length: INSTANCES }, () => instance(shop.id, links, goFile, "links"));
    await Promise.all(instances.map((running) => running.ready));
    writeFileSync(goFile, "go");
    const jobIds = await Promise.all(instances.map((running) => running.jobId));

    expect(new Set(jobIds).size, `job ids: ${jobIds.join(", ")}`).toBe(1);
    expect(await prisma.importJob.findMany({ where: { shopId: shop.id }, select: { kind: true, progressTotal: true } })).toEqual([
      { kind: "links", progressTotal: 2 },
    ]);
  }, 90_000);
});

describe("imports of different accounts asked of several instances at once (decision 061)", () => {
  it("a Free shop gets its plan's two jobs; the other instances refuse with the plan's message", async () => {
    const shop = await createShop("import-caps");
    const goFile = path.join(folder, "go-caps");
    const instances = Array.from({ length: INSTANCES }, (_, i) => instance(shop.id, `@creator_${i}`, goFile));
    await Promise.all(instances.map((running) => running.ready));
    writeFileSync(goFile, "go");
    const outcomes = await Promise.all(instances.map((running) => running.outcome));

    expect(outcomes.filter((outcome) => outcome.jobId)).toHaveLength(IMPORT_CAPS.free.imports);
    expect(outcomes.filter((outcome) => outcome.refused === IMPORT_JOB_TEXT.tooManyImports("free"))).toHaveLength(INSTANCES - IMPORT_CAPS.free.imports);
    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(IMPORT_CAPS.free.imports);
  }, 90_000);
});
