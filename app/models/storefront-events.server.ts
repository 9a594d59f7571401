/**
 * Storefront analytics events (decision 009): the beacons a widget sends per
 * page view, stored with shop, video, widget, platform and type. The batch is
 * shopper-controlled input: only the shop's own videos and widgets are
 * recorded, unknown ones are dropped, and a batch is capped.
 */
import { prisma } from "~/db.server";
import { BEACON_EVENT_TYPES, type BeaconEventType } from "~/storefront/widget-data";

/** A page view sends a handful; anything far above is not a widget's. */
export const MAX_EVENTS_PER_BATCH = 50;

export interface IncomingEvent {
  type: BeaconEventType;
  videoId: string;
  widgetId: string;
  productId?: string;
}

export function isBeaconEventType(value: unknown): value is BeaconEventType {
  return typeof value === "string" && (BEACON_EVENT_TYPES as readonly string[]).includes(value);
}

/** Stores the events that name the shop's videos; answers how many were stored. */
export async function recordStorefrontEvents(shopDomain: string, session: string | null, events: readonly IncomingEvent[]): Promise<number> {
  const batch = events.slice(0, MAX_EVENTS_PER_BATCH);
  if (!batch.length) return 0;
  const shop = await prisma.shop.findUnique({ where: { shopDomain }, select: { id: true, uninstalledAt: true } });
  if (!shop || shop.uninstalledAt) return 0;

  const videoIds = [...new Set(batch.map((event) => event.videoId))];
  const widgetIds = [...new Set(batch.map((event) => event.widgetId))];
  const [videos, widgets] = await Promise.all([
    prisma.video.findMany({ where: { shopId: shop.id, id: { in: videoIds } }, select: { id: true, platform: true } }),
    prisma.widget.findMany({ where: { shopId: shop.id, id: { in: widgetIds } }, select: { id: true } }),
  ]);
  const platformOf = new Map(videos.map((video) => [video.id, video.platform]));
  const knownWidgets = new Set(widgets.map((widget) => widget.id));
  const occurredAt = new Date();
  const rows = batch
    .filter((event) => platformOf.has(event.videoId))
    .map((event) => ({
      shopId: shop.id,
      type: event.type,
      videoId: event.videoId,
      widgetId: knownWidgets.has(event.widgetId) ? event.widgetId : null,
      platform: platformOf.get(event.videoId) ?? null,
      productId: event.type === "video_click" ? null : normalizeProductId(event.productId),
      sessionKey: session,
      occurredAt,
    }));
  if (!rows.length) return 0;

  const clicks = new Map<string, number>();
  for (const row of rows) if (row.type === "video_click") clicks.set(row.videoId, (clicks.get(row.videoId) ?? 0) + 1);
  await prisma.$transaction([
    prisma.analyticsEvent.createMany({ data: rows }),
    ...[...clicks].map(([id, count]) =>
      prisma.video.updateMany({ where: { id, shopId: shop.id }, data: { clicks: { increment: count } } }),
    ),
  ]);
  return rows.length;
}

/** A product gid, or a numeric id made one; anything else is dropped. */
function normalizeProductId(value: string | undefined): string | null {
  if (!value) return null;
  if (/^gid:\/\/shopify\/Product\/\d{1,20}$/.test(value)) return value;
  if (/^\d{1,20}$/.test(value)) return `gid://shopify/Product/${value}`;
  return null;
}
