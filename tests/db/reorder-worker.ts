// Another process reordering one widget, for the order-inside-a-widget race
// test: `node --import tsx tests/db/reorder-worker.ts <shopId> <widgetId> <videoId>:<toIndex>...`
// on the DATABASE_URL it inherits. Starts every move at once and prints one
// JSON line: how many were done and the messages of the failed ones.
import { moveWidgetVideo } from "../../app/models/widget-videos.server";
import { prisma } from "../../app/db.server";
import { must } from "../support/must";

const [shopArgument, widgetArgument, ...moves] = process.argv.slice(2);
const shopId = must(shopArgument, "a shop id as the first argument");
const widgetId = must(widgetArgument, "a widget id as the second argument");
const results = await Promise.allSettled(
  moves.map((move) => {
    const [videoId, toIndex] = move.split(":");
    return moveWidgetVideo(shopId, widgetId, must(videoId, "a video id"), Number(toIndex));
  }),
);
const failed = results.flatMap((result) => (result.status === "rejected" ? [String((result.reason as Error).message)] : []));
console.log(JSON.stringify({ done: results.length - failed.length, failed }));
await prisma.$disconnect();
