/**
 * Media health (issue 13, decision 036): once a day (with auto-sync for
 * Premium; when the library opens, at most daily, for Free) every approved
 * video is checked: is its post still public on the platform, is our copy
 * still in Shopify Files (and did it get made), is its poster still there.
 * What is wrong becomes a MediaIssue the library's banner lists, with one
 * action each: keep showing our copy, unpublish, or retry. Nothing is
 * unpublished silently: the check only reports.
 */
import { prisma, type Prisma } from "~/db.server";
import type { MediaIssueDto, MediaIssueKind, MirrorFailure } from "~/rules/api-types";
import type { PlatformId, PlatformImporter } from "~/contracts/platforms";
import { MEDIA_CHECK_EVERY_HOURS } from "~/constants";
import { MEDIA_HEALTH_TEXT } from "~/messages";
import { DomainValidationError, RecordNotFoundError } from "~/rules/domain-errors";
import { mediaIssueActions, type MediaIssueAction } from "~/rules/media-issues";
import { fetchFileStates, fetchVideoFileStates, type AdminCostBudget, type AdminGraphql } from "~/shopify/admin-gateway.server";
import { HOUR_MS } from "~/rules/time";

const MEDIA_CHECK_INTERVAL_MS = MEDIA_CHECK_EVERY_HOURS * HOUR_MS;
/** Posts per platform run, files per Shopify read. */
const CHECK_BATCH = 50;

const dayAgo = () => new Date(Date.now() - MEDIA_CHECK_INTERVAL_MS);

/**
 * Asks for a check of the shop when its last one is a day old (the Free
 * plan's check, when the library opens). Answers whether one was asked for.
 */
export async function requestMediaCheckIfDue(shopId: string): Promise<boolean> {
  // Read first: nearly every load of the library (a page, a search) finds nothing due, and a read takes no write lock.
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { mediaCheckDueAt: true, mediaCheckedAt: true } });
  if (!shop || shop.mediaCheckDueAt || (shop.mediaCheckedAt && shop.mediaCheckedAt >= dayAgo())) return false;
  // Another instance may have asked meanwhile: the write asks only if nobody did.
  const { count } = await prisma.shop.updateMany({
    where: { id: shopId, mediaCheckDueAt: null, OR: [{ mediaCheckedAt: null }, { mediaCheckedAt: { lt: dayAgo() } }] },
    data: { mediaCheckDueAt: new Date() },
  });
  return count === 1;
}

/** Premium shops whose last check is a day old are due (the daily check that comes with auto-sync). */
export async function scheduleDailyPremiumChecks(): Promise<number> {
  const { count } = await prisma.shop.updateMany({
    where: { plan: "premium", uninstalledAt: null, mediaCheckDueAt: null, OR: [{ mediaCheckedAt: null }, { mediaCheckedAt: { lt: dayAgo() } }] },
    data: { mediaCheckDueAt: new Date() },
  });
  return count;
}

/** Takes one due check for this instance (a shop's check runs once, whichever instance takes it); null when none is due. */
export async function claimDueMediaCheck(leaseMs: number, shopIds: readonly string[] | null = null): Promise<{ shopId: string; shopDomain: string } | null> {
  const now = new Date();
  const due = await prisma.shop.findMany({
    where: { uninstalledAt: null, mediaCheckDueAt: { lte: now }, ...(shopIds ? { id: { in: [...shopIds] } } : {}) },
    select: { id: true, shopDomain: true },
    orderBy: { mediaCheckDueAt: "asc" },
    take: 5,
  });
  for (const shop of due) {
    // The due time moves ahead by the lease: taken by one instance, and retried if that one stops.
    const { count } = await prisma.shop.updateMany({
      where: { id: shop.id, mediaCheckDueAt: { lte: now } },
      data: { mediaCheckDueAt: new Date(now.getTime() + leaseMs) },
    });
    if (count) return { shopId: shop.id, shopDomain: shop.shopDomain };
  }
  return null;
}

export interface MediaCheckDependencies {
  graphql: AdminGraphql;
  importerFor: (platform: PlatformId) => PlatformImporter;
  budget?: AdminCostBudget;
  signal?: AbortSignal;
}

interface Finding {
  videoId: string;
  kind: MediaIssueKind;
  detail: string | null;
}

/**
 * Checks the shop's approved videos and records what is wrong: new findings
 * become issues, issues that no longer hold go, and an issue the merchant
 * chose to keep stays kept. Answers the issues found and the copies found
 * deleted (the storefront data changes for those).
 */
