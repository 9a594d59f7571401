/**
 * Fixtures of the Video Library's route tests: a bootstrapped shop (which also
 * stores its offline session, as the embedded app's first request does),
 * videos and widgets written straight to the database, a scripted fake
 * importer, and a tiny image server for thumbnail copies.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { prisma, type Prisma } from "~/db.server";
import { videoSearchText } from "~/models/videos.server";
import { PLATFORMS } from "~/platforms/config";
import type { ChannelImportResult, ImportedChannel, ImportedVideo, PlatformId, PlatformImporter } from "~/platforms/types";
import { action as createShopRoute } from "~/routes/api.shops._index";
import { apiRequest, callRoute, uniqueShop } from "./app-requests";

export interface TestShop {
  domain: string;
  id: string;
}

/** A new shop, bootstrapped through POST /api/shops (token exchange stores its offline session). */
export async function bootstrapShop(prefix = "lib", plan: "free" | "premium" = "free"): Promise<TestShop> {
  const domain = uniqueShop(prefix);
  const response = await callRoute(createShopRoute, await apiRequest(domain, "/api/shops", { body: { shopDomain: domain } }));
  expect(response.status).toBe(201);
  const { shop } = (await response.json()) as { shop: { id: string } };
  if (plan === "premium") await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  return { domain, id: shop.id };
}

let sequence = 0;

type VideoSpec = Partial<Prisma.VideoUncheckedCreateInput>;
type StoredVideo = Awaited<ReturnType<typeof prisma.video.create>>;
type StoredWidget = Awaited<ReturnType<typeof prisma.widget.create>>;

/**
 * Videos written directly (ids, titles and searchText as an import would store them), oldest first.
 * One row per spec: a literal list of specs gives a tuple, so `const [a, b] = await seedVideos(...)` needs no checks.
 */
export async function seedVideos<const Specs extends readonly VideoSpec[]>(
  shopId: string,
  specs: Specs,
): Promise<{ -readonly [K in keyof Specs]: StoredVideo }> {
  const base = Date.now() - specs.length * 1000;
  const created = [];
  for (const [index, spec] of specs.entries()) {
    sequence += 1;
    const platformVideoId = spec.platformVideoId ?? String(7_300_000_000_000_000_000n + BigInt(sequence * 1000 + index));
    const data = {
      shopId,
      platform: "tiktok",
      platformVideoId,
      title: `Video ${index}`,
      authorName: "Author",
      channelUsername: "creator",
      videoUrl: `https://www.tiktok.com/@creator/video/${platformVideoId}`,
      createdAt: new Date(base + index * 1000),
      ...spec,
    };
    created.push(await prisma.video.create({ data: { ...data, searchText: videoSearchText(data) } }));
  }
  // The loop above creates exactly one row per spec, in order.
  return created as { -readonly [K in keyof Specs]: StoredVideo };
}

/** One widget per name, in order (a literal list of names gives a tuple, as with seedVideos). */
export async function seedWidgets<const Names extends readonly string[]>(
  shopId: string,
  names: Names,
): Promise<{ -readonly [K in keyof Names]: StoredWidget }> {
  const widgets: StoredWidget[] = [];
  for (const [index, name] of names.entries()) {
    widgets.push(await prisma.widget.create({ data: { shopId, name, layoutType: index % 2 ? "grid" : "carousel", displayNumber: index + 1 } }));
  }
  return widgets as { -readonly [K in keyof Names]: StoredWidget };
}

export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

// ---------------------------------------------------------------- fake importer

export { importedVideo } from "./imported-videos";

export function importedChannel(username: string): ImportedChannel {
  return { username, displayName: `${username} display`, avatarUrl: null, followerCount: 1234 };
}

type ChannelScript = (username: string) => ChannelImportResult | Promise<ChannelImportResult>;
type VideoScript = (url: string) => ImportedVideo | Promise<ImportedVideo>;

/**
 * An importer whose answers the test scripts per call. `calls` records what
 * the runner asked for.
 */
export function fakeImporter(platform: PlatformId, scripts: { channel?: ChannelScript; video?: VideoScript } = {}) {
  const calls: Array<{ method: "channel" | "video"; input: string }> = [];
  const importer: PlatformImporter = {
    config: PLATFORMS[platform],
    async importChannel(username) {
      calls.push({ method: "channel", input: username });
      if (!scripts.channel) throw new Error("no channel script");
      return scripts.channel(username);
    },
    async importVideo(url) {
      calls.push({ method: "video", input: url });
      if (!scripts.video) throw new Error("no video script");
      return { video: await scripts.video(url), channel: null };
    },
  };
  return { importer, calls };
}

/** A promise the test resolves when it wants the importer to answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// ---------------------------------------------------------------- images

/** 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** Serves /thumb/<anything>.png as an image and everything else as 404, like a platform CDN whose link expired. */
export async function startImageServer(): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url?.startsWith("/thumb/")) {
      response.writeHead(200, { "Content-Type": "image/png", "Content-Length": PNG.length });
      response.end(PNG);
    } else {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("URL signature expired");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
