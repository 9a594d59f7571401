/**
 * The media refresher's domain (decision 083): which of the platforms' signed
 * URLs the app still depends on, and reading their posts again before they
 * expire. The runner that calls it every few minutes is
 * app/jobs/media-refresh.server.ts.
 *
 * What the app still needs after an import:
 * - a video's thumbnail until our durable copy exists (storedThumbnailUrl):
 *   the library, the arrange dialog and Analytics show it;
 * - an approved video's file until its copy in Shopify Files is asked for
 *   (no mirror yet, or one still pending). A Draft's file is not kept fresh:
 *   most Drafts are never approved, and TikTok's file is a paid download;
 *   the mirror fetches a fresh one on approval when the stored one is about
 *   to expire (video-mirrors.server.ts).
 * Videos with their copies made cost nothing: they never match. The account
 * pictures are not read again between syncs; an expired one is not shown.
 *
 * Each video is leased (leasesOn, columns mediaRefreshOwner/Until) for the
 * round that reads it, so instances never read one post twice; a post the
 * round could not refresh (the run failed, the post is gone) is let go with
 * its lease running on for MEDIA_REFRESH.retryMinutes, which is its backoff.
 */
import { prisma, type Prisma } from "~/db.server";
import { MEDIA_REFRESH } from "~/constants";
import type { ImportedVideo, PlatformId, PlatformImporter } from "~/contracts/platforms";
import { leasesOn, roundLeaseHolder } from "~/models/leases.server";
import { safeHttpUrl } from "~/rules/embeds";
import { mediaUrlExpiry, refreshWindow } from "~/rules/media-expiry";
import { untrustedText } from "~/rules/text-input";

const LEASE_COLUMNS = { owner: "mediaRefreshOwner", until: "mediaRefreshUntil" };
const MINUTE_MS = 60_000;

export const mediaRefreshLeases = (leaseMs: number) => leasesOn(prisma.video, LEASE_COLUMNS, leaseMs);

/** An approved video whose copy is not made nor being made: its file URL is still needed. */
const FILE_NEEDED: Prisma.VideoWhereInput = { enabled: true, OR: [{ mirror: { is: null } }, { mirror: { is: { status: "pending" } } }] };

/** The videos whose needed URLs expire within the margin at `now` (and not so long ago that the post is likely gone). */
export function mediaRefreshDue(now: Date): Prisma.VideoWhereInput {
  const window = { gte: refreshWindow(now).from, lte: refreshWindow(now).to };
  return {
    shop: { uninstalledAt: null },
    OR: [{ storedThumbnailUrl: null, thumbnailExpiresAt: window }, { AND: [FILE_NEEDED, { downloadExpiresAt: window }] }],
  };
}

export interface MediaRefreshDependencies {
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** How long a round may hold its videos; renewed before each actor run. */
  leaseMs: number;
  /** Bounds each actor run. */
  runTimeoutMs: number;
  /** Only these shops' videos (tests share one database); null: every shop's. */
  shopIds: readonly string[] | null;
  /** Videos a round takes at most. */
  limit?: number;
}

export interface MediaRefreshRound {
  /** Videos the round leased. */
  claimed: number;
  /** Actor runs it started. */
  runs: number;
  /** Videos whose URLs it refreshed. */
  refreshed: number;
  /** Per shop (id -> domain and videos), those with a fresh thumbnail and no durable copy yet: the caller copies them. */
  thumbnailsToCopy: Map<string, { shopDomain: string; videoIds: string[] }>;
}

type Claimed = Prisma.VideoGetPayload<{ select: typeof CLAIMED_SELECT }>;
const CLAIMED_SELECT = {
  id: true,
  shopId: true,
  platform: true,
  platformVideoId: true,
  videoUrl: true,
  enabled: true,
  storedThumbnailUrl: true,
  thumbnailExpiresAt: true,
  downloadExpiresAt: true,
  mirror: { select: { status: true } },
  shop: { select: { shopDomain: true } },
} satisfies Prisma.VideoSelect;

/** Whether the round must ask for the video's file (TikTok's paid download): it is approved, not copied yet, and its file URL due. */
function wantsFile(video: Claimed, now: Date): boolean {
  const { from, to } = refreshWindow(now);
  const due = video.downloadExpiresAt && video.downloadExpiresAt >= from && video.downloadExpiresAt <= to;
  return Boolean(due && video.enabled && (!video.mirror || video.mirror.status === "pending"));
}

/** What a fresh reading of the post changes on the video: the URLs it gave, with their expiries. */
function freshFields(video: Claimed, fresh: ImportedVideo, readAt: Date): Prisma.VideoUpdateManyMutationInput {
  const data: Prisma.VideoUpdateManyMutationInput = {};
  const thumbnailUrl = safeHttpUrl(untrustedText(fresh.thumbnailUrl, 4000));
  if (thumbnailUrl) Object.assign(data, { thumbnailUrl, thumbnailExpiresAt: mediaUrlExpiry(video.platform, "thumbnail", thumbnailUrl, readAt) });
  const downloadUrl = safeHttpUrl(untrustedText(fresh.downloadUrl, 4000));
  if (downloadUrl) Object.assign(data, { downloadUrl, downloadExpiresAt: mediaUrlExpiry(video.platform, "video", downloadUrl, readAt) });
  return data;
}

