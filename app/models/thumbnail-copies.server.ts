/**
 * Thumbnail copies: after an import saved its videos, Shopify is asked to keep
 * a copy of each thumbnail (fileCreate from the platform's URL), polled briefly
 * for the CDN URL; copies still processing are resolved by the shop's next
 * import. A thumbnail that cannot be copied never fails the import.
 */
import { prisma } from "~/db.server";
import { IMPORT_JOB_TEXT } from "~/messages";
import { safeHttpUrl } from "~/rules/embeds";
import { createFilesFromUrls, fetchFileStates, type AdminGraphql, type CreatedFile } from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";

/** fileCreate inputs per call. */
const FILE_BATCH = 25;

export interface ThumbnailCopyOptions {
  /** Admin GraphQL for the shop outside any request (tests inject a recording Shopify). */
  adminGraphqlFor: (shopDomain: string) => Promise<AdminGraphql>;
  /** Waits between polls for the copies' CDN URLs. */
  pollDelaysMs: readonly number[];
}

export const DEFAULT_THUMBNAIL_COPY_OPTIONS: ThumbnailCopyOptions = {
  adminGraphqlFor: offlineAdminGraphql,
  pollDelaysMs: [500, 1000, 2000, 4000],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Platform thumbnail URLs expire (TikTok covers within hours, Instagram's CDN
 * within days), so Shopify keeps a copy: fileCreate from the original URL,
 * then the READY file's CDN URL becomes storedThumbnailUrl, which the library
 * prefers. Copies still processing after the polls are resolved by the shop's
 * next job; a FAILED copy is forgotten, so a later import or the media
 * refresher (with a fresh URL, decision 083) tries again.
 */
export async function keepThumbnailCopies(
  shopId: string,
  shopDomain: string,
  videoIds: readonly string[],
  options: Partial<ThumbnailCopyOptions> = {},
): Promise<void> {
  const { adminGraphqlFor, pollDelaysMs } = { ...DEFAULT_THUMBNAIL_COPY_OPTIONS, ...options };
  const toCopy = videoIds.length
    ? await prisma.video.findMany({
        where: { shopId, id: { in: [...videoIds] }, thumbnailFileId: null, storedThumbnailUrl: null, thumbnailUrl: { not: null } },
        select: { id: true, thumbnailUrl: true, platform: true, platformVideoId: true },
      })
    : [];
  const earlier = await prisma.video.findMany({
    where: { shopId, thumbnailFileId: { not: null }, storedThumbnailUrl: null },
    select: { thumbnailFileId: true },
    take: 200,
  });
  const pending = new Set(earlier.map((video) => video.thumbnailFileId!));
  const candidates = toCopy.flatMap((video) => {
    const url = safeHttpUrl(video.thumbnailUrl);
    return url ? [{ videoId: video.id, url, alt: IMPORT_JOB_TEXT.thumbnailAlt(video.platform, video.platformVideoId) }] : [];
  });
  if (!candidates.length && !pending.size) return;

  const graphql = await adminGraphqlFor(shopDomain);
  for (let i = 0; i < candidates.length; i += FILE_BATCH) {
    const batch = candidates.slice(i, i + FILE_BATCH);
    let files: Array<CreatedFile | null>;
    try {
      files = await createFilesFromUrls(graphql, batch);
    } catch {
      // Shopify refuses a whole batch for one bad input: copy the rest one by one.
      files = [];
      for (const item of batch)
        files.push(
          await createFilesFromUrls(graphql, [item]).then(
            (created) => created[0] ?? null,
            () => null,
          ),
        );
    }
    for (const [index, file] of files.entries()) {
      const item = batch[index];
      if (!file || !item) continue;
      await prisma.video.updateMany({ where: { id: item.videoId, shopId, thumbnailFileId: null }, data: { thumbnailFileId: file.id } });
      pending.add(file.id);
    }
  }

  for (const delay of pollDelaysMs) {
    if (!pending.size) break;
    await sleep(delay);
    const ids = [...pending];
    for (let i = 0; i < ids.length; i += 250) {
      const chunk = ids.slice(i, i + 250);
      const states = await fetchFileStates(graphql, chunk);
      for (const id of chunk) {
        const state = states.find((file) => file.id === id);
        const url = state?.status === "READY" ? safeHttpUrl(state.url) : null;
        if (url) {
          await prisma.video.updateMany({ where: { shopId, thumbnailFileId: id }, data: { storedThumbnailUrl: url } });
          pending.delete(id);
        } else if (!state || state.status === "FAILED") {
          // Deleted in the admin, or Shopify could not download it.
          await prisma.video.updateMany({ where: { shopId, thumbnailFileId: id }, data: { thumbnailFileId: null } });
          pending.delete(id);
        }
      }
    }
  }
}