export async function runMediaCheck(shopId: string, deps: MediaCheckDependencies): Promise<{ issues: number; copiesLost: number }> {
  const videos = await prisma.video.findMany({
    where: { shopId, enabled: true },
    select: {
      id: true,
      platform: true,
      platformVideoId: true,
      videoUrl: true,
      thumbnailFileId: true,
      mirror: { select: { status: true, fileId: true, failure: true } },
    },
  });
  const findings: Finding[] = [];
  const copiesLost: string[] = [];

  // The copies: failed ones, and ready ones whose file is gone from Shopify Files.
  for (const video of videos) {
    if (video.mirror?.status === "failed") findings.push({ videoId: video.id, kind: "copy_failed", detail: video.mirror.failure });
  }
  const readyFiles = videos.flatMap((video) =>
    video.mirror?.status === "ready" && video.mirror.fileId ? [{ videoId: video.id, fileId: video.mirror.fileId }] : [],
  );
  for (let start = 0; start < readyFiles.length; start += CHECK_BATCH) {
    const chunk = readyFiles.slice(start, start + CHECK_BATCH);
    const found = new Set(
      (
        await fetchVideoFileStates(
          deps.graphql,
          chunk.map((file) => file.fileId),
          deps.budget,
        )
      ).map((state) => state.id),
    );
    for (const file of chunk) {
      if (found.has(file.fileId)) continue;
      // Deleted in Shopify's admin: the storefront goes back to the platform's player at once (no video is unpublished).
      // Only the copy that was read: one made again meanwhile (a retry) is another file.
      const { count } = await prisma.videoMirror.updateMany({
        where: { shopId, videoId: file.videoId, status: "ready", fileId: file.fileId },
        data: { status: "failed", failure: "file_deleted" },
      });
      if (!count) continue;
      copiesLost.push(file.videoId);
      findings.push({ videoId: file.videoId, kind: "copy_failed", detail: "file_deleted" });
    }
  }

  // The posters we keep in Shopify Files.
  const posters = videos.flatMap((video) => (video.thumbnailFileId ? [{ videoId: video.id, fileId: video.thumbnailFileId }] : []));
  for (let start = 0; start < posters.length; start += CHECK_BATCH) {
    const chunk = posters.slice(start, start + CHECK_BATCH);
    const found = new Set(
      (
        await fetchFileStates(
          deps.graphql,
          chunk.map((poster) => poster.fileId),
          deps.budget,
        )
      ).map((state) => state.id),
    );
    for (const poster of chunk) if (!found.has(poster.fileId)) findings.push({ videoId: poster.videoId, kind: "thumbnail_gone", detail: null });
  }

  // The posts on their platforms, one run per platform and CHECK_BATCH posts. A run that fails (or the check's
  // time running out) leaves its posts unchecked: what was found of them before stands, and the next check tries again.
  const byPlatform = new Map<string, typeof videos>();
  for (const video of videos)
    if (video.videoUrl && video.platform !== "upload") byPlatform.set(video.platform, [...(byPlatform.get(video.platform) ?? []), video]);
  const unchecked = new Set<string>();
  for (const [platform, group] of byPlatform) {
    const importer = deps.importerFor(platform as PlatformId);
    if (!importer.findPosts) continue;
    const posts = inTodaysOrder(group);
    for (let start = 0; start < posts.length; start += CHECK_BATCH) {
      const chunk = posts.slice(start, start + CHECK_BATCH);
      let public_: Set<string>;
      try {
        deps.signal?.throwIfAborted();
        public_ = await importer.findPosts(
          chunk.map((video) => ({ platformVideoId: video.platformVideoId, videoUrl: video.videoUrl! })),
          { signal: deps.signal },
        );
      } catch (error) {
        console.warn(`The media check could not look up ${chunk.length} ${platform} posts of shop ${shopId}; they are checked next time`, error);
        for (const video of chunk) unchecked.add(video.id);
        continue;
      }
      for (const video of chunk) if (!public_.has(video.platformVideoId)) findings.push({ videoId: video.id, kind: "source_removed", detail: null });
    }
  }

  await recordFindings(shopId, findings, unchecked);
  await prisma.shop.updateMany({ where: { id: shopId }, data: { mediaCheckedAt: new Date(), mediaCheckDueAt: null } });
  return { issues: findings.length, copiesLost: copiesLost.length };
}

/**
 * A platform's posts in the order today's check looks them up: a different
 * batch goes first each day, so a shop with more posts than one check can look
 * up in its time still has every post checked within a few days.
 */
