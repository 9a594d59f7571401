import path from "node:path";
import { E2E_DATABASE_NAME } from "./stack-ports";

/**
 * The e2e stack's database (created by global-setup), for arranging state the
 * UI under test does not create itself (e.g. widgets before the Widgets page
 * exists) and for asserting what a flow stored.
 */
process.env.DATABASE_URL = `file:${path.resolve(import.meta.dirname, `../../prisma/${E2E_DATABASE_NAME}.sqlite`)}`;

export async function e2eDb() {
  return (await import("../../app/db.server")).prisma;
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

export async function seedWidgets(shopHandle: string, widgets: Array<{ name: string; layoutType: string }>) {
  const prisma = await e2eDb();
  const shop = await bootstrappedShop(shopHandle);
  return Promise.all(
    widgets.map((widget, index) =>
      prisma.widget.create({ data: { shopId: shop.id, name: widget.name, layoutType: widget.layoutType, displayNumber: index + 1 } }),
    ),
  );
}
