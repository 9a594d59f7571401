import { describe, expect, it, inject } from "vitest";
import { randomBytes } from "node:crypto";
import localApp from "./local-app.json" with { type: "json" };
import { demoCatalogue } from "./catalogue";

// Local Shopify's storefront, by path (/storefront/<handle>/...), as Node reaches it.
const base = () => inject("localShopifyUrl");
const newShop = () => `store-${randomBytes(4).toString("hex")}`;
const page = (shop: string, path: string, init?: RequestInit) => fetch(`${base()}/storefront/${shop}${path}`, { redirect: "manual", ...init });

async function seed(shop: string, body: unknown) {
  const response = await fetch(`${base()}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

async function state(shop: string) {
  return (await (await fetch(`${base()}/__local/shops/${shop}/state`)).json()) as { themeEdits: Partial<Record<string, Record<string, string>>> };
}

/** A theme file the editor saved, parsed (the test fails here when it was never saved). */
async function editedThemeFile(shop: string, theme: "json" | "liquid", file: string) {
  const text = (await state(shop)).themeEdits[theme]?.[file];
  expect(text, `the ${theme} theme's edited ${file}`).toBeDefined();
  return JSON.parse(text!);
}

describe("storefront pages, on the JSON and the vintage theme", () => {
  it.each(["json", "liquid"] as const)("%s theme: home, product, collection and cart pages", async (theme) => {
    const shop = newShop();
    await seed(shop, { theme });
    // The demo catalogue always holds products (73 by default).
    const product = demoCatalogue()[0]!;
    const home = await (await page(shop, "/")).text();
    expect(home).toContain(`href="/products/${product.handle}"`);
    const productPage = await page(shop, `/products/${product.handle}`);
    expect(productPage.status).toBe(200);
    const html = await productPage.text();
    expect(html).toContain(`<h1>${product.title}</h1>`);
    expect(html).toContain(`$${Number(product.variants[0]?.price).toFixed(2)}`);
    expect((await page(shop, "/collections/all")).status).toBe(200);
    expect(await (await page(shop, "/cart")).text()).toContain("Your cart is empty.");
    expect((await page(shop, "/products/no-such-thing")).status).toBe(404);
  });
});

describe("the Ajax cart", () => {
  it("adds lines with their properties, counts them, changes and refuses what Shopify refuses", async () => {
    const shop = newShop();
    const products = demoCatalogue();
    // Every demo product has at least one variant.
    const variant = products[0]!.variants[0]!;
    const soldOut = products.flatMap((p) => p.variants).find((v) => v.inventoryQuantity <= 0)!;
    const add = (body: unknown, cookie = "") =>
      page(shop, "/cart/add.js", { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) });

    const first = await add({ items: [{ id: variant.id, quantity: 2, properties: { _clipcart_video: "v1" } }] });
    expect(first.status).toBe(200);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^cart=/);
    await add({ items: [{ id: variant.id, quantity: 1, properties: { _clipcart_video: "v2" } }] }, cookie);

    const cart = await (await page(shop, "/cart.js", { headers: { Cookie: cookie } })).json();
    expect(cart.item_count).toBe(3);
    expect(cart.items.map((item: { quantity: number; properties: unknown }) => [item.quantity, item.properties])).toEqual([
      [2, { _clipcart_video: "v1" }],
      [1, { _clipcart_video: "v2" }],
    ]);
    expect(cart.total_price).toBe(Math.round(Number(variant.price) * 100) * 3);

    expect((await add({ items: [{ id: 999_999_999, quantity: 1 }] }, cookie)).status).toBe(404);
    const refused = await add({ items: [{ id: soldOut.id, quantity: 1 }] }, cookie);
    expect(refused.status).toBe(422);
    expect((await refused.json()).description).toContain("sold out");

    const changed = await page(shop, "/cart/change.js", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ line: 1, quantity: 0 }),
    });
    expect((await changed.json()).item_count).toBe(1);
    // Another browser has its own cart.
    expect((await (await page(shop, "/cart.js")).json()).item_count).toBe(0);
  });
});

