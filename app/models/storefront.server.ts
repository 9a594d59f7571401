/**
 * Publishing the storefront's data (decision 009): each widget with its
 * approved videos in order, and the index of widgets, written to app-data
 * metafields so the theme app extension renders without calling us.
 *
 * Every change of videos, approvals, tags or widgets calls
 * scheduleStorefrontPublish; changes arriving close together (a bulk approve,
 * an import) are coalesced per shop into one publish, and a change during a
 * publish triggers one more afterwards, so the last state always lands.
 */
import { randomUUID } from "node:crypto";
import { prisma, type Prisma } from "~/db.server";
import { LAYOUT_TYPES, type LayoutType } from "~/constants";
import { playerEmbedUrl, safeHttpUrl } from "~/rules/embeds";
import { readPageContexts } from "~/rules/widget-rules";
import type { PlatformId } from "~/platforms/types";
import {
  deleteMetafields,
  fetchStorefrontProducts,
  fetchStorefrontTarget,
  setJsonMetafields,
  type AdminGraphql,
  type StorefrontProductDetails,
} from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import {
  STOREFRONT_DATA_VERSION,
  STOREFRONT_METAFIELD_NAMESPACE,
  WIDGET_INDEX_METAFIELD_KEY,
  widgetMetafieldKey,
  type StorefrontProduct,
  type StorefrontVideo,
  type StorefrontWidget,
  type StorefrontWidgetIndex,
} from "~/storefront/widget-data";

// ---------------------------------------------------------------- building the data