function inTodaysOrder<T extends { id: string }>(posts: readonly T[]): T[] {
  const sorted = [...posts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const batches = Math.ceil(sorted.length / CHECK_BATCH);
  if (batches < 2) return sorted;
  const first = (Math.floor(Date.now() / MEDIA_CHECK_INTERVAL_MS) % batches) * CHECK_BATCH;
  return [...sorted.slice(first), ...sorted.slice(0, first)];
}

/** Records a check's findings; `uncheckedPosts` are videos whose post could not be looked up (their earlier finding stands). */
async function recordFindings(shopId: string, findings: readonly Finding[], uncheckedPosts: ReadonlySet<string>): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const existing = await tx.mediaIssue.findMany({ where: { shopId }, select: { videoId: true, kind: true } });
    const key = (issue: { videoId: string; kind: string }) => `${issue.videoId}:${issue.kind}`;
    const found = new Set(findings.map(key));
    // Issues that no longer hold go (a kept one too: the merchant's choice was about a problem that is over).
    const stillUnknown = (issue: { videoId: string; kind: string }) => issue.kind === "source_removed" && uncheckedPosts.has(issue.videoId);
    const gone = existing.filter((issue) => !found.has(key(issue)) && !stillUnknown(issue));
    for (const issue of gone) await tx.mediaIssue.deleteMany({ where: { shopId, videoId: issue.videoId, kind: issue.kind } });
    const known = new Set(existing.map(key));
    for (const finding of findings) {
      if (known.has(key(finding))) continue;
      await tx.mediaIssue.create({ data: { shopId, videoId: finding.videoId, kind: finding.kind, detail: finding.detail } });
    }
  });
}

// ---------------------------------------------------------------- the banner

/** The shop's open issues (not kept), newest first, with what the banner shows of each video. */
export async function listMediaIssues(shopId: string): Promise<MediaIssueDto[]> {
  const issues = await prisma.mediaIssue.findMany({
    where: { shopId, keptAt: null, video: { enabled: true } },
    orderBy: [{ foundAt: "desc" }, { videoId: "asc" }],
    take: 50,
    select: {
      videoId: true,
      kind: true,
      detail: true,
      video: { select: { title: true, platform: true, platformVideoId: true, mirror: { select: { status: true } } } },
    },
  });
  return issues.map((issue) => ({
    video_id: issue.videoId,
    kind: issue.kind as MediaIssueKind,
    title: issue.video.title,
    platform: issue.video.platform as MediaIssueDto["platform"],
    platform_video_id: issue.video.platformVideoId,
    copy_ready: issue.video.mirror?.status === "ready",
    failure: issue.kind === "copy_failed" ? ((issue.detail as MirrorFailure | null) ?? "processing_failed") : null,
  }));
}

/**
 * The merchant's choice for one video's issues: keep showing our copy (the
 * post is gone, the copy plays on), unpublish, or retry (make the copy again,
 * or drop a poster that is gone so the copy's poster shows). Answers the
 * changes the caller must publish.
 */
export async function resolveMediaIssue(shopId: string, videoId: string, action: MediaIssueAction): Promise<{ unpublish: boolean; retried: boolean }> {
  const issues = await prisma.mediaIssue.findMany({
    where: { shopId, videoId, keptAt: null },
    select: { kind: true, video: { select: { platform: true, mirror: { select: { status: true } } } } },
  });
  if (!issues.length) throw new RecordNotFoundError("Video");
  const offered = mediaIssueActions(
    issues.map((issue) => ({
      kind: issue.kind as MediaIssueKind,
      platform: issue.video.platform as MediaIssueDto["platform"],
      copy_ready: issue.video.mirror?.status === "ready",
    })),
  );
  if (!offered.includes(action)) throw new DomainValidationError(MEDIA_HEALTH_TEXT.actionNotOffered);
  const where: Prisma.MediaIssueWhereInput = { shopId, videoId };
  if (action === "keep") {
    await prisma.mediaIssue.updateMany({ where, data: { keptAt: new Date() } });
    return { unpublish: false, retried: false };
  }
  if (action === "unpublish") {
    await prisma.mediaIssue.deleteMany({ where });
    return { unpublish: true, retried: false };
  }
  const kinds = new Set(issues.map((issue) => issue.kind));
  await prisma.$transaction(async (tx) => {
    if (kinds.has("copy_failed")) {
      // A new copy from a freshly fetched source; the one that is gone is forgotten.
      await tx.videoMirror.updateMany({
        where: { shopId, videoId },
        data: { status: "pending", fileId: null, attempts: 0, polls: 0, failure: null, failureDetail: null, nextCheckAt: new Date() },
      });
    }
    if (kinds.has("thumbnail_gone")) {
      await tx.video.updateMany({ where: { shopId, id: videoId }, data: { thumbnailFileId: null, storedThumbnailUrl: null } });
    }
    await tx.mediaIssue.deleteMany({ where: { shopId, videoId, kind: { in: ["copy_failed", "thumbnail_gone"] } } });
  });
  return { unpublish: false, retried: true };
}
