/**
 * The media refresher (decision 083): every MEDIA_REFRESH.everyMinutes it
 * reads again the posts whose signed URLs the app still needs and that expire
 * within the margin (app/models/media-refresh.server.ts), then asks Shopify
 * again for the durable copies of the thumbnails it refreshed.
 *
 * - Started by startBackgroundJobs (app/jobs/index.server.ts), in the app
 *   server and `npm run worker`; MEDIA_REFRESH=off keeps a process's sweep
 *   from starting.
 * - One round at a time per process; the videos a round reads are leased, so
 *   instances share the work without reading a post twice.
 * - Its actor runs go one after another, at most MEDIA_REFRESH.postsPerRun
 *   posts each and a few per round: they are not an import's, so they take no
 *   import slot (decision 061), and they are bounded by the videos still
 *   waiting for their copies, not by the size of any library.
 */
import { MEDIA_REFRESH } from "~/constants";
import type { PlatformId, PlatformImporter } from "~/contracts/platforms";
import { serverEnv } from "~/env.server";
import { refreshDueMedia, type MediaRefreshRound } from "~/models/media-refresh.server";
import { keepThumbnailCopies, type ThumbnailCopyOptions } from "~/models/thumbnail-copies.server";
import { getImporter } from "~/platforms/index.server";

export interface MediaRefreshOptions {
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** How the refreshed thumbnails are copied again (tests: no polling). */
  thumbnailCopies: Partial<ThumbnailCopyOptions>;
  /** Bounds one actor run. */
  runTimeoutMs: number;
  /** Rounds one sweep may take back to back while every one comes back full. */
  roundsPerSweep: number;
  /** Only these shops' videos (tests share one database); null: every shop's. */
  shopIds: readonly string[] | null;
}

const DEFAULT_OPTIONS: MediaRefreshOptions = {
  importerFor: getImporter,
  thumbnailCopies: {},
  runTimeoutMs: 3 * 60_000,
  roundsPerSweep: 5,
  shopIds: null,
};

let options: MediaRefreshOptions = { ...DEFAULT_OPTIONS };

export function configureMediaRefresh(overrides: Partial<MediaRefreshOptions>): void {
  options = { ...options, ...overrides };
}

export function resetMediaRefresh(): void {
  options = { ...DEFAULT_OPTIONS };
}

/** Videos a round takes at most. */
const ROUND_LIMIT = MEDIA_REFRESH.postsPerRun * 4;

/** One round: the due videos this process could lease, refreshed, and their thumbnails copied again. */
export async function runMediaRefreshRound(): Promise<MediaRefreshRound> {
  const round = await refreshDueMedia({
    importerFor: options.importerFor,
    // Long enough for every run of the round one after another, each renewing it.
    leaseMs: 2 * options.runTimeoutMs,
    runTimeoutMs: options.runTimeoutMs,
    shopIds: options.shopIds,
    limit: ROUND_LIMIT,
  });
  for (const [shopId, { shopDomain, videoIds }] of round.thumbnailsToCopy) {
    // A copy that cannot be made now is tried again after the next refresh; the library shows the fresh URL meanwhile.
    await keepThumbnailCopies(shopId, shopDomain, videoIds, options.thumbnailCopies).catch((error: unknown) =>
      console.warn(`Copying ${videoIds.length} refreshed thumbnails of ${shopDomain} failed`, error),
    );
  }
  return round;
}

let sweeping: Promise<void> = Promise.resolve();

/** Rounds until nothing full is left (at most roundsPerSweep); never two at once in this process. */
export function sweepMediaRefresh(): Promise<void> {
  sweeping = sweeping.then(async () => {
    for (let i = 0; i < options.roundsPerSweep; i++) {
      const round = await runMediaRefreshRound().catch((error: unknown) => {
        console.error("A media refresh round could not run", error);
        return null;
      });
      if (!round || round.claimed < ROUND_LIMIT) return;
    }
  });
  return sweeping;
}

/** Starts the sweep every MEDIA_REFRESH.everyMinutes (none under MEDIA_REFRESH=off); stop waits for a round under way. */
export function startMediaRefreshSweep(intervalMs = MEDIA_REFRESH.everyMinutes * 60_000): { stop: () => Promise<void> } {
  if (serverEnv.MEDIA_REFRESH === "off") return { stop: async () => undefined };
  const timer = setInterval(() => void sweepMediaRefresh(), intervalMs);
  timer.unref?.();
  void sweepMediaRefresh();
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
    },
  };
}