const STOREFRONT_VIDEO_SELECT = {
  id: true,
  platform: true,
  platformVideoId: true,
  title: true,
  authorName: true,
  storedThumbnailUrl: true,
  videoUrl: true,
  productTags: { select: { productId: true }, orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
} satisfies Prisma.VideoSelect;

const WIDGET_WITH_VIDEOS = {
  videos: {
    where: { video: { enabled: true } },
    orderBy: [{ position: "asc" as const }, { createdAt: "asc" as const }],
    select: { video: { select: STOREFRONT_VIDEO_SELECT } },
  },
} satisfies Prisma.WidgetInclude;

type VideoForStorefront = Prisma.VideoGetPayload<{ select: typeof STOREFRONT_VIDEO_SELECT }>;

function toStorefrontVideo(video: VideoForStorefront, products: ReadonlyMap<string, StorefrontProduct>): StorefrontVideo {
  const platform = video.platform as PlatformId;
  return {
    id: video.id,
    platform,
    videoId: video.platformVideoId,
    title: video.title ?? "",
    author: video.authorName,
    // Only our durable copy: the platform's signed URL would expire on the storefront.
    poster: safeHttpUrl(video.storedThumbnailUrl),
    embedUrl: playerEmbedUrl(platform, video.platformVideoId, video.videoUrl),
    url: safeHttpUrl(video.videoUrl),
    products: video.productTags.flatMap((tag) => products.get(tag.productId) ?? []),
  };
}

/**
 * The shop's widgets as the storefront receives them. `products` holds what
 * Shopify says of each tagged product; a product missing from it (deleted,
 * draft) is left out of the videos' product lists.
 */
export async function buildStorefrontWidgets(shopId: string, currency: string, products: ReadonlyMap<string, StorefrontProduct>): Promise<StorefrontWidget[]> {
  const widgets = await prisma.widget.findMany({
    where: { shopId },
    orderBy: [{ displayNumber: "asc" }],
    include: WIDGET_WITH_VIDEOS,
  });
  return widgets.map((widget) => ({
    v: STOREFRONT_DATA_VERSION,
    id: widget.id,
    number: widget.displayNumber,
    name: widget.name,
    layout: (LAYOUT_TYPES as readonly string[]).includes(widget.layoutType) ? (widget.layoutType as LayoutType) : "carousel",
    pageContexts: readPageContexts(widget.pageContexts),
    priority: widget.priority,
    settings: {
      theme: widget.theme === "dark" ? "dark" : "light",
      autoScroll: widget.autoScroll,
      showHeader: widget.showHeader,
      alignment: widget.alignment === "left" ? "left" : "right",
    },
    currency,
    videos: widget.videos.map(({ video }) => toStorefrontVideo(video, products)),
  }));
}

/**
 * The shop's approved videos as the storefront would show them, newest first,
 * for the Customize preview (no product details: the preview is not a shop).
 */
export async function previewVideos(shopId: string, limit: number): Promise<StorefrontVideo[]> {
  const videos = await prisma.video.findMany({
    where: { shopId, enabled: true },
    orderBy: [{ approvedAt: "desc" }, { createdAt: "desc" }],
    take: limit,
    select: STOREFRONT_VIDEO_SELECT,
  });
  return videos.map((video) => toStorefrontVideo(video, new Map()));
}

export function storefrontIndex(widgets: readonly StorefrontWidget[]): StorefrontWidgetIndex {
  return {
    v: STOREFRONT_DATA_VERSION,
    widgets: widgets.map(({ id, number, name, layout, pageContexts, priority }) => ({ id, number, name, layout, pageContexts, priority })),
  };
}

/** Products tagged to videos that some widget shows (only those reach the storefront). */
async function publishedProductIds(shopId: string): Promise<string[]> {
  const tags = await prisma.productTag.findMany({
    where: { shopId, video: { enabled: true, widgets: { some: {} } } },
    select: { productId: true },
    distinct: ["productId"],
  });
  return tags.map((tag) => tag.productId);
}

function toStorefrontProduct(details: StorefrontProductDetails): StorefrontProduct {
  return { ...details, image: safeHttpUrl(details.image) };
}

// ---------------------------------------------------------------- publishing

/**
 * Writes the shop's storefront data now: every widget's metafield, the index,
 * and deletes the metafields of widgets that no longer exist.
 */
export async function publishStorefront(shopId: string, graphql?: AdminGraphql, version?: number): Promise<{ widgets: number }> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { shopDomain: true, uninstalledAt: true } });
  if (!shop || shop.uninstalledAt) return { widgets: 0 };
  const admin = graphql ?? (await offlineAdminGraphql(shop.shopDomain));
  const target = await fetchStorefrontTarget(admin, STOREFRONT_METAFIELD_NAMESPACE);
  const details = await fetchStorefrontProducts(admin, await publishedProductIds(shopId));
  const products = new Map(details.map((product) => [product.id, toStorefrontProduct(product)]));
  const widgets = await buildStorefrontWidgets(shopId, target.currencyCode, products);

  const values = [
    ...widgets.map((widget) => ({ key: widgetMetafieldKey(widget.number), value: widget })),
    { key: WIDGET_INDEX_METAFIELD_KEY, value: { ...storefrontIndex(widgets), ...(version === undefined ? {} : { publish: version }) } },
  ];
  await setJsonMetafields(admin, target.installationId, STOREFRONT_METAFIELD_NAMESPACE, values);
  const published = new Set(values.map((value) => value.key));
  await deleteMetafields(
    admin,
    target.installationId,
    STOREFRONT_METAFIELD_NAMESPACE,
    target.existingKeys.filter((key) => !published.has(key)),
  );
  return { widgets: widgets.length };
}

/** How long a burst of changes may keep arriving before one publish covers them all. */
export const PUBLISH_COALESCE_MS = 300;
/**
 * A publish still unanswered after this long is given up (Shopify accepted the
 * connection and never answered), so the shop's later changes still publish.
 */
export const PUBLISH_TIMEOUT_MS = 60_000;

interface StorefrontPublishingOptions {
  /** Writes one shop's storefront data as publish number `version` (tests inject a Shopify that hangs or records). */
  publish: (shopId: string, version: number) => Promise<unknown>;
  timeoutMs: number;
  /** How long one instance may publish a shop before another may take over. */
  leaseMs: number;
}

