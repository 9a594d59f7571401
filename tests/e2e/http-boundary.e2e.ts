import { readFileSync } from "node:fs";
import { HTTP_BOUNDARY_TEXT } from "../../app/messages";
import localApp from "../emulators/shopify/local-app.json" with { type: "json" };
import { mintSessionToken } from "../emulators/shopify/session-token";
import { uploadUntilAnswered } from "../support/raw-upload";
import { APP_LOG_FILE, APP_URL, expect, test } from "./fixtures";

const MB = 1024 * 1024;
const WEBHOOK_BODY_LIMIT = 10 * MB;

function sessionTokenFor(shop: string) {
  return mintSessionToken({ shop: `${shop}.myshopify.com`, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret });
}

test.describe("request bodies are limited before they are read", () => {
  test("a webhook claiming 200 MB is refused with 413 at once, without waiting for the body", async () => {
    const refused = await uploadUntilAnswered(`${APP_URL}/webhooks/orders/create`, {
      claimedLength: 200 * MB,
      headers: { "X-Shopify-Topic": "orders/create", "X-Shopify-Hmac-Sha256": "not-checked-before-the-size" },
    });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: HTTP_BOUNDARY_TEXT.bodyTooLarge("10 MB") });
    expect(refused.elapsedMs).toBeLessThan(2_000);
  });

  test("a chunked webhook body is cut off with 413 once it passes 10 MB", async () => {
    const refused = await uploadUntilAnswered(`${APP_URL}/webhooks/orders/create`, {
      streamUpTo: 200 * MB,
      headers: { "X-Shopify-Topic": "orders/create", "X-Shopify-Hmac-Sha256": "not-checked-before-the-size" },
    });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: HTTP_BOUNDARY_TEXT.bodyTooLarge("10 MB") });
    // The answer came while the sender was still streaming: a few socket buffers past the limit, not 200 MB.
    expect(refused.bytesSent).toBeGreaterThan(WEBHOOK_BODY_LIMIT);
    expect(refused.bytesSent).toBeLessThan(WEBHOOK_BODY_LIMIT + 32 * MB);
  });

  test("/api accepts at most 1 MB and /proxy at most 16 KB", async ({ request, shop }) => {
    const token = await sessionTokenFor(shop);
    const api = await request.post(`${APP_URL}/api/widgets`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      data: JSON.stringify({ name: "x".repeat(MB + 1) }),
    });
    expect(api.status()).toBe(413);
    expect(await api.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.bodyTooLarge("1 MB") });

    const proxy = await request.post(`${APP_URL}/proxy/events?shop=${shop}.myshopify.com`, {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ events: [], padding: "x".repeat(16 * 1024) }),
    });
    expect(proxy.status()).toBe(413);
    expect(await proxy.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.bodyTooLarge("16 KB") });
  });
});

function expectSecurityHeaders(headers: Record<string, string>) {
  const maxAge = Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1]);
  expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

test.describe("security headers", () => {
  test("a page opened outside the admin, its static assets, an API answer and a 404 all carry them", async ({ request, shop }) => {
    const page = await request.get(`${APP_URL}/`);
    expect(page.status()).toBe(200);
    expectSecurityHeaders(page.headers());
    // No shop known: nobody may frame it.
    expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

    const script = /\/assets\/[\w.-]+\.js/.exec(await page.text())?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(`${APP_URL}${script}`);
    expect(asset.status()).toBe(200);
    expectSecurityHeaders(asset.headers());
    expect(asset.headers()["cache-control"]).toContain("immutable");

    const api = await request.get(`${APP_URL}/api/shops/${shop}.myshopify.com`, {
      headers: { Authorization: `Bearer ${await sessionTokenFor(shop)}` },
    });
    expect(api.headers()["content-type"]).toContain("application/json");
    expectSecurityHeaders(api.headers());

    const missing = await request.get(`${APP_URL}/no-such-page`);
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing.headers());
    expect(missing.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("an embedded page may be framed by its shop's admin only, and its id_token never reaches the log", async ({ page, openApp, shop }) => {
    const documentResponse = page.waitForResponse((response) => response.url().startsWith(`${APP_URL}/?`));
    const app = await openApp();
    await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    const headers = (await documentResponse).headers();
    expectSecurityHeaders(headers);
    expect(headers["content-security-policy"]).toMatch(/frame-ancestors [^;]*https:\/\/[\w-]+\.myshopify\.com/);
    expect(headers["content-security-policy"]).toContain(`https://${shop}.myshopify.com`);

    const idToken = new URL(page.frame({ name: "app-iframe" })!.url()).searchParams.get("id_token");
    expect(idToken).toMatch(/^eyJ/);
    // The access log line of this very page, with the token's value replaced.
    await expect
      .poll(() => readFileSync(APP_LOG_FILE, "utf8"))
      .toMatch(new RegExp(`GET /\\?(?=[^ ]*shop=${shop}\\.myshopify\\.com)(?=[^ ]*id_token=\\[redacted\\])`));
    const log = readFileSync(APP_LOG_FILE, "utf8");
    expect(log).not.toContain(idToken);
    expect(log).not.toMatch(/id_token=eyJ/);
  });
});

test.describe("requests without a session", () => {
  test("/api without a session token answers 401 JSON, whatever the path or method", async ({ request, shop }) => {
    for (const [method, path] of [
      ["GET", `/api/shops/${shop}.myshopify.com`],
      ["POST", "/api/widgets"],
      ["GET", "/api/no-such-endpoint"],
    ]) {
      const response = await request.fetch(`${APP_URL}${path}`, { method, data: method === "POST" ? "{}" : undefined, maxRedirects: 0 });
      expect(response.status(), `${method} ${path}`).toBe(401);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.sessionRequired });
    }
  });

  test("/api with an invalid token answers 401 JSON and asks App Bridge to retry with a new token", async ({ request, shop }) => {
    const response = await request.get(`${APP_URL}/api/shops/${shop}.myshopify.com`, {
      headers: { Authorization: "Bearer not-a-session-token" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
    expect(response.headers()["x-shopify-retry-invalid-session-request"]).toBe("1");
    expect(await response.json()).toEqual({ error: HTTP_BOUNDARY_TEXT.sessionRequired });
  });

  test("/auth/login is a page that sends the merchant to the admin, and no /auth address answers 500", async ({ request }) => {
    const login = await request.get(`${APP_URL}/auth/login`);
    expect(login.status()).toBe(200);
    expect(login.headers()["content-type"]).toContain("text/html");
    expect(await login.text()).toContain(HTTP_BOUNDARY_TEXT.loginTitle);

    for (const path of ["/auth", "/auth/callback", "/auth/exit-iframe", "/auth/exit-iframe?exitIframe=https://attacker.example", "/?shop=not-a-shop"]) {
      const response = await request.get(`${APP_URL}${path}`);
      expect(response.status(), path).toBeLessThan(500);
    }
  });
});
