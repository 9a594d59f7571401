import http from "node:http";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApp, startServer } from "../../server/app.mjs";
import { BOUNDARY_TEXT } from "../../server/http-boundary.mjs";
import { uploadUntilAnswered } from "../support/raw-upload";

const MB = 1024 * 1024;
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJkZXN0IjoiaHR0cHM6Ly9kZW1vLm15c2hvcGlmeS5jb20ifQ.c2lnbmF0dXJl";

/** What the stand-in for the Remix build saw. */
interface Seen {
  method: string;
  path: string;
  bodyBytes: number;
  bodySha256: string;
}

/**
 * A server around a stand-in for the Remix build: it answers HTML for
 * /page, the library's per-shop CSP for /embedded, waits for `release` on
 * /slow, and otherwise echoes what it received as JSON.
 */
async function serve() {
  const clientDirectory = mkdtempSync(path.join(tmpdir(), "clipcart-client-"));
  mkdirSync(path.join(clientDirectory, "assets"));
  writeFileSync(path.join(clientDirectory, "assets", "entry.client-abc123.js"), "console.log('app');");
  writeFileSync(path.join(clientDirectory, "favicon.svg"), "<svg/>");
  const seen: Seen[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const log = new PassThrough();
  let logText = "";
  log.on("data", (chunk) => (logText += chunk));

  const app = createApp({
    clientDirectory,
    accessLogStream: log,
    handleRequest: async (request: Request) => {
      const url = new URL(request.url);
      const body = Buffer.from(await request.arrayBuffer());
      seen.push({ method: request.method, path: url.pathname, bodyBytes: body.length, bodySha256: createHash("sha256").update(body).digest("hex") });
      if (url.pathname === "/page") return new Response("<!DOCTYPE html><p>page</p>", { headers: { "Content-Type": "text/html" } });
      if (url.pathname === "/embedded") {
        return new Response("<!DOCTYPE html><p>embedded</p>", {
          headers: { "Content-Type": "text/html", "Content-Security-Policy": "frame-ancestors https://demo.myshopify.com https://admin.shopify.com;" },
        });
      }
      if (url.pathname === "/slow") await released;
      return Response.json({ bytes: body.length });
    },
  });
  const { server, stop } = await startServer(app, { port: 0, host: "127.0.0.1", drainTimeoutMs: 5_000 });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, stop, release, logText: () => logText };
}

let stopServer: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stopServer?.();
  stopServer = null;
});

async function started() {
  const server = await serve();
  stopServer = async () => {
    server.release();
    await server.stop();
  };
  return server;
}

describe("request bodies are limited before the app reads them", () => {
  it("refuses a claimed 200 MB webhook with 413 at once, without the body and without calling the app", async () => {
    const { origin, seen } = await started();
    const answer = await uploadUntilAnswered(`${origin}/webhooks/orders/create`, { claimedLength: 200 * MB, timeoutMs: 5_000 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: BOUNDARY_TEXT.bodyTooLarge("10 MB") });
    expect(answer.headers.connection).toBe("close");
    expect(answer.elapsedMs).toBeLessThan(3_000); // "At once": reading the body would take until the 5 s timeout; 3 s leaves room for a busy machine.
    expect(seen).toEqual([]);
  });

  it.each([
    ["/webhooks/orders/create", 10 * MB, "10 MB"],
    ["/api/widgets", 1 * MB, "1 MB"],
    ["/proxy/events", 16 * 1024, "16 KB"],
  ])("cuts a chunked body to %s off with 413 once it passes %i bytes", async (address, limit, limitText) => {
    const { origin, seen } = await started();
    const answer = await uploadUntilAnswered(`${origin}${address}`, {
      streamUpTo: 100 * MB,
      headers: { Authorization: `Bearer ${JWT}` },
      timeoutMs: 10_000,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: BOUNDARY_TEXT.bodyTooLarge(limitText) });
    expect(answer.bytesSent).toBeGreaterThan(limit);
    expect(answer.bytesSent).toBeLessThan(limit + 32 * MB);
    expect(seen).toEqual([]);
  });

  it("hands the app a body within the limit exactly as sent, measured or chunked", async () => {
    const { origin, seen } = await started();
    const order = Buffer.alloc(9 * MB, "o");
    const measured = await fetch(`${origin}/webhooks/orders/create`, { method: "POST", body: order });
    expect(await measured.json()).toEqual({ bytes: 9 * MB });

    const chunked = await uploadUntilAnswered(`${origin}/webhooks/orders/create`, { streamUpTo: 2 * MB });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toEqual({ bytes: 2 * MB });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/webhooks/orders/create", bodyBytes: 9 * MB });
    expect(seen[0]?.bodySha256).toBe(createHash("sha256").update(order).digest("hex"));
  });
});

