// The same account import asked at the same moment of several app instances
// (issue 11, "several instances"): one job runs, and every instance answers it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();
const folder = mkdtempSync(path.join(tmpdir(), "clipcart-import-once-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const INSTANCES = 4;

function instance(shopId: string, username: string, goFile: string, kind = "channel") {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/db/enqueue-worker.ts", shopId, username, goFile, kind], {
    env: { ...process.env, AUTO_SYNC: "off" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) => child.stdout.on("data", (chunk) => ((output += chunk), output.includes("ready") && resolve())));
  const jobId = new Promise<string>((resolve, reject) =>
    child.once("exit", (code) => {
      const match = /"jobId":"([^"]+)"/.exec(output);
      if (code === 0 && match?.[1]) resolve(match[1]);
      else reject(new Error(`instance exited ${code}: ${output}`));
    }),
  );
  return { ready, jobId };
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
