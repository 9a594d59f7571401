import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import localApp from "./local-app.json" with { type: "json" };
import { VARIANT_PICKER_PRODUCT_HANDLE, demoCatalogue } from "./catalogue";
import { gid } from "./gid";
import { installationId } from "./graphql/views";
import { appExtensionsOf } from "./app-extensions";
import { LIQUID_ERROR_MARK } from "./real-themes/render";
import { REAL_THEME_NAMES, parseThemeJson, realThemesMissing, type RealThemeName } from "./real-themes/theme-source";
import { startLocalShopify, type LocalShopify } from "./server";
import { clipcartMetafields, storefrontWidget } from "../../support/storefront-widgets";

// Local Shopify's storefront on Shopify's own themes (decision 064): the
// pages each theme's files make, the Section Rendering API and the Ajax
// cart's answers. The themes are read from ../shared/themes: without them
// these tests are skipped, saying why, except in CI, where they must run.
const missing = realThemesMissing();
if (missing && process.env.CI) throw new Error(`Real-theme tests cannot run in CI: ${missing}`);

const hoodie = demoCatalogue().find((p) => p.handle === VARIANT_PICKER_PRODUCT_HANDLE)!;
const smallBlack = hoodie.variants.find((v) => v.title === "S / Black")!;
const soldOut = hoodie.variants.find((v) => v.inventoryQuantity <= 0)!;

