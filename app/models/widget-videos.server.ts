/**
 * The videos inside one widget (issue 16 item 3, decision 055): their order,
 * pins, removal and additions from the Widgets page. The storefront shows a
 * widget's approved videos in this order (app/models/storefront.server.ts
 * reads WIDGET_VIDEO_ORDER), so every change schedules a publish.
 *
 * Each change runs in one transaction that first writes the widget's row (a
 * no-op UPDATE scoped to the shop): on PostgreSQL that row's lock queues the
 * changes of one widget behind each other, on SQLite the first write makes the
 * transaction the writer. The transaction then reads the widget's rows in
 * order, applies the rule (app/rules/widget-order.ts) and writes the positions
 * 0..n-1 again, so two reorders at once end in one of their two serial orders,
 * never in a mix, and positions stay dense and unique.
 */
import { Prisma, prisma } from "~/db.server";
import { VIDEO_LIST_PAGE_SIZE, WIDGET_VIDEOS_ADD_MAX } from "~/constants";
import type { AddableVideosPage, WidgetVideoDto, WidgetVideosDto } from "~/rules/api-types";
import { safeHttpUrl } from "~/rules/embeds";
import { searchKey } from "~/rules/video-search";
import { normalizeSearch } from "~/rules/video-list-query";
import { DomainValidationError, RecordNotFoundError } from "~/rules/domain-errors";
import { WIDGET_VIDEO_ORDER, appendVideos, moveVideo, pinVideo, removeVideo, type OrderedVideo } from "~/rules/widget-order";
import type { PlatformId } from "~/contracts/platforms";
import { WIDGET_VIDEOS_TEXT } from "~/messages";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";
import { liveMediaUrl } from "~/rules/media-expiry";

type Tx = Prisma.TransactionClient;

/** Long enough for a few dozen changes of one widget queued behind its lock on a busy database. */
const ORDER_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

const VIDEO_SELECT = {
  id: true,
  title: true,
  thumbnailUrl: true,
  thumbnailExpiresAt: true,
  storedThumbnailUrl: true,
  platform: true,
  channelUsername: true,
  enabled: true,
} satisfies Prisma.VideoSelect;

type VideoRow = Prisma.VideoGetPayload<{ select: typeof VIDEO_SELECT }>;

function toDto(video: VideoRow, pinned: boolean): WidgetVideoDto {
  return {
    id: video.id,
    title: video.title,
    thumbnail_url: safeHttpUrl(video.storedThumbnailUrl) ?? liveMediaUrl(safeHttpUrl(video.thumbnailUrl), video.thumbnailExpiresAt),
    platform: video.platform as PlatformId,
    channel_username: video.channelUsername,
    enabled: video.enabled,
    pinned,
  };
}

/** The widget's videos in the storefront's order (drafts included: they keep their place while unpublished). */
export async function listWidgetVideos(shopId: string, widgetId: string): Promise<WidgetVideosDto> {
  const widget = await prisma.widget.findFirst({
    where: { id: widgetId, shopId },
    select: {
      id: true,
      name: true,
      displayNumber: true,
      videos: { where: { shopId }, orderBy: WIDGET_VIDEO_ORDER, select: { pinned: true, video: { select: VIDEO_SELECT } } },
    },
  });
  if (!widget) throw new RecordNotFoundError("Widget");
  return {
    widget: { id: widget.id, name: widget.name, display_number: widget.displayNumber },
    videos: widget.videos.map((row) => toDto(row.video, row.pinned)),
  };
}

