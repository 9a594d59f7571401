/**
 * The data side of a links import (issue 16, decision 056): which pasted
 * links the library already has, and saving what a link brought. The job that
 * runs them is app/jobs/link-import.server.ts.
 */
import { prisma } from "~/db.server";
import type { ImportedVideo, PlatformId } from "~/contracts/platforms";
import { saveImportedVideos } from "./videos.server";

/** Of these posts, the ones the shop's library has: "platform:platformVideoId" keys. */
export async function postsInLibrary(shopId: string, posts: ReadonlyArray<{ platform: PlatformId; platformVideoId: string }>): Promise<Set<string>> {
  const found = new Set<string>();
  const byPlatform = new Map<PlatformId, string[]>();
  for (const post of posts) byPlatform.set(post.platform, [...(byPlatform.get(post.platform) ?? []), post.platformVideoId]);
  for (const [platform, ids] of byPlatform) {
    const rows = await prisma.video.findMany({ where: { shopId, platform, platformVideoId: { in: ids } }, select: { platformVideoId: true } });
    for (const row of rows) found.add(`${platform}:${row.platformVideoId}`);
  }
  return found;
}

/**
 * Saves one link's video through the importers' one save path (idempotent on
 * the shop's unique key, so a retry or a concurrent import never doubles it),
 * a new one with the job that added it (decision 078); says whether it was new
 * to the library.
 */
export async function saveLinkedVideo(
  shopId: string,
  platform: PlatformId,
  video: ImportedVideo,
  importJobId: string | null = null,
): Promise<{ added: boolean; videoIds: string[]; createdIds: string[] }> {
  const saved = await saveImportedVideos(shopId, platform, [video], null, importJobId);
  return { added: saved.added > 0, videoIds: saved.videoIds, createdIds: saved.createdIds };
}
