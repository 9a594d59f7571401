// One auto-sync worker for the exactly-once test: run with
// `node --import tsx tests/db/sync-worker.ts <seconds>` on the DATABASE_URL it
// inherits (PostgreSQL). It is `npm run worker` with a stand-in importer: each
// account answers at once with no new videos, and "fail_" accounts fail.
// Ticks every 200 ms and works the pg-boss queue for at least <seconds>, then
// until a tick of its own claims nothing and the queue is empty, or 45 seconds.
import { configureImportRunner } from "../../app/jobs/import-runner.server";
import { startAutoSync } from "../../app/jobs/auto-sync.server";
import { ImportError, type PlatformImporter } from "../../app/contracts/platforms";
import { PLATFORMS } from "../../app/platforms/config";
import { prisma } from "../../app/db.server";

const seconds = Number(process.argv[2] ?? 5);
configureImportRunner({
  readinessOf: () => null,
  importerFor: (platform): PlatformImporter => ({
    config: PLATFORMS[platform],
    async importChannel(username) {
      if (username.startsWith("fail_")) throw new ImportError("failed", `@${username} could not be reached`);
      return { channel: { username, displayName: null, avatarUrl: null, followerCount: null }, videos: [] };
    },
    async importVideo() {
      throw new Error("not used");
    },
  }),
});
const started = Date.now();
const runner = await startAutoSync({ tickMs: 200 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await sleep(seconds * 1000);
// Done only once its own tick finds nothing left to claim and the queue is empty: on a busy machine the first
// ticks may still be sending what they claimed when <seconds> are up, and a stopped worker would leave those unrun.
while (Date.now() - started < 45_000) {
  const claimed = await runner.tick();
  if (claimed === 0 && (await runner.pending()) === 0) break;
  await sleep(250);
}
await runner.stop();
await prisma.$disconnect();
console.log(JSON.stringify({ done: true }));