const DEFAULT_PUBLISHING: StorefrontPublishingOptions = {
  publish: (shopId, version) => publishStorefront(shopId, undefined, version),
  timeoutMs: PUBLISH_TIMEOUT_MS,
  leaseMs: 2 * PUBLISH_TIMEOUT_MS,
};
let publishing: StorefrontPublishingOptions = { ...DEFAULT_PUBLISHING };

export function configureStorefrontPublishing(overrides: Partial<StorefrontPublishingOptions>): void {
  publishing = { ...publishing, ...overrides };
}

export function resetStorefrontPublishing(): void {
  publishing = { ...DEFAULT_PUBLISHING };
}

interface ShopPublishState {
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  /** A change arrived while publishing: publish again when done. */
  again: boolean;
}

const publishStates = new Map<string, ShopPublishState>();

/**
 * Asks for a publish of the shop's storefront data soon; never throws, never
 * waits. STOREFRONT_PUBLISHING=off turns it off where no Shopify answers (the
 * database suite, benchmarks).
 */
export function scheduleStorefrontPublish(shopId: string): void {
  if (process.env.STOREFRONT_PUBLISHING === "off") return;
  const state = publishStates.get(shopId) ?? { timer: null, running: null, again: false };
  publishStates.set(shopId, state);
  if (state.running) {
    state.again = true;
    return;
  }
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void runScheduledPublish(shopId, state), PUBLISH_COALESCE_MS);
}

