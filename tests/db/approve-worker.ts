// A second (and third) process approving videos, for the Free plan race test:
// run with `node --import tsx tests/db/approve-worker.ts <shopId> <videoId>...`
// on the DATABASE_URL it inherits. Starts every approval at once and prints
// one JSON line: how many succeeded and the messages of the refused ones.
import { setVideoEnabled } from "../../app/models/videos.server";
import { prisma } from "../../app/db.server";
import { must } from "../support/must";

const [shopArgument, ...videoIds] = process.argv.slice(2);
const shopId = must(shopArgument, "a shop id as the first argument");
const results = await Promise.allSettled(videoIds.map((id) => setVideoEnabled(shopId, id, { enabled: true })));
const refused = results.flatMap((result) => (result.status === "rejected" ? [String((result.reason as Error).message)] : []));
console.log(JSON.stringify({ approved: results.length - refused.length, refused }));
await prisma.$disconnect();
