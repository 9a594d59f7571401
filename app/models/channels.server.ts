/**
 * Connected accounts (channels): created or refreshed by an account import,
 * resynced on demand, removed with their videos.
 */
import { signalWork } from "./background-work.server";
import { autoSyncRetryDelayMs } from "~/rules/auto-sync";
import { prisma, type Channel } from "~/db.server";
import type { ChannelDto } from "~/rules/api-types";
import { untrustedText } from "~/rules/text-input";
import { liveMediaUrl, mediaUrlExpiry } from "~/rules/media-expiry";
import type { ImportedChannel, PlatformId } from "~/contracts/platforms";
import { RecordNotFoundError } from "~/rules/domain-errors";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";
import { queueMirrorFileDeletions } from "~/models/video-mirrors.server";

function toChannelDto(channel: Channel): ChannelDto {
  return {
    id: channel.id,
    platform: channel.platform as PlatformId,
    username: channel.username,
    display_name: channel.displayName,
    // A signed profile picture is not shown past its expiry (decision 083): the admin shows the initial; the next sync brings a fresh one.
    avatar_url: liveMediaUrl(channel.avatarUrl, channel.avatarExpiresAt),
    follower_count: channel.followerCount,
    last_synced_at: channel.lastSyncedAt?.toISOString() ?? null,
    last_sync_error: channel.lastSyncError,
  };
}

export async function listChannels(shopId: string): Promise<ChannelDto[]> {
  const channels = await prisma.channel.findMany({ where: { shopId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return channels.map(toChannelDto);
}

export async function getChannel(shopId: string, channelId: string): Promise<Channel> {
  const channel = await prisma.channel.findFirst({ where: { id: channelId, shopId } });
  if (!channel) throw new RecordNotFoundError("Channel");
  return channel;
}

/**
 * The account's key: without "@" and lowercased. TikTok, Instagram and
 * Pinterest usernames ignore case, so "@Brand" and "brand" are one account.
 */
export function channelUsernameKey(username: string): string {
  return username.trim().replace(/^@+/, "").toLowerCase();
}

/** Profile text comes from the platform: untrusted, so what no database stores is removed (app/rules/text-input.ts). */
const text = (value: string | null | undefined, max: number) => untrustedText(value, max);

function profileOf(found: ImportedChannel | null, platform: PlatformId) {
  const avatarUrl = text(found?.avatarUrl, 4000);
  return {
    displayName: text(found?.displayName, 200),
    avatarUrl,
    avatarExpiresAt: mediaUrlExpiry(platform, "avatar", avatarUrl, new Date()),
    followerCount:
      typeof found?.followerCount === "number" && Number.isFinite(found.followerCount)
        ? Math.max(0, Math.min(2_147_483_647, Math.round(found.followerCount)))
        : null,
  };
}

/** The profile fields the platform returned; what it did not see (e.g. a failed profile lookup) keeps what we knew. */
const seenFields = (profile: ReturnType<typeof profileOf>) => Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== null));

/**
 * Creates or refreshes the account an import found. `username` is the one the
 * merchant asked for (the job's input), so a resync always finds the same row;
 * profile fields come from the platform and replace the old ones when present.
 * Only for an account that was not connected when the import was asked for:
 * one that was is refreshed with refreshChannelFromImport, so removing it meanwhile is not undone.
 */
export function upsertChannelFromImport(shopId: string, platform: PlatformId, username: string, found: ImportedChannel | null): Promise<Channel> {
  const profile = profileOf(found, platform);
  const key = channelUsernameKey(username);
  return prisma.channel.upsert({
    where: { shopId_platform_username: { shopId, platform, username: key } },
    create: { shopId, platform, username: key, ...profile },
    update: seenFields(profile),
  });
}

/**
 * Refreshes a connected account's profile after a sync or re-import, if it
 * still exists: false when it was removed meanwhile (the removal wins; the
 * import must not save its videos).
 */
export async function refreshChannelFromImport(shopId: string, channelId: string, platform: PlatformId, found: ImportedChannel | null): Promise<boolean> {
  const { count } = await prisma.channel.updateMany({
    where: { id: channelId, shopId },
    data: { ...seenFields(profileOf(found, platform)), updatedAt: new Date() },
  });
  return count === 1;
}

export async function channelExists(shopId: string, channelId: string): Promise<boolean> {
  return (await prisma.channel.count({ where: { id: channelId, shopId } })) === 1;
}

/** After an account import or resync: when it last worked, and the last failure (cleared by a good run). */
export async function recordChannelSync(shopId: string, channelId: string, outcome: { error: string | null }) {
  if (outcome.error === null) {
    // The next automatic sync is due 3 hours after this one (nextSyncAt null: derived from lastSyncedAt).
    await prisma.channel.updateMany({
      where: { id: channelId, shopId },
      data: { lastSyncedAt: new Date(), lastSyncError: null, syncFailures: 0, nextSyncAt: null },
    });
    return;
  }
  const channel = await prisma.channel.findFirst({ where: { id: channelId, shopId }, select: { syncFailures: true } });
  if (!channel) return;
  const failures = channel.syncFailures + 1;
  await prisma.channel.updateMany({
    where: { id: channelId, shopId },
    data: { lastSyncError: outcome.error.slice(0, 1000), syncFailures: failures, nextSyncAt: new Date(Date.now() + autoSyncRetryDelayMs(failures)) },
  });
}

/**
 * Removes a connected account and the videos imported through it (the schema
 * cascades to them, their tags and widget assignments). Videos imported one by
 * one are not the account's and stay; the removed videos' copies in Shopify
 * Files are queued for deletion. Resolves to the number of videos removed.
 */
export async function deleteChannel(shopId: string, channelId: string): Promise<{ videosDeleted: number }> {
  const { videosDeleted, deleted, files } = await prisma.$transaction(async (tx) => {
    const files = await queueMirrorFileDeletions(tx, shopId, { shopId, channelId });
    const videosDeleted = await tx.video.count({ where: { shopId, channelId } });
    return { videosDeleted, files, deleted: await tx.channel.deleteMany({ where: { id: channelId, shopId } }) };
  });
  if (!deleted.count) throw new RecordNotFoundError("Channel");
  scheduleStorefrontPublish(shopId);
  // Their copies in Shopify Files go too (decision 035).
  if (files) signalWork("videoMirror");
  return { videosDeleted };
}
