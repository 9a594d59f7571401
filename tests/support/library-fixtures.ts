/**
 * Fixtures of the Video Library's route tests: a bootstrapped shop (which also
 * stores its offline session, as the embedded app's first request does),
 * videos and widgets written straight to the database, a scripted fake
 * importer, and a tiny image server for thumbnail copies.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { prisma } from "~/db.server";
import { PLATFORMS } from "~/platforms/config";
import type { ChannelImportResult, ImportedChannel, ImportedVideo, PlatformId, PlatformImporter } from "~/contracts/platforms";
import { action as createShopRoute } from "~/routes/api.shops._index";
import { apiRequest, callRoute, uniqueShop } from "./app-requests";
import * as seed from "./seed";
import type { VideoSeed, WidgetSeed } from "./seed";

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

/** Videos written directly, as an import would store them, oldest first (the order they were imported in). */
export function seedVideos<const Seeds extends readonly VideoSeed[]>(shopId: string, seeds: Seeds) {
  return seed.seedVideos(prisma, shopId, seeds, { order: "oldest-first" });
}

/** Widgets, numbered in the order given. */
export function seedWidgets<const Seeds extends readonly WidgetSeed[]>(shopId: string, seeds: Seeds) {
  return seed.seedWidgets(prisma, shopId, seeds);
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