describe("/api without a session token", () => {
  it("answers 401 JSON before the app or the body limit are involved", async () => {
    const { origin, seen } = await started();
    for (const [method, address] of [
      ["GET", "/api/shops/demo.myshopify.com"],
      ["POST", "/api/widgets"],
      ["GET", "/api/no-such-endpoint"],
    ]) {
      const response = await fetch(`${origin}${address}`, { method, body: method === "POST" ? "x".repeat(2 * MB) : undefined });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: BOUNDARY_TEXT.sessionRequired });
    }
    expect(seen).toEqual([]);

    const withToken = await fetch(`${origin}/api/widgets`, { method: "POST", headers: { Authorization: `Bearer ${JWT}` }, body: "{}" });
    expect(withToken.status).toBe(200);
  });

  it("does not read an unauthenticated upload either: 401 at once, then the connection closes", async () => {
    const { origin } = await started();
    const answer = await uploadUntilAnswered(`${origin}/api/widgets`, { claimedLength: 200 * MB, timeoutMs: 5_000 });
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe("close");
    expect(answer.elapsedMs).toBeLessThan(3_000); // "At once": reading the body would take until the 5 s timeout; 3 s leaves room for a busy machine.
  });
});

describe("security headers", () => {
  function expectSecurityHeaders(response: Response) {
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  }

  it("are on every answer: app HTML and JSON, static files, and the server's own refusals", async () => {
    const { origin } = await started();
    const answers = await Promise.all([
      fetch(`${origin}/page`),
      fetch(`${origin}/anything.json`),
      fetch(`${origin}/assets/entry.client-abc123.js`),
      fetch(`${origin}/favicon.svg`),
      fetch(`${origin}/api/widgets`),
      fetch(`${origin}/proxy/events`, { method: "POST", body: "x".repeat(17 * 1024) }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 401, 413]);
    for (const answer of answers) expectSecurityHeaders(answer);
    expect(answers[0].headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
    expect(answers[1].headers.get("Content-Security-Policy")).toBeNull();
  });

  it("keeps the library's per-shop frame-ancestors on an embedded page", async () => {
    const { origin } = await started();
    const response = await fetch(`${origin}/embedded?shop=demo.myshopify.com`);
    expect(response.headers.get("Content-Security-Policy")).toBe("frame-ancestors https://demo.myshopify.com https://admin.shopify.com;");
  });

  it("serves fingerprinted assets as immutable for a year and other static files for an hour", async () => {
    const { origin, seen } = await started();
    const asset = await fetch(`${origin}/assets/entry.client-abc123.js`);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const favicon = await fetch(`${origin}/favicon.svg`);
    expect(favicon.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(seen).toEqual([]);
  });
});

describe("the access log", () => {
  it("shows method, path, status and duration, with secrets and the Authorization header left out", async () => {
    const { origin, logText } = await started();
    await fetch(`${origin}/page?shop=demo.myshopify.com&id_token=${JWT}&hmac=abc123&host=YWRtaW4`, {
      headers: { Authorization: `Bearer ${JWT}` },
    });
    await fetch(`${origin}/api/widgets`, { method: "POST", headers: { Authorization: "Bearer another-secret-token" }, body: "{}" });
    await expect.poll(logText).toContain("POST /api/widgets 200");
    const lines = logText().trim().split("\n");
    expect(lines[0]).toMatch(/^GET \/page\?shop=demo\.myshopify\.com&id_token=\[redacted\]&hmac=\[redacted\]&host=\[redacted\] 200 \d+(\.\d+)? ms$/);
    expect(logText()).not.toContain(JWT);
    expect(logText()).not.toContain("another-secret-token");
    expect(logText()).not.toContain("abc123");
  });
});

describe("graceful stop", () => {
  it("refuses new connections, lets the request in flight finish, then resolves", async () => {
    const server = await serve();
    const inFlight = fetch(`${server.origin}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await expect.poll(() => server.seen.length).toBe(1);

    let stopped = false;
    const stopping = server.stop().then(() => (stopped = true));
    await expect(fetch(`${server.origin}/page`)).rejects.toThrow();
    expect(stopped).toBe(false);

    server.release();
    expect(await inFlight).toEqual({ status: 200, body: { bytes: 0 } });
    await stopping;
    expect(stopped).toBe(true);
  });

  it("does not wait for idle keep-alive connections", async () => {
    const server = await serve();
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http.get(`${server.origin}/page`, { agent }, (response) => response.resume().on("end", resolve)).on("error", reject),
    );
    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(3_000); // An idle keep-alive connection would hold it for 5 s.
    agent.destroy();
  });
});
