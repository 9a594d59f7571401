/**
 * The catalogue runner (decision 053): reads a shop's catalogue in full when
 * asked (first open of the library, reinstall), then stores the suggestions
 * of the shop's videos that are behind the catalogue (new videos, or the
 * catalogue's words changed), then makes the tags auto-approve rules asked for
 * and could not make as they approved (decision 078). Woken when there is work, and swept every 30
 * seconds; a shop is worked on by one instance at a time (a lease on its
 * CatalogueState row), so several app instances share shops without double
 * work. Nothing waits for it: suggestions read the catalogue as it is.
 */
import { onWork } from "~/models/background-work.server";
import { prisma } from "~/db.server";
import { syncCatalogue } from "~/models/catalogue.server";
import { refreshStoredSuggestions, tagTopSuggestionsOfRules } from "~/models/suggestions.server";
import { PROCESS_LEASE_HOLDER, leasesOn } from "~/models/leases.server";
import { serverEnv } from "~/env.server";

const LEASE_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 60_000;
const SWEEP_MS = 30_000;
const SHOPS_PER_ROUND = 200;

/** One instance at a time works on a shop's catalogue. */
const catalogueLeases = leasesOn(prisma.catalogueState, { owner: "leaseOwner", until: "leaseUntil" }, LEASE_MS);

let round: Promise<void> | null = null;
let again = false;

/** Runs a round soon (or once more after the one running). */
export function wakeCatalogueRunner(): void {
  if (serverEnv.CATALOGUE_RUNNER === "off") return;
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

/** One pass over the shops with work: a requested full read, then videos behind the catalogue. */
export async function runCatalogueRound(): Promise<void> {
  const states = await prisma.catalogueState.findMany({
    where: { ...catalogueLeases.free(), shop: { uninstalledAt: null } },
    select: { shopId: true, matchRevision: true, syncRequestedAt: true, syncedAt: true },
    orderBy: { updatedAt: "asc" },
    take: SHOPS_PER_ROUND,
  });
  for (const state of states) {
    // Videos behind the catalogue, or (once it was read) marked by an auto-approve rule to be tagged (decision 078).
    const behind = await prisma.video.findFirst({
      where: { shopId: state.shopId, OR: [{ suggestionsRevision: { lt: state.matchRevision } }, ...(state.syncedAt ? [{ autoTagPending: true }] : [])] },
      select: { id: true },
    });
    if (!state.syncRequestedAt && !behind) continue;
    const lease = { shopId: state.shopId };
    await catalogueLeases
      .holding(lease, () => workOnCatalogue(state.shopId, state.syncRequestedAt !== null, () => catalogueLeases.take(lease, PROCESS_LEASE_HOLDER)), {
        onFailure: (error) => ({
          leaseUntil: new Date(Date.now() + RETRY_AFTER_FAILURE_MS),
          syncError: error instanceof Error ? error.message.slice(0, 500) : "failed",
        }),
      })
      .catch((error: unknown) => console.error(`The catalogue of shop ${state.shopId} could not be read; retrying in a minute`, error));
  }
}

/** A requested full read, then the stored suggestions of the videos behind the catalogue, renewing the lease between batches. */
async function workOnCatalogue(shopId: string, readRequested: boolean, renewLease: () => Promise<number>): Promise<void> {
  if (readRequested) {
    const startedAt = new Date();
    await prisma.catalogueState.update({ where: { shopId }, data: { syncStartedAt: startedAt } });
    await syncCatalogue(shopId);
    // A request made while reading asks for another read.
    await prisma.catalogueState.updateMany({ where: { shopId, syncRequestedAt: { lte: startedAt } }, data: { syncRequestedAt: null } });
    await prisma.catalogueState.update({ where: { shopId }, data: { syncedAt: new Date(), syncError: null } });
  }
  while ((await refreshStoredSuggestions(shopId)) > 0) await renewLease();
  // The rules' tags it could not make as it approved (decision 078); each settled video loses its mark.
  while ((await tagTopSuggestionsOfRules(shopId, { waitMs: Number.POSITIVE_INFINITY })).settled > 0) await renewLease();
}

export function startCatalogueSweep(intervalMs = SWEEP_MS): { stop: () => void } {
  const timer = setInterval(wakeCatalogueRunner, intervalMs);
  timer.unref?.();
  wakeCatalogueRunner();
  return { stop: () => clearInterval(timer) };
}

// The models announce work through background-work (they do not import the jobs).
onWork("catalogue", wakeCatalogueRunner);