/** Approved videos of the shop not in the widget yet, newest approval first, a page at a time, searched like the library. */
export async function listAddableVideos(shopId: string, widgetId: string, query: { search?: string; page?: number } = {}): Promise<AddableVideosPage> {
  const widget = await prisma.widget.findFirst({ where: { id: widgetId, shopId }, select: { id: true } });
  if (!widget) throw new RecordNotFoundError("Widget");
  const where: Prisma.VideoWhereInput = { shopId, enabled: true, widgets: { none: { widgetId } } };
  const search = searchKey(normalizeSearch(query.search ?? ""));
  if (search) where.searchText = { contains: search };
  const total = await prisma.video.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / VIDEO_LIST_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1) || 1), pageCount);
  const rows = await prisma.video.findMany({
    where,
    select: VIDEO_SELECT,
    orderBy: [{ approvedAt: "desc" }, { createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * VIDEO_LIST_PAGE_SIZE,
    take: VIDEO_LIST_PAGE_SIZE,
  });
  return { videos: rows.map((row) => toDto(row, false)), page, pageCount, total };
}

/** Takes the widget's lock for the rest of the transaction; another shop's widget is "not found". */
async function lockWidget(tx: Tx, shopId: string, widgetId: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`UPDATE "Widget" SET "name" = "name" WHERE "id" = ${widgetId} AND "shopId" = ${shopId} RETURNING "id"`;
  if (!rows.length) throw new RecordNotFoundError("Widget");
}

type StoredEntry = OrderedVideo & { position: number };

async function readOrder(tx: Tx, shopId: string, widgetId: string): Promise<StoredEntry[]> {
  return tx.widgetVideo.findMany({ where: { shopId, widgetId }, orderBy: WIDGET_VIDEO_ORDER, select: { videoId: true, pinned: true, position: true } });
}

/** Rows per UPDATE statement: far below either database's limit on bound parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * Writes the order as positions 0..n-1: the rows whose position changed in one
 * UPDATE per 500 rows (a CASE on the video id), the pins that changed and the
 * new rows in one statement each. Resolves true when anything was written.
 */
async function writeOrder(tx: Tx, shopId: string, widgetId: string, before: readonly StoredEntry[], after: readonly OrderedVideo[]): Promise<boolean> {
  const stored = new Map(before.map((entry) => [entry.videoId, entry]));
  const moved: Array<{ videoId: string; position: number }> = [];
  const created: Array<{ videoId: string; position: number; pinned: boolean }> = [];
  const pinned: string[] = [];
  const unpinned: string[] = [];
  for (const [position, entry] of after.entries()) {
    const current = stored.get(entry.videoId);
    if (!current) {
      created.push({ videoId: entry.videoId, position, pinned: entry.pinned });
      continue;
    }
    if (current.position !== position) moved.push({ videoId: entry.videoId, position });
    if (current.pinned !== entry.pinned) (entry.pinned ? pinned : unpinned).push(entry.videoId);
  }
  for (let start = 0; start < moved.length; start += ROWS_PER_STATEMENT) {
    const rows = moved.slice(start, start + ROWS_PER_STATEMENT);
    // The cast types the parameter as the column's on PostgreSQL (a bare one would be text) and is a no-op on SQLite.
    const cases = Prisma.join(
      rows.map((row) => Prisma.sql`WHEN ${row.videoId} THEN CAST(${row.position} AS INTEGER)`),
      " ",
    );
    await tx.$executeRaw`UPDATE "WidgetVideo" SET "position" = CASE "videoId" ${cases} ELSE "position" END
      WHERE "shopId" = ${shopId} AND "widgetId" = ${widgetId} AND "videoId" IN (${Prisma.join(rows.map((row) => row.videoId))})`;
  }
  if (pinned.length) await tx.widgetVideo.updateMany({ where: { shopId, widgetId, videoId: { in: pinned } }, data: { pinned: true } });
  if (unpinned.length) await tx.widgetVideo.updateMany({ where: { shopId, widgetId, videoId: { in: unpinned } }, data: { pinned: false } });
  if (created.length) await tx.widgetVideo.createMany({ data: created.map((row) => ({ shopId, widgetId, ...row })) });
  return moved.length + pinned.length + unpinned.length + created.length > 0;
}

/**
 * Runs one change of the widget's order under its lock and answers the list as
 * it is after it. `change` receives the current order and answers the new one
 * (or throws to refuse); rows it leaves out are deleted.
 */
async function changeOrder(
  shopId: string,
  widgetId: string,
  change: (tx: Tx, current: StoredEntry[]) => Promise<OrderedVideo[]> | OrderedVideo[],
): Promise<WidgetVideosDto> {
  const changed = await prisma.$transaction(async (tx) => {
    await lockWidget(tx, shopId, widgetId);
    const current = await readOrder(tx, shopId, widgetId);
    const next = await change(tx, current);
    const kept = new Set(next.map((entry) => entry.videoId));
    const gone = current.filter((entry) => !kept.has(entry.videoId)).map((entry) => entry.videoId);
    if (gone.length) await tx.widgetVideo.deleteMany({ where: { shopId, widgetId, videoId: { in: gone } } });
    const rewritten = await writeOrder(tx, shopId, widgetId, current, next);
    return rewritten || gone.length > 0;
  }, ORDER_TRANSACTION);
  if (changed) scheduleStorefrontPublish(shopId);
  return listWidgetVideos(shopId, widgetId);
}

function requireInWidget(current: readonly StoredEntry[], videoId: string) {
  if (!current.some((entry) => entry.videoId === videoId)) throw new RecordNotFoundError("Video");
}

/** Moves a video to `toIndex` (0-based) of the widget's list, within its group (pinned or not). */
export function moveWidgetVideo(shopId: string, widgetId: string, videoId: string, toIndex: number): Promise<WidgetVideosDto> {
  return changeOrder(shopId, widgetId, (_tx, current) => {
    requireInWidget(current, videoId);
    return moveVideo(current, videoId, toIndex);
  });
}

/** Pins a video first of the widget, or unpins it (it stays where it is, first of the unpinned ones). */
export function pinWidgetVideo(shopId: string, widgetId: string, videoId: string, pinned: boolean): Promise<WidgetVideosDto> {
  return changeOrder(shopId, widgetId, (_tx, current) => {
    requireInWidget(current, videoId);
    return pinVideo(current, videoId, pinned);
  });
}

/** Takes a video out of this widget only; it stays approved, in the library and in its other widgets. Removing it twice is no error. */
export function removeWidgetVideo(shopId: string, widgetId: string, videoId: string): Promise<WidgetVideosDto> {
  return changeOrder(shopId, widgetId, (_tx, current) => removeVideo(current, videoId));
}

/**
 * Adds approved videos at the end of the widget, in the order given; one
 * already in it stays where it is. A Draft is refused: adding it would show it
 * (approve it), and approval is the library's, where the Free plan's limit is
 * counted, so adding never changes how many videos are approved. Every id must
 * be one of the shop's videos.
 */
export function addWidgetVideos(shopId: string, widgetId: string, videoIds: readonly string[]): Promise<WidgetVideosDto> {
  const wanted = [...new Set(videoIds)];
  if (wanted.length > WIDGET_VIDEOS_ADD_MAX) throw new DomainValidationError(WIDGET_VIDEOS_TEXT.tooMany(WIDGET_VIDEOS_ADD_MAX));
  return changeOrder(shopId, widgetId, async (tx, current) => {
    const videos = await tx.video.findMany({ where: { shopId, id: { in: wanted } }, select: { id: true, enabled: true } });
    if (videos.length !== wanted.length) throw new RecordNotFoundError("Video");
    const inWidget = new Set(current.map((entry) => entry.videoId));
    if (videos.some((video) => !video.enabled && !inWidget.has(video.id))) throw new DomainValidationError(WIDGET_VIDEOS_TEXT.onlyApproved);
    return appendVideos<OrderedVideo>(
      current,
      wanted.map((videoId) => ({ videoId, pinned: false })),
    );
  });
}
