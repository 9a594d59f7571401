// One app instance for the "same import at once" test: run with
// `node --import tsx tests/db/enqueue-worker.ts <shopId> <username> <go file> [links]`
// on the DATABASE_URL it inherits. Prints "ready", waits for the go file (so
// every instance asks at the same moment), asks for the account import as the
// API does (with "links": for the import of the links, comma-separated, in place of the username), prints the job's id and exits; its stand-in importer never answers
// (the job stays active while the others ask). An import over the plan's cap (decision 061) prints {"refused": message} instead.
import { existsSync } from "node:fs";
import { prisma } from "../../app/db.server";
import { enqueueImport, enqueueLinksImport } from "../../app/models/import-jobs.server";
import { configureImportRunner } from "../../app/jobs/import-runner.server";
import { PLATFORMS } from "../../app/platforms/config";
import type { PlatformImporter } from "../../app/contracts/platforms";
import { ImportLimitError } from "../../app/rules/domain-errors";

const [shopId = "", username = "", goFile = "", kind = "channel"] = process.argv.slice(2);
configureImportRunner({
  readinessOf: () => null,
  importerFor: (platform): PlatformImporter => ({
    config: PLATFORMS[platform],
    importChannel: () => new Promise(() => undefined),
    importVideo: () => new Promise(() => undefined),
  }),
});
// Connected before the go: the race is between the enqueues, not the clients' start (the first query opens the database).
await prisma.shop.count({ where: { id: shopId } });
console.log("ready");
while (!existsSync(goFile)) await new Promise((resolve) => setTimeout(resolve, 5));
try {
  const job =
    kind === "links"
      ? await enqueueLinksImport({ shopId, platform: "tiktok", links: username.split(",") })
      : await enqueueImport({ shopId, kind: "channel", platform: "tiktok", input: username });
  console.log(JSON.stringify({ jobId: job.id }));
} catch (error) {
  if (!(error instanceof ImportLimitError)) throw error;
  console.log(JSON.stringify({ refused: error.message }));
}
process.exit(0);
