import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loader as getShop } from "~/routes/api.shops.$shopDomain";
import { action as createShop } from "~/routes/api.shops._index";
import { loader as authLoader } from "~/routes/auth.$";
import { API_BODY_LIMIT_BYTES, readJsonBody } from "~/http/api.server";
import { HTTP_BOUNDARY_TEXT } from "~/messages";
import { apiRequest, callRoute, DESKTOP_USER_AGENT, uniqueShop } from "../support/app-requests";

const MB = 1024 * 1024;

/** The Response readJsonBody throws (or null when it accepted the body). */
async function refusalOf(request: Request): Promise<Response | null> {
  try {
    await readJsonBody(request, z.object({}).passthrough());
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("readJsonBody refuses an oversized body by itself (routes called without the server)", () => {
  it("limits /api bodies to 1 MB", () => {
    expect(API_BODY_LIMIT_BYTES).toBe(MB);
  });

  it("answers 413 for a body over 1 MB, and the shop is not created", async () => {
    const shop = uniqueShop();
    const tooBig = await callRoute(createShop, await apiRequest(shop, "/api/shops", { body: { shopDomain: shop, note: "x".repeat(MB) } }));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.bodyTooLarge("1 MB") });

    const lookup = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`), { shopDomain: shop });
    expect(lookup.status).toBe(404);
  });

  it("answers 413 from a claimed Content-Length, before reading anything", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new TextEncoder().encode("{}"));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://localhost/api/shops", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(200 * MB) },
      body,
      duplex: "half",
    } as RequestInit);
    const refused = await refusalOf(request);
    expect(refused?.status).toBe(413);
    expect(pulled).toBe(0);
  });

  it("stops reading a streamed body of unknown length once it passes 1 MB", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const eightMegabytes = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
        if (sent >= 8 * MB) controller.close();
      },
    });
    const request = new Request("http://localhost/api/shops", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: eightMegabytes,
      duplex: "half",
    } as RequestInit);
    const refused = await refusalOf(request);
    expect(refused?.status).toBe(413);
    expect(await refused?.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.bodyTooLarge("1 MB") });
    expect(sent).toBeLessThan(2 * MB);
  });

  it("still accepts a body just under the limit", async () => {
    const text = JSON.stringify({ note: "x".repeat(MB - 100) });
    const request = new Request("http://localhost/api/shops", { method: "POST", body: text });
    expect(await refusalOf(request)).toBeNull();
  });
});

describe("/api without a valid session token", () => {
  it("answers 401 JSON when no token is sent (not a redirect to a login page)", async () => {
    const shop = uniqueShop();
    const response = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`, { token: null }), { shopDomain: shop });
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.sessionRequired });
  });

  it("answers 401 JSON for a bad token and keeps the library's retry header for App Bridge", async () => {
    const shop = uniqueShop();
    const response = await callRoute(getShop, await apiRequest(shop, `/api/shops/${shop}`, { token: "not-a-jwt" }), {
      shopDomain: shop,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("X-Shopify-Retry-Invalid-Session-Request")).toBe("1");
    expect(await response.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.sessionRequired });
  });
});

describe("/auth without a session never answers 500", () => {
  const browserGet = (path: string) => new Request(`http://localhost:3999${path}`, { headers: { "User-Agent": DESKTOP_USER_AGENT } });

  it.each([["/auth/exit-iframe"], ["/auth/exit-iframe?exitIframe=https://attacker.example/steal"]])(
    "answers %s with 400 and says how to open the app",
    async (path) => {
      const response = await callRoute(authLoader, browserGet(path));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(HTTP_BOUNDARY_TEXT.invalidLink);
    },
  );

  it("still renders the library's exit-iframe page for a trusted destination (the admin)", async () => {
    const response = await callRoute(
      authLoader,
      browserGet(`/auth/exit-iframe?shop=demo.myshopify.com&exitIframe=${encodeURIComponent("https://admin.shopify.com/store/demo/apps/clipcart")}`),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("window.open");
  });
});
