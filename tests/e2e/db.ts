import { readFileSync } from "node:fs";
import path from "node:path";
import { mintSessionToken } from "../emulators/shopify/session-token";
import { E2E_DATABASE_NAME, E2E_PORTS } from "./stack-ports";
import * as seed from "../support/seed";
import type { VideoSeed, WidgetSeed } from "../support/seed";

export type { VideoSeed };

/**
 * The e2e stack's database (created by global-setup), for arranging state the
 * UI under test does not create itself (e.g. widgets before the Widgets page
 * exists) and for asserting what a flow stored.
 */
process.env.DATABASE_URL = `file:${path.resolve(import.meta.dirname, `../../prisma/${E2E_DATABASE_NAME}.sqlite`)}`;

export async function e2eDb() {
  return (await import("../../app/db.server")).prisma;
}

const localApp = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../emulators/shopify/local-app.json"), "utf8")) as {
  apiKey: string;
  apiSecret: string;
};

/**
 * The app's API as the admin calls it (a session token of the shop's admin), for arranging through the app what a
 * test does not drive through the UI itself. Throws unless the answer is `expected`.
 */
export async function appApi<T = Record<string, unknown>>(
  shopHandle: string,
  path: string,
  { method = "POST", body, expected = [200, 201, 202] }: { method?: string; body?: unknown; expected?: number[] } = {},
): Promise<T> {
  const token = await mintSessionToken({ shop: `${shopHandle}.myshopify.com`, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret });
  const response = await fetch(`http://localhost:${E2E_PORTS.app}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Accept: "application/json",
      // Shopify's library answers bots with 410: the admin's browser.
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path} for ${shopHandle} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Makes the test's shop before any page opens, as the app's first open does (POST /api/shops with the admin's
 * session token), and returns its row: the test arranges what it needs, then opens its page once.
 */
export async function installedShop(shopHandle: string) {
  await appApi(shopHandle, "/api/shops", { body: { shopDomain: `${shopHandle}.myshopify.com` }, expected: [201] });
  return bootstrappedShop(shopHandle);
}

/** Approves a video to these widgets through the app (the library's Approve does the same call), so the storefront gets it. */
export async function approvedThroughApp(shopHandle: string, videoId: string, widgetIds: string[]) {
  await appApi(shopHandle, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: true, widgetIds } });
}

/** Imports one video by its URL through the app, as the Import dialog does; resolves once the import job has ended. */
export async function importedThroughApp(shopHandle: string, shopId: string, platform: "tiktok" | "instagram" | "pinterest", videoUrl: string) {
  const { job } = await appApi<{ job: { id: string } }>(shopHandle, "/api/videos/single", { body: { shopId, videoUrl, platform } });
  // Followed as the Import dialog follows it, until it ends (within the test's own budget on a busy machine).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { job: now } = await appApi<{ job: { status: string } }>(shopHandle, `/api/import-jobs/${job.id}`, { method: "GET" });
    if (now.status === "succeeded") return;
    if (now.status !== "queued" && now.status !== "running") throw new Error(`The import of ${videoUrl} ended ${now.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The import of ${videoUrl} did not end within 60 s`);
}

/** Waits for the shop row the app creates when it bootstraps (first open of the admin). */
export async function bootstrappedShop(shopHandle: string) {
  const prisma = await e2eDb();
  const shopDomain = `${shopHandle}.myshopify.com`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const shop = await prisma.shop.findUnique({ where: { shopDomain } });
    if (shop) return shop;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${shopDomain} was never bootstrapped`);
}

/** Videos for a shop the app has bootstrapped (call after openApp()); the first seed is the newest, so the list shows them in the order given. */
export async function seedVideos<const Seeds extends readonly VideoSeed[]>(shopHandle: string, seeds: Seeds) {
  const shop = await bootstrappedShop(shopHandle);
  return seed.seedVideos(await e2eDb(), shop.id, seeds);
}

/** Widgets for a shop the app has bootstrapped, numbered in the order given. */
export async function seedWidgets<const Seeds extends readonly WidgetSeed[]>(shopHandle: string, seeds: Seeds) {
  const shop = await bootstrappedShop(shopHandle);
  return seed.seedWidgets(await e2eDb(), shop.id, seeds);
}