describe.skipIf(!!missing)(`Local Shopify on real themes${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let local: LocalShopify;
  beforeAll(async () => {
    local = await startLocalShopify({ port: 0 });
  });
  afterAll(async () => {
    await local?.close();
  });

  const newShop = (theme: RealThemeName, themeSettings: Record<string, unknown> = {}) => {
    const shop = `rt-${randomBytes(4).toString("hex")}`;
    local.seed(shop, { realTheme: theme, themeSettings });
    return shop;
  };
  const at = (shop: string, path: string, init?: RequestInit) => fetch(`${local.url}/storefront/${shop}${path}`, { redirect: "manual", ...init });
  const text = async (shop: string, path: string) => {
    const response = await at(shop, path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const json = (body: unknown, cookie = "") => ({
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const cookieOf = (response: Response) => (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

  describe.each(REAL_THEME_NAMES)("%s", (theme) => {
    it("renders home, product, collection, collection list, search and cart pages from the theme's files, with no Liquid error", async () => {
      const shop = newShop(theme, { cart_type: "drawer" });
      for (const path of ["/", `/products/${hoodie.handle}`, "/collections/all", "/collections", "/search", "/cart"]) {
        const html = await text(shop, path);
        expect(html, path).not.toContain(LIQUID_ERROR_MARK);
        expect(html, path).toMatch(/<(div|header) id="shopify-section-sections--\d+__header\w*" class="shopify-section shopify-section-group-header-group/);
        // Shopify's standard actions on every page, and Horizon 4's @shopify/events from Local Shopify instead of Shopify's CDN.
        expect(html).toContain('<script type="module" src="/cdn/shopify/storefront/standard-actions.js"></script>');
        expect(html).not.toContain("https://cdn.shopify.com/");
      }
      expect((await at(shop, "/products/no-such-product")).status).toBe(404);
    });

    it("puts the theme's own product form on the product page: its variant, its Add to cart", async () => {
      const html = await text(newShop(theme), `/products/${hoodie.handle}`);
      expect(html).toMatch(/<form method="post" action="\/cart\/add" id="[\w-]*template--\d+__main"[^>]*enctype="multipart\/form-data"/);
      expect(html).toMatch(new RegExp(`name="id"[^>]*value="${smallBlack.id}"`));
      expect(html).toMatch(theme === "dawn" ? /<product-form/ : /<product-form-component/);
    });
  });

  it("serves each theme's assets and compiled stylesheet, and the standard events module", async () => {
    const asset = await fetch(`${local.url}/cdn/shop/t/dawn/assets/product-form.js`);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expect(await asset.text()).toContain("customElements.define(\n    'product-form'");
    const compiled = await (await fetch(`${local.url}/cdn/shop/t/horizon-4.1.3/compiled_assets/styles.css`)).text();
    expect(compiled).toContain("cart-drawer-component");
    const events = await fetch(`${local.url}/cdn/shopify/storefront/standard-events.js`);
    expect(events.headers.get("content-type")).toContain("javascript");
    expect(await events.text()).toContain("export class ShopifyStandardEvent extends Event");
    expect((await fetch(`${local.url}/cdn/shop/t/dawn/assets/no-such-file.js`)).status).toBe(404);
  });

  describe("the Section Rendering API", () => {
    it("answers ?sections= with each section's HTML in its wrapper, null for an unknown id; ?section_id= with the HTML alone", async () => {
      const shop = newShop("dawn");
      const page = await text(shop, "/");
      const headerId = /id="shopify-section-(sections--\d+__header)"/.exec(page)![1]!;
      const sections = await (await at(shop, `/?sections=${headerId},cart-icon-bubble,no-such-section`)).json();
      expect(Object.keys(sections)).toEqual([headerId, "cart-icon-bubble", "no-such-section"]);
      expect(sections[headerId]).toMatch(
        new RegExp(`^<div id="shopify-section-${headerId}" class="shopify-section shopify-section-group-header-group section-header">`),
      );
      expect(sections["cart-icon-bubble"]).toMatch(/^<div id="shopify-section-cart-icon-bubble" class="shopify-section">/);
      expect(sections["no-such-section"]).toBeNull();

      const single = await at(shop, `/products/${hoodie.handle}?section_id=cart-icon-bubble`);
      expect(single.headers.get("content-type")).toContain("text/html");
      expect(await single.text()).toMatch(/^<div id="shopify-section-cart-icon-bubble"/);
      expect((await at(shop, "/?section_id=no-such-section")).status).toBe(404);
      expect((await at(shop, "/?sections=a,b,c,d,e,f")).status).toBe(400);
    });

    it("renders a template's section in the context of the page it is asked on", async () => {
      const shop = newShop("horizon-4.1.3");
      const page = await text(shop, `/products/${hoodie.handle}`);
      const mainId = /id="shopify-section-(template--\d+__main)"/.exec(page)![1]!;
      const html = await (await at(shop, `/products/${hoodie.handle}?section_id=${mainId}`)).text();
      expect(html).toContain(hoodie.title);
      expect(html).toContain("<product-form-component");
    });
  });

  describe("the Ajax cart", () => {
    it("/cart/add.js with one id answers that line with its key, properties (underscored ones too) and the sections asked for", async () => {
      const shop = newShop("dawn");
      const response = await at(
        shop,
        "/cart/add.js",
        json({
          id: smallBlack.id,
          quantity: 2,
          properties: { _clipcart_video: "v1", Engraving: "Hi" },
          sections: "cart-notification-product,cart-icon-bubble,nope",
          sections_url: `/products/${hoodie.handle}`,
        }),
      );
      expect(response.status).toBe(200);
      const line = await response.json();
      expect(line).toMatchObject({
        id: smallBlack.id,
        variant_id: smallBlack.id,
        product_id: hoodie.id,
        quantity: 2,
        title: `${hoodie.title} - S / Black`,
        product_title: hoodie.title,
        variant_title: "S / Black",
        price: 6400,
        final_price: 6400,
        line_price: 12800,
        final_line_price: 12800,
        properties: { _clipcart_video: "v1", Engraving: "Hi" },
        url: `/products/${hoodie.handle}?variant=${smallBlack.id}`,
        options_with_values: [
          { name: "Size", value: "S" },
          { name: "Color", value: "Black" },
        ],
      });
      expect(line.key).toMatch(new RegExp(`^${smallBlack.id}:[0-9a-f]{32}$`));
      expect(line.image).toMatch(/\/cdn\/shop\/products\/colour-block-hoodie\.svg$/);
      expect(Object.keys(line.sections)).toEqual(["cart-notification-product", "cart-icon-bubble", "nope"]);
      // Dawn's notification finds the line by its key, and shows the property a shopper may read (not the underscored one).
      expect(line.sections["cart-notification-product"]).toContain(`id="cart-notification-product-${line.key}"`);
      expect(line.sections["cart-notification-product"]).toContain("Engraving");
      expect(line.sections["cart-notification-product"]).not.toContain("_clipcart_video");
      expect(line.sections["cart-icon-bubble"]).toContain('<span aria-hidden="true">2</span>');
      expect(line.sections.nope).toBeNull();
    });

    it("/cart/add.js with { items } answers { items }; a form post (multipart, urlencoded) as Shopify reads it; a plain form post redirects", async () => {
      // Horizon 3 keeps its drawer's cart items in the header section: a section group's section, by its id.
      const shop = newShop("horizon-3.5.1");
      const page = await text(shop, `/products/${hoodie.handle}`);
      const cartItems = /<cart-items-component[^>]*data-section-id="([^"]+)"/.exec(page)![1]!;
      expect(cartItems).toMatch(/^sections--\d+__header_section$/);
      const first = await at(shop, "/cart/add.js", json({ items: [{ id: smallBlack.id, quantity: 1, properties: { _clipcart_video: "v1" } }] }));
      const cookie = cookieOf(first);
      const answer = await first.json();
      expect(Object.keys(answer)).toEqual(["items"]);
      expect(answer.items).toHaveLength(1);

      // The theme's product form, as its script posts it (FormData: multipart, no Content-Type of ours; X-Requested-With).
      const form = new FormData();
      form.set("form_type", "product");
      form.set("id", String(smallBlack.id));
      form.set("quantity", "1");
      form.set("properties[_clipcart_video]", "v1");
      form.set("sections", cartItems);
      form.set("sections_url", `/products/${hoodie.handle}`);
      const multipart = await at(shop, "/cart/add", { method: "POST", body: form, headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" } });
      const line = await multipart.json();
      expect(line).toMatchObject({ quantity: 2, properties: { _clipcart_video: "v1" } });
      expect(line.sections[cartItems]).toMatch(
        new RegExp(`^<header id="shopify-section-${cartItems}" class="shopify-section shopify-section-group-header-group header-section">`),
      );
      expect(line.sections[cartItems]).toContain(hoodie.title);

      const urlencoded = await at(shop, "/cart/add.js", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: `items[0][id]=${smallBlack.id}&items[0][quantity]=1&items[0][properties][Gift]=yes`,
      });
      expect((await urlencoded.json()).items[0]).toMatchObject({ quantity: 1, properties: { Gift: "yes" } });

      const plain = await at(shop, "/cart/add", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Accept: "text/html" },
        body: `id=${smallBlack.id}&quantity=1`,
      });
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe("/cart");
      expect((await (await at(shop, "/cart.js", { headers: { Cookie: cookie } })).json()).item_count).toBe(4);
    });

    it("refuses what Shopify refuses, adding nothing: an unknown variant, a sold-out one, more than the stock", async () => {
      const shop = newShop("dawn");
      expect((await at(shop, "/cart/add.js", json({ id: 999_999_999 }))).status).toBe(404);
      const sold = await at(shop, "/cart/add.js", json({ id: soldOut.id }));
      expect(sold.status).toBe(422);
      expect(await sold.json()).toMatchObject({ status: 422, message: "Cart Error", description: `The product '${hoodie.title}' is already sold out.` });
      const tooMany = await at(shop, "/cart/add.js", json({ items: [{ id: smallBlack.id, quantity: smallBlack.inventoryQuantity + 1 }] }));
      expect(tooMany.status).toBe(422);
      expect((await (await at(shop, "/cart.js", { headers: { Cookie: cookieOf(tooMany) } })).json()).item_count).toBe(0);
    });

    it("/cart/change.js, /cart/update.js and /cart/clear.js answer the cart, with the sections asked for", async () => {
      const shop = newShop("horizon-4.1.3", { cart_type: "drawer" });
      const added = await at(
        shop,
        "/cart/add.js",
        json({
          items: [
            { id: smallBlack.id, quantity: 1 },
            { id: smallBlack.id, quantity: 1, properties: { Engraving: "A" } },
          ],
        }),
      );
      const cookie = cookieOf(added);
      const [plain, engraved] = (await added.json()).items;
      expect(plain.key).not.toBe(engraved.key);

      const changed = await at(shop, "/cart/change.js", json({ id: engraved.key, quantity: 3, sections: "cart-drawer-section", sections_url: "/" }, cookie));
      const cart = await changed.json();
      expect(cart).toMatchObject({ item_count: 4, total_price: 25600, items_subtotal_price: 25600, currency: "USD" });
      expect(cart.items.map((item: { key: string; quantity: number }) => [item.key, item.quantity])).toEqual([
        [plain.key, 1],
        [engraved.key, 3],
      ]);
      expect(cart.sections["cart-drawer-section"]).toContain("cart-items-component");

      const updated = await (
        await at(shop, "/cart/update.js", json({ updates: { [plain.key]: 0 }, note: "Gift", attributes: { wrap: "yes" } }, cookie))
      ).json();
      expect(updated).toMatchObject({ item_count: 3, note: "Gift", attributes: { wrap: "yes" } });
      expect((await (await at(shop, "/cart/change.js", json({ line: 1, quantity: 0 }, cookie))).json()).item_count).toBe(0);
      expect((await at(shop, "/cart/change.js", json({ line: 9, quantity: 1 }, cookie))).status).toBe(400);
      await at(shop, "/cart/add.js", json({ id: smallBlack.id }, cookie));
      expect((await (await at(shop, "/cart/clear.js", json({}, cookie))).json()).items).toEqual([]);
    });
  });

  describe("the app's blocks on a real theme", () => {
    function publishWidget(shop: string) {
      const state = local.ctx.shop(shop);
      const owner = gid("AppInstallation", installationId(state));
      const now = new Date().toISOString();
      const metafields = clipcartMetafields([storefrontWidget({ pageContexts: ["all_pages"] })]);
      for (const [key, { value, type }] of Object.entries(metafields)) {
        state.metafields.push({
          id: 900_000 + state.metafields.length,
          ownerId: owner,
          namespace: "clipcart",
          key,
          type,
          value: JSON.stringify(value),
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    const addBlock = (shop: string, template: string) =>
      at(shop, `/admin/themes/current/editor?${new URLSearchParams({ template, addAppBlockId: `${localApp.apiKey}/carousel`, target: "newAppsSection" })}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "widget_number=1",
      });

    it.each(REAL_THEME_NAMES)("%s: the theme editor's Add app block puts the widget on the page, with the extension's assets", async (theme) => {
      const shop = newShop(theme);
      publishWidget(shop);
      expect((await addBlock(shop, "product")).status).toBe(200);
      expect((await addBlock(shop, "index")).status).toBe(200);

      const template = parseThemeJson(local.snapshot(shop).realThemeEdits[theme]!["templates/product.json"]!) as {
        sections: Record<string, { type: string }>;
        order: string[];
      };
      // Dawn has an apps section; Horizon a section that takes @app blocks.
      expect(template.sections[template.order.at(-1)!]!.type).toBe(theme === "dawn" ? "apps" : "_blocks");
      for (const path of ["/", `/products/${hoodie.handle}`]) {
        const html = await text(shop, path);
        expect(html, path).not.toContain(LIQUID_ERROR_MARK);
        expect(html, path).toMatch(/<div id="shopify-block-carousel_[0-9a-f]+" class="shopify-block shopify-app-block"><clipcart-widget/);
        expect(html, path).toContain('<script src="/cdn/extensions/clipcart-widgets/assets/clipcart-widgets.js" defer></script>');
      }
      const carousel = appExtensionsOf(local.ctx.shop(shop))[0]!.activations.find((a) => a.handle === "carousel")!;
      expect(carousel.status).toBe("active");
      expect(carousel.activations).toHaveLength(2);
    });

    it.each(REAL_THEME_NAMES)(
      "%s: target=mainSection puts the product videos block in the product section, where the page's product's videos show with the theme's product form (decision 080)",
      async (theme) => {
        const shop = newShop(theme);
        const state = local.ctx.shop(shop);
        const now = new Date().toISOString();
        state.metafields.push({
          id: 900_000 + state.metafields.length,
          ownerId: gid("AppInstallation", installationId(state)),
          namespace: "clipcart_products",
          key: `p_${hoodie.id}`,
          type: "json",
          value: JSON.stringify({ v: 1, videos: storefrontWidget().videos, widgets: {} }),
          createdAt: now,
          updatedAt: now,
        });
        const query = new URLSearchParams({ template: "product", addAppBlockId: `${localApp.apiKey}/product-videos`, target: "mainSection" });
        const added = await at(shop, `/admin/themes/current/editor?${query}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        });
        expect(added.status).toBe(200);
        const template = parseThemeJson(local.snapshot(shop).realThemeEdits[theme]!["templates/product.json"]!) as {
          sections: Record<string, { type: string; blocks?: Record<string, { type: string }>; block_order?: string[] }>;
        };
        // The product section keyed `main`: Dawn's main-product, Horizon's product-information; no section of its own.
        const main = template.sections.main!;
        expect(main.type).toBe(theme === "dawn" ? "main-product" : "product-information");
        expect(main.block_order!.at(-1)).toMatch(/^product-videos_[0-9a-f]+$/);
        expect(main.blocks![main.block_order!.at(-1)!]!.type).toContain("/blocks/product-videos/");

        const html = await text(shop, `/products/${hoodie.handle}?variant=${smallBlack.id}`);
        expect(html).not.toContain(LIQUID_ERROR_MARK);
        const section = new RegExp(
          `id="shopify-section-template--\\d+__main"(?:(?!id="shopify-section-)[\\s\\S])*?<div id="shopify-block-product-videos_[0-9a-f]+" class="shopify-block shopify-app-block"><clipcart-widget[^>]* class="cc-gallery">`,
        );
        expect(html).toMatch(section);
        expect(html.match(/<li class="cc-item"><\/li>/g)).toHaveLength(3);
        // The theme's own product form holds the page's variant, where the player reads it.
        expect(html).toMatch(
          new RegExp(
            `<form[^>]*action="/cart/add"[\\s\\S]*?<input[^>]*name="id"[^>]*value="${smallBlack.id}"|<input[^>]*value="${smallBlack.id}"[^>]*name="id"`,
          ),
        );
      },
    );

    it("refuses target=mainSection where the main section takes no app blocks (the built-in themes' sections have no schema)", async () => {
      const shop = `rt-${randomBytes(4).toString("hex")}`;
      local.seed(shop, {});
      const query = new URLSearchParams({ template: "product", addAppBlockId: `${localApp.apiKey}/product-videos`, target: "mainSection" });
      expect((await at(shop, `/admin/themes/current/editor?${query}`)).status).toBe(400);
    });
  });
});
