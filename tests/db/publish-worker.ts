// One app instance for the publish-order test: run with
// `node --import tsx tests/db/publish-worker.ts <shopId> <widgetId> <log file> <rounds> [unordered]`
// on the DATABASE_URL it inherits. Each round renames the shop's widget (a
// merchant's change on this instance) and asks for a publish, as the models
// do. "Shopify" is a log file: a publish reads the widget's name, takes a
// random while to answer (as Shopify does) and appends what it wrote.
// With "unordered", each change is written straight to "Shopify", as every
// instance did before publishes took turns (to show the test can fail).
import { appendFileSync } from "node:fs";
import { prisma } from "../../app/db.server";
import { configureStorefrontPublishing, publishStorefrontInTurn } from "../../app/models/storefront-publishing.server";

const [shopId = "", widgetId = "", logFile = "", rounds = "10", mode = ""] = process.argv.slice(2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writeToShopify(_shopId: string, version: number) {
  const widget = await prisma.widget.findUniqueOrThrow({ where: { id: widgetId }, select: { name: true } });
  await sleep(Math.random() * 40);
  appendFileSync(logFile, `${JSON.stringify({ version, name: widget.name, pid: process.pid })}\n`);
}

configureStorefrontPublishing({ publish: writeToShopify, timeoutMs: 10_000 });
for (let round = 0; round < Number(rounds); round++) {
  await prisma.widget.update({ where: { id: widgetId }, data: { name: `${process.pid}-${round}` } });
  if (mode === "unordered") await writeToShopify(shopId, 0);
  else await publishStorefrontInTurn(shopId);
  await sleep(Math.random() * 20);
}
await prisma.$disconnect();
console.log(JSON.stringify({ done: true }));
