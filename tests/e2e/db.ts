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
 * Makes the test's shop before any page opens, as the app's first open does (POST /api/shops with the admin's
 * session token), and returns its row: the test arranges what it needs, then opens its page once.
 */
export async function installedShop(shopHandle: string) {
  const shopDomain = `${shopHandle}.myshopify.com`;
  const token = await mintSessionToken({ shop: shopDomain, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret });
  const response = await fetch(`http://localhost:${E2E_PORTS.app}/api/shops`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Accept: "application/json",
      // Shopify's library answers bots with 410: the admin's browser.
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    },
    body: JSON.stringify({ shopDomain }),
  });
  if (response.status !== 201) throw new Error(`POST /api/shops for ${shopDomain} answered ${response.status}: ${await response.text()}`);
  return bootstrappedShop(shopHandle);
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
