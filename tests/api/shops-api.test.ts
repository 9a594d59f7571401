import { describe, expect, it } from "vitest";
import { loader as getShop } from "~/routes/api.shops.$shopDomain";
import { action as createShop } from "~/routes/api.shops._index";
import { loader as getActiveTheme } from "~/routes/api.shops.$shopId.active-theme";
import { loader as getThemeSetup } from "~/routes/api.shops.$shopId.theme-setup";
import { action as markFirstActive } from "~/routes/api.shops.$shopId.mark-first-active";
import { apiRequest, callRoute, localShopify, sessionToken, uniqueShop } from "../support/app-requests";

async function bootstrap(shop: string) {
  const response = await callRoute(createShop, await apiRequest(shop, "/api/shops", { body: { shopDomain: shop } }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { shop: { id: string; shopDomain: string; firstActiveAt: string | null } }).shop;
}

describe("shop bootstrap (spec 7)", () => {
  it("answers 404 for a new shop, creates it on POST, then returns the same shop", async () => {
    const shop = uniqueShop();
    const before = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`), { shopDomain: shop });
    expect(before.status).toBe(404);

    const created = await bootstrap(shop);
    expect(created.shopDomain).toBe(shop);

    const after = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`), { shopDomain: shop });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { shop: { id: string } }).shop.id).toBe(created.id);
  });

  it("is idempotent: bootstrapping twice keeps one shop", async () => {
    const shop = uniqueShop();
    const [first, second] = await Promise.all([bootstrap(shop), bootstrap(shop)]);
    expect(second.id).toBe(first.id);
  });

  it("rejects malformed input with 400 and a readable message", async () => {
    const shop = uniqueShop();
    const notJson = await callRoute(createShop, await apiRequest(shop, "/api/shops", { method: "POST", rawBody: "{oops" }));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "The request body must be valid JSON." });

    const missing = await callRoute(createShop, await apiRequest(shop, "/api/shops", { body: {} }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/^shopDomain: /);

    const still404 = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`), { shopDomain: shop });
    expect(still404.status).toBe(404);
  });
});

describe("every call is scoped to the session token's shop", () => {
  it("refuses another shop's domain, id and records with 404 and changes nothing", async () => {
    const mine = uniqueShop();
    const theirs = uniqueShop();
    await bootstrap(mine);
    const their = await bootstrap(theirs);

    const readTheirs = await callRoute(getShop, await apiRequest(mine, `/api/shops/${theirs}`), { shopDomain: theirs });
    expect(readTheirs.status).toBe(404);

    const createTheirs = await callRoute(createShop, await apiRequest(mine, "/api/shops", { body: { shopDomain: theirs } }));
    expect(createTheirs.status).toBe(404);

    const theirTheme = await callRoute(getActiveTheme, await apiRequest(mine, `/api/shops/${their.id}/active-theme`), {
      shopId: their.id,
    });
    expect(theirTheme.status).toBe(404);

    const markTheirs = await callRoute(markFirstActive, await apiRequest(mine, `/api/shops/${their.id}/mark-first-active`, { body: {} }), { shopId: their.id });
    expect(markTheirs.status).toBe(404);

    const theirsAfter = await callRoute(getShop, await apiRequest(theirs, `/api/shops/${theirs}`), { shopDomain: theirs });
    expect(((await theirsAfter.json()) as { shop: { firstActiveAt: string | null } }).shop.firstActiveAt).toBeNull();
  });
});

describe("session-token authentication through Local Shopify", () => {
  const cases = [
    ["an expired token", { expiresInSeconds: -120 }],
    ["a token signed with another secret", { apiSecret: "not-the-app-secret" }],
    ["a token for another app (audience)", { audience: "someone-elses-api-key" }],
  ] as const;

  it.each(cases)("refuses %s with 401 and asks App Bridge to retry with a new token", async (_label, overrides) => {
    const shop = uniqueShop();
    await bootstrap(shop);
    const token = await sessionToken(shop, overrides);
    const response = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`, { token }), { shopDomain: shop });
    expect(response.status).toBe(401);
    expect(response.headers.get("X-Shopify-Retry-Invalid-Session-Request")).toBe("1");
  });

  it("accepts a valid token after exchanging it for an access token", async () => {
    const shop = uniqueShop();
    const created = await bootstrap(shop);
    const response = await callRoute(getActiveTheme, await apiRequest(shop, `/api/shops/${created.id}/active-theme`), {
      shopId: created.id,
    });
    expect(response.status).toBe(200);
  });
});

describe("GET /api/shops/{shopId}/active-theme", () => {
  it("tells a JSON theme from a vintage liquid theme", async () => {
    const shop = uniqueShop();
    const created = await bootstrap(shop);
    const themeOf = async () => {
      const response = await callRoute(getActiveTheme, await apiRequest(shop, `/api/shops/${created.id}/active-theme`), {
        shopId: created.id,
      });
      return response.json();
    };

    await localShopify(`/shops/${shop}/seed`, { theme: "json" });
    expect(await themeOf()).toMatchObject({ type: "json", name: "Dawn" });

    await localShopify(`/shops/${shop}/seed`, { theme: "liquid" });
    expect(await themeOf()).toMatchObject({ type: "liquid", name: "Debut" });
  });
});

describe("GET /api/shops/{shopId}/theme-setup (issue 15 item 11)", () => {
  it("reads where our app blocks and embeds are from the published theme's files", async () => {
    const shop = uniqueShop();
    const created = await bootstrap(shop);
    const setupOf = async () => {
      const response = await callRoute(getThemeSetup, await apiRequest(shop, `/api/shops/${created.id}/theme-setup`), { shopId: created.id });
      expect(response.status).toBe(200);
      return response.json();
    };
    const type = (handle: string) => `shopify://apps/clipcart/blocks/${handle}/3f0c9a52-clipcart-widgets`;
    await localShopify(`/shops/${shop}/seed`, {
      theme: "json",
      themeEdits: {
        json: {
          "templates/product.json": JSON.stringify({
            sections: { apps: { type: "apps", blocks: { b: { type: type("grid"), settings: { widget_number: 3 } } } } },
            order: ["apps"],
          }),
          "config/settings_data.json": JSON.stringify({ current: { blocks: { e: { type: type("sticky"), disabled: false, settings: {} } } } }),
        },
      },
    });
    expect(await setupOf()).toMatchObject({
      themeName: "Dawn",
      type: "json",
      templates: { homepage: [], product: [{ handle: "grid", widgetNumber: 3 }], collection: [], cart: [] },
      embeds: [{ handle: "sticky", widgetNumber: null }],
    });
    await localShopify(`/shops/${shop}/seed`, { theme: "liquid" });
    expect(await setupOf()).toMatchObject({ themeName: "Debut", type: "liquid", embeds: [] });
  });
});

describe("POST /api/shops/{shopId}/mark-first-active", () => {
  it("records the first activity once and keeps it", async () => {
    const shop = uniqueShop();
    const created = await bootstrap(shop);
    const mark = async () => {
      const response = await callRoute(markFirstActive, await apiRequest(shop, `/api/shops/${created.id}/mark-first-active`, { body: {} }), {
        shopId: created.id,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { shop: { firstActiveAt: string } }).shop.firstActiveAt;
    };
    const first = await mark();
    expect(first).not.toBeNull();
    expect(await mark()).toBe(first);
  });
});
