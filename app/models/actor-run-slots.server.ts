/**
 * Apify actor runs a shop's imports have going at once (decision 061): each
 * run of an import job takes one of the shop's slots first (IMPORT_CAPS by
 * plan) and gives it back when it ends; a run beyond them waits for one.
 * The runs are on our Apify token, so one shop's pasted lists must not start
 * dozens of them at once.
 *
 * The slots are rows (ActorRunSlot), taken in a transaction that holds the
 * shop's row, so app instances running the same shop's jobs share the count.
 * A slot counts only while its job is running: a job whose process died is
 * failed by the watchdog (decision 023), and its slot then frees itself.
 */
import { prisma } from "~/db.server";
import { IMPORT_CAPS } from "~/constants";

/** How often a run waiting for a slot looks again. */
const SLOT_POLL_MS = 1000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener("abort", stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** One of the shop's slots for a run of `jobId`, or null when they are all taken. */
async function tryTakeSlot(shopId: string, jobId: string): Promise<string | null> {
  return prisma.$transaction(async (tx) => {
    // Holds the shop's row (PostgreSQL) or the write lock (SQLite): takers on every instance count one after another.
    await tx.$executeRaw`UPDATE "Shop" SET "plan" = "plan" WHERE "id" = ${shopId}`;
    const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true } });
    const cap = IMPORT_CAPS[shop.plan === "premium" ? "premium" : "free"].actorRuns;
    await tx.actorRunSlot.deleteMany({ where: { shopId, job: { status: { not: "running" } } } });
    if ((await tx.actorRunSlot.count({ where: { shopId } })) >= cap) return null;
    const slot = await tx.actorRunSlot.create({ data: { shopId, jobId }, select: { id: true } });
    return slot.id;
  });
}

/**
 * Runs `run` (one actor run of the job) once the shop has a slot free, and
 * frees it after; waits as long as it takes, until `signal` aborts (the job's
 * time limit, a cancel).
 */
export async function withActorRunSlot<T>(shopId: string, jobId: string, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  let slotId: string | null = null;
  for (;;) {
    signal.throwIfAborted();
    slotId = await tryTakeSlot(shopId, jobId);
    if (slotId) break;
    await pause(SLOT_POLL_MS, signal);
  }
  try {
    return await run();
  } finally {
    await prisma.actorRunSlot.deleteMany({ where: { id: slotId } }).catch((error: unknown) => console.warn("Could not free an actor run slot", error));
  }
}

/** Actor runs the shop's imports have going now (tests, logs). */
export function actorRunsGoing(shopId: string): Promise<number> {
  return prisma.actorRunSlot.count({ where: { shopId, job: { status: "running" } } });
}
