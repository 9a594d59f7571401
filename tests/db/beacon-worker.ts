// One app instance for the shopper-counting test: run with
// `node --import tsx tests/db/beacon-worker.ts <shopDomain> <session> <videoId> <widgetId> <rounds>`
// on the DATABASE_URL it inherits. Each round, the same shopper session's page
// view reaches this instance (a load balancer spreads a browser's beacons over
// instances) and is written at once, as this instance's writer would.
import { prisma } from "../../app/db.server";
import { flushStorefrontEvents, queueStorefrontEvents } from "../../app/models/storefront-events-queue.server";

const [shopDomain = "", session = "", videoId = "", widgetId = "", rounds = "10"] = process.argv.slice(2);

for (let round = 0; round < Number(rounds); round++) {
  queueStorefrontEvents(shopDomain, session, [
    { type: "widget_impression", widgetId },
    { type: "impression", videoId, widgetId },
    { type: "play", videoId, widgetId },
    { type: "view", videoId, widgetId },
    { type: "completion", videoId, widgetId },
    { type: "video_click", videoId, widgetId },
    { type: "watch_time", videoId, widgetId, ms: 3_000 },
  ]);
  await flushStorefrontEvents();
}
await prisma.$disconnect();
console.log(JSON.stringify({ done: true }));