describe("the Section Rendering API on /cart/add.js", () => {
  it("answers the asked-for sections of the theme rendered with the new cart, in their wrappers; null for one the theme lacks", async () => {
    const shop = newShop();
    await seed(shop, { theme: "json" });
    const variant = demoCatalogue()[0]!.variants[0]!;
    const response = await page(shop, "/cart/add.js", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ id: variant.id, quantity: 2 }], sections: "cart-icon-bubble,cart-drawer,no-such-section" }),
    });
    const answer = (await response.json()) as { items: unknown[]; sections: Record<string, string | null> };
    expect(answer.items).toHaveLength(1);
    expect(answer.sections["cart-icon-bubble"]).toMatch(/^<div id="shopify-section-cart-icon-bubble" class="shopify-section">[\s\S]*Cart \(2\)/);
    expect(answer.sections["cart-drawer"]).toContain(demoCatalogue()[0]!.title);
    expect(answer.sections["no-such-section"]).toBeNull();
    // Without `sections`, the answer is the added lines only, as before.
    const plain = await page(shop, "/cart/add.js", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ id: variant.id }] }),
    });
    expect(Object.keys(await plain.json())).toEqual(["items"]);
  });
});

describe("the theme editor's deep links", () => {
  const editor = (shop: string, query: Record<string, string>, init?: RequestInit) =>
    page(shop, `/admin/themes/current/editor?${new URLSearchParams(query)}`, init);
  const save = (settings: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(settings).toString(),
  });

  it("adds the block in a new apps section of the template, with its settings", async () => {
    const shop = newShop();
    const query = { template: "product", addAppBlockId: `${localApp.apiKey}/carousel`, target: "newAppsSection" };
    expect(await (await editor(shop, query)).text()).toContain("Video carousel");
    expect((await editor(shop, query, save({ widget_number: "3" }))).status).toBe(200);

    const template = await editedThemeFile(shop, "json", "templates/product.json");
    const apps = template.sections[template.order.at(-1)];
    expect(apps.type).toBe("apps");
    expect(Object.values(apps.blocks)).toEqual([
      { type: expect.stringMatching(/^shopify:\/\/apps\/clipcart\/blocks\/carousel\//), settings: { widget_number: 3 } },
    ]);
  });

  it("adds the Stories block (decision 043) as it adds the others", async () => {
    const shop = newShop();
    const query = { template: "index", addAppBlockId: `${localApp.apiKey}/stories`, target: "newAppsSection" };
    expect(await (await editor(shop, query)).text()).toContain("Add the app block <strong>Video stories</strong> to the <strong>index</strong> template");
    expect((await editor(shop, query, save({ widget_number: "" }))).status).toBe(200);

    const template = await editedThemeFile(shop, "json", "templates/index.json");
    const apps = template.sections[template.order.at(-1)];
    expect(Object.values(apps.blocks)).toEqual([
      { type: expect.stringMatching(/^shopify:\/\/apps\/clipcart\/blocks\/stories\//), settings: { widget_number: null } },
    ]);
    // It is an app block: an embed link for it is refused.
    expect((await editor(shop, { context: "apps", activateAppId: `${localApp.apiKey}/stories` })).status).toBe(400);
  });

  it("switches an embed on once, and offers the embed on a vintage theme that takes no blocks", async () => {
    const shop = newShop();
    await seed(shop, { theme: "liquid" });
    const blocked = await (await editor(shop, { template: "index", addAppBlockId: `${localApp.apiKey}/grid`, target: "newAppsSection" })).text();
    expect(blocked).toContain("does not support app blocks");
    expect((await state(shop)).themeEdits.liquid ?? {}).toEqual({});

    const embed = { context: "apps", template: "index", activateAppId: `${localApp.apiKey}/page-widgets` };
    await editor(shop, embed, save({ widget_number: "", position: "main" }));
    await editor(shop, embed, save({ widget_number: "2", position: "end" }));
    const settings = await editedThemeFile(shop, "liquid", "config/settings_data.json");
    expect(Object.values(settings.presets.Default.blocks)).toEqual([
      { type: expect.stringMatching(/\/blocks\/page-widgets\//), disabled: false, settings: { widget_number: 2, position: "end" } },
    ]);
  });

  it("refuses a link for another app or an unknown block", async () => {
    const shop = newShop();
    expect((await editor(shop, { addAppBlockId: "another-app/carousel" })).status).toBe(404);
    expect((await editor(shop, { addAppBlockId: `${localApp.apiKey}/nope` })).status).toBe(404);
  });
});