/** Rejects when `promise` has not settled within `ms`; the timer never keeps the process alive. */
function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms, given up`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runScheduledPublish(shopId: string, state: ShopPublishState) {
  state.timer = null;
  state.running = publishStorefrontInTurn(shopId).then(
    () => undefined,
    // The request stays recorded (storefrontRequested): the next change or the sweep publishes it.
    (error: unknown) => console.error(`Publishing the storefront data of shop ${shopId} failed`, error),
  );
  await state.running;
  state.running = null;
  if (state.again) {
    state.again = false;
    scheduleStorefrontPublish(shopId);
  } else if (!state.timer) {
    publishStates.delete(shopId);
  }
}

// ---------------------------------------------------------------- one publisher per shop, across instances

/** This process, as the holder of a shop's publishing lease. */
const INSTANCE_ID = randomUUID();

class PublishLeaseLostError extends Error {
  constructor(shopId: string) {
    super(`The publishing lease of shop ${shopId} passed to another instance; it publishes from here`);
    this.name = "PublishLeaseLostError";
  }
}

async function takePublishLease(shopId: string): Promise<boolean> {
  const now = new Date();
  const { count } = await prisma.shop.updateMany({
    where: {
      id: shopId,
      OR: [{ storefrontLeaseUntil: null }, { storefrontLeaseUntil: { lt: now } }, { storefrontLeaseOwner: INSTANCE_ID }],
    },
    data: { storefrontLeaseOwner: INSTANCE_ID, storefrontLeaseUntil: new Date(now.getTime() + publishing.leaseMs) },
  });
  return count === 1;
}

async function releasePublishLease(shopId: string): Promise<void> {
  await prisma.shop.updateMany({
    where: { id: shopId, storefrontLeaseOwner: INSTANCE_ID },
    data: { storefrontLeaseOwner: null, storefrontLeaseUntil: null },
  });
}

/**
 * Publishes the shop's storefront data, whichever app instance asks and
 * however many ask at once (decision 025):
 * 1. the request is recorded in the database (storefrontRequested + 1);
 * 2. one instance at a time holds the shop's lease; one that cannot take it
 *    is done, because the holder publishes every request before it lets go;
 * 3. the holder publishes as number N = the latest request, reading the shop's
 *    data after N was recorded, so a later number always carries later data,
 *    then records N as published (only ever upwards, only while it still
 *    holds the lease), and repeats while newer requests arrived;
 * 4. after letting go it looks once more, for a request that arrived just then.
 * A publish that fails or hangs (given up after PUBLISH_TIMEOUT_MS) leaves
 * its request unpublished: the sweep (startStorefrontPublishSweep) or the
 * next change retries it. A lease outlives a hung publish (2x the timeout),
 * so a given-up publish cannot race its successor.
 */
export async function publishStorefrontInTurn(shopId: string): Promise<void> {
  await prisma.shop.updateMany({ where: { id: shopId }, data: { storefrontRequested: { increment: 1 } } });
  for (;;) {
    if (!(await takePublishLease(shopId))) return;
    try {
      for (;;) {
        const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { storefrontRequested: true, storefrontPublished: true } });
        if (!shop || shop.storefrontPublished >= shop.storefrontRequested) break;
        const version = shop.storefrontRequested;
        // The lease is renewed for this publish; losing it means another instance took over after a hang.
        if (!(await takePublishLease(shopId))) throw new PublishLeaseLostError(shopId);
        await withinTime(publishing.publish(shopId, version), publishing.timeoutMs, `Publishing the storefront data of shop ${shopId}`);
        const recorded = await prisma.shop.updateMany({
          where: { id: shopId, storefrontLeaseOwner: INSTANCE_ID, storefrontPublished: { lt: version } },
          data: { storefrontPublished: version },
        });
        if (!recorded.count) throw new PublishLeaseLostError(shopId);
      }
    } finally {
      await releasePublishLease(shopId);
    }
    const after = await prisma.shop.findUnique({ where: { id: shopId }, select: { storefrontRequested: true, storefrontPublished: true } });
    if (!after || after.storefrontPublished >= after.storefrontRequested) return;
  }
}

/** Shops with a request newer than their last publish that no live instance is publishing. */
export async function sweepCandidates(limit = 100): Promise<string[]> {
  const shops = await prisma.shop.findMany({
    where: {
      uninstalledAt: null,
      storefrontRequested: { gt: prisma.shop.fields.storefrontPublished },
      OR: [{ storefrontLeaseUntil: null }, { storefrontLeaseUntil: { lt: new Date() } }],
    },
    select: { id: true },
    take: limit,
  });
  return shops.map((shop) => shop.id);
}

/** How often the sweep looks for publishes that failed, hung or whose instance died. */
export const PUBLISH_SWEEP_MS = 60_000;

/**
 * Retries what no instance is publishing: shops with a request newer than
 * their last publish and no live lease (a failed publish, a crashed instance).
 * Started by the app server and the worker; stop() for tests and shutdown.
 */
export function startStorefrontPublishSweep(intervalMs = PUBLISH_SWEEP_MS): { sweep: () => Promise<number>; stop: () => void } {
  const sweep = async () => {
    if (process.env.STOREFRONT_PUBLISHING === "off") return 0;
    const shopIds = await sweepCandidates();
    for (const shopId of shopIds) scheduleStorefrontPublish(shopId);
    return shopIds.length;
  };
  const timer = setInterval(() => void sweep().catch((error: unknown) => console.warn("Storefront publish sweep failed", error)), intervalMs);
  timer.unref?.();
  return { sweep, stop: () => clearInterval(timer) };
}

let processSweep: ReturnType<typeof startStorefrontPublishSweep> | null = null;

/** The sweep of this process, started once (app server, worker). */
export function startStorefrontPublishSweepOnce() {
  processSweep ??= startStorefrontPublishSweep();
  return processSweep;
}

/** Resolves once no publish is pending or running for the shop (tests, graceful shutdown). */
export async function storefrontPublishSettled(shopId: string): Promise<void> {
  for (;;) {
    const state = publishStates.get(shopId);
    if (!state) return;
    if (state.running) await state.running;
    else await new Promise((resolve) => setTimeout(resolve, PUBLISH_COALESCE_MS / 3));
  }
}
