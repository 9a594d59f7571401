/**
 * The catalogue runner (decision 053): reads a shop's catalogue in full when
 * asked (first open of the library, reinstall), then stores the suggestions
 * of the shop's videos that are behind the catalogue (new videos, or the
 * catalogue's words changed). Woken when there is work, and swept every 30
 * seconds; a shop is worked on by one instance at a time (a lease on its
 * CatalogueState row), so several app instances share shops without double
 * work. Nothing waits for it: suggestions read the catalogue as it is.
 */
import { randomUUID } from "node:crypto";
import { prisma } from "~/db.server";
import { syncCatalogue } from "~/models/catalogue.server";
import { refreshStoredSuggestions } from "~/models/suggestions.server";

const INSTANCE_ID = randomUUID();
const LEASE_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 60_000;
const SWEEP_MS = 30_000;
const SHOPS_PER_ROUND = 200;

let round: Promise<void> | null = null;
let again = false;

/** Runs a round soon (or once more after the one running). */
export function wakeCatalogueRunner(): void {
  if (process.env.CATALOGUE_RUNNER === "off") return;
  if (round) {
    again = true;
    return;
  }
  round = runRounds().finally(() => {
    round = null;
  });
}

/** Resolves when the round in progress (if any) is over: tests. */
export async function catalogueRunnerIdle(): Promise<void> {
  while (round) await round;
}

async function runRounds(): Promise<void> {
  do {
    again = false;
    try {
      await runCatalogueRound();
    } catch (error) {
      console.error("The catalogue runner failed", error);
    }
  } while (again);
}

async function claim(shopId: string, now: Date): Promise<boolean> {
  const { count } = await prisma.catalogueState.updateMany({
    where: { shopId, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: INSTANCE_ID }] },
    data: { leaseOwner: INSTANCE_ID, leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count === 1;
}

/** One pass over the shops with work: a requested full read, then videos behind the catalogue. */
export async function runCatalogueRound(): Promise<void> {
  const now = new Date();
  const states = await prisma.catalogueState.findMany({
    where: { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }], shop: { uninstalledAt: null } },
    select: { shopId: true, matchRevision: true, syncRequestedAt: true },
    orderBy: { updatedAt: "asc" },
    take: SHOPS_PER_ROUND,
  });
  for (const state of states) {
    const behind = await prisma.video.findFirst({ where: { shopId: state.shopId, suggestionsRevision: { lt: state.matchRevision } }, select: { id: true } });
    if (!state.syncRequestedAt && !behind) continue;
    const claimedAt = new Date();
    if (!(await claim(state.shopId, claimedAt))) continue;
    try {
      if (state.syncRequestedAt) {
        await prisma.catalogueState.update({ where: { shopId: state.shopId }, data: { syncStartedAt: claimedAt } });
        await syncCatalogue(state.shopId);
        // A request made while reading asks for another read.
        await prisma.catalogueState.updateMany({
          where: { shopId: state.shopId, syncRequestedAt: { lte: claimedAt } },
          data: { syncRequestedAt: null },
        });
        await prisma.catalogueState.update({ where: { shopId: state.shopId }, data: { syncedAt: new Date(), syncError: null } });
      }
      while ((await refreshStoredSuggestions(state.shopId)) > 0) await claim(state.shopId, new Date());
      await prisma.catalogueState.updateMany({ where: { shopId: state.shopId, leaseOwner: INSTANCE_ID }, data: { leaseOwner: null, leaseUntil: null } });
    } catch (error) {
      console.error(`The catalogue of shop ${state.shopId} could not be read; retrying in a minute`, error);
      const message = error instanceof Error ? error.message.slice(0, 500) : "failed";
      await prisma.catalogueState
        .updateMany({
          where: { shopId: state.shopId, leaseOwner: INSTANCE_ID },
          data: { leaseOwner: null, leaseUntil: new Date(Date.now() + RETRY_AFTER_FAILURE_MS), syncError: message },
        })
        .catch(() => undefined);
    }
  }
}

export function startCatalogueSweep(intervalMs = SWEEP_MS): { stop: () => void } {
  const timer = setInterval(wakeCatalogueRunner, intervalMs);
  timer.unref?.();
  wakeCatalogueRunner();
  return { stop: () => clearInterval(timer) };
}