/**
 * One round: leases the due videos no other instance holds (up to `limit`),
 * reads their posts again, one actor run per platform (and per
 * MEDIA_REFRESH.postsPerRun posts; with files only where needed), stores the
 * fresh URLs and lets go. Never throws for what a platform answers.
 */
export async function refreshDueMedia(deps: MediaRefreshDependencies): Promise<MediaRefreshRound> {
  const now = new Date();
  const leases = mediaRefreshLeases(deps.leaseMs);
  const scope: Prisma.VideoWhereInput = deps.shopIds ? { shopId: { in: [...deps.shopIds] } } : {};
  const round: MediaRefreshRound = { claimed: 0, runs: 0, refreshed: 0, thumbnailsToCopy: new Map() };
  const candidates = await prisma.video.findMany({
    where: { AND: [mediaRefreshDue(now), leases.free(now) as Prisma.VideoWhereInput, scope] },
    select: { id: true },
    take: deps.limit ?? MEDIA_REFRESH.postsPerRun * 4,
  });
  if (!candidates.length) return round;
  const holder = roundLeaseHolder();
  // Conditional on still being free and due: a video another instance took (or refreshed) in between stays its.
  await leases.take({ AND: [{ id: { in: candidates.map((row) => row.id) } }, mediaRefreshDue(now)] }, holder, now);
  const claimed = await prisma.video.findMany({ where: { mediaRefreshOwner: holder }, select: CLAIMED_SELECT });
  round.claimed = claimed.length;

  const retryLater = { mediaRefreshUntil: new Date(now.getTime() + MEDIA_REFRESH.retryMinutes * MINUTE_MS) };
  const groups = new Map<string, { platform: PlatformId; withVideoFiles: boolean; videos: Claimed[] }>();
  for (const video of claimed) {
    const withVideoFiles = wantsFile(video, now);
    const key = `${video.platform}:${withVideoFiles}`;
    const group = groups.get(key) ?? { platform: video.platform as PlatformId, withVideoFiles, videos: [] };
    group.videos.push(video);
    groups.set(key, group);
  }

  for (const { platform, withVideoFiles, videos } of groups.values()) {
    let importer: PlatformImporter | null = null;
    try {
      importer = deps.importerFor(platform);
    } catch {
      importer = null;
    }
    for (let start = 0; start < videos.length; start += MEDIA_REFRESH.postsPerRun) {
      let chunk = videos.slice(start, start + MEDIA_REFRESH.postsPerRun);
      const lookupPosts = importer?.lookupPosts?.bind(importer);
      if (!lookupPosts) {
        for (const video of chunk) await leases.release({ id: video.id }, holder, retryLater);
        continue;
      }
      // Renewed for this run; a video whose lease ran out meanwhile is another instance's now.
      await leases.renew({ id: { in: chunk.map((video) => video.id) } }, holder);
      const stillHeld = new Set(
        (await prisma.video.findMany({ where: { id: { in: chunk.map((video) => video.id) }, mediaRefreshOwner: holder }, select: { id: true } })).map(
          (row) => row.id,
        ),
      );
      chunk = chunk.filter((video) => stillHeld.has(video.id));
      for (const video of chunk.filter((video) => !video.videoUrl)) await leases.release({ id: video.id }, holder, retryLater);
      chunk = chunk.filter((video) => video.videoUrl);
      if (!chunk.length) continue;
      let found: Map<string, ImportedVideo>;
      try {
        round.runs += 1;
        found = await lookupPosts(
          chunk.map((video) => ({ platformVideoId: video.platformVideoId, videoUrl: video.videoUrl! })),
          { withVideoFiles, signal: AbortSignal.timeout(deps.runTimeoutMs) },
        );
      } catch (error) {
        // A run that did not succeed says nothing of the posts: all of them are tried again later.
        console.warn(`Refreshing ${chunk.length} ${platform} posts' media failed; trying again in ${MEDIA_REFRESH.retryMinutes} minutes`, error);
        for (const video of chunk) await leases.release({ id: video.id }, holder, retryLater);
        continue;
      }
      const readAt = new Date();
      for (const video of chunk) {
        const fresh = found.get(video.platformVideoId);
        const data = fresh ? freshFields(video, fresh, readAt) : {};
        if (!Object.keys(data).length) {
          // Gone, private, or nothing given: the library shows the platform's tile once the URL expires; looked at again later.
          await leases.release({ id: video.id }, holder, retryLater);
          continue;
        }
        // URLs that come back already due (a platform handing out short-lived ones) are not read again before the retry time.
        const { to } = refreshWindow(readAt);
        const stillDue = [data.thumbnailExpiresAt, data.downloadExpiresAt].some((expiry) => expiry instanceof Date && expiry <= to);
        const written = await leases.release({ id: video.id }, holder, { ...data, ...(stillDue ? retryLater : {}) } as Record<string, unknown>);
        if (!written) continue;
        round.refreshed += 1;
        if (!video.storedThumbnailUrl && "thumbnailUrl" in data) {
          const shop = round.thumbnailsToCopy.get(video.shopId) ?? { shopDomain: video.shop.shopDomain, videoIds: [] };
          shop.videoIds.push(video.id);
          round.thumbnailsToCopy.set(video.shopId, shop);
        }
      }
    }
  }
  return round;
}
