/**
 * The Apify API emulator as apify-client sees it (call(), start/waitForFinish,
 * listItems pagination, compressed inputs, errors) and as raw HTTP. It runs
 * in its own Local Shopify so tests may change its global settings.
 */
import { ApifyClient } from "apify-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalShopify, type LocalShopify } from "../shopify/server.js";
import { platformControl, uniqueAccount } from "./client.js";
import { LOCAL_APIFY_TOKEN } from "./index.js";

let local: LocalShopify;
let client: ApifyClient;
let control: ReturnType<typeof platformControl>;

beforeAll(async () => {
  local = await startLocalShopify({ port: 0, appUrl: "http://localhost:3999" });
  client = new ApifyClient({ token: LOCAL_APIFY_TOKEN, baseUrl: `${local.url}/apify`, maxRetries: 0 });
  control = platformControl(local.url);
  await control.configure({ runMs: 50 });
});
afterAll(() => local?.close());

const api = (path: string, init: RequestInit = {}, token: string | null = LOCAL_APIFY_TOKEN) =>
  fetch(`${local.url}/apify/v2${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

describe("Apify API emulator", () => {
  it("answers 401 like Apify without a token or with a wrong one", async () => {
    const missing = await api("/acts/clockworks~tiktok-scraper/runs", { method: "POST", body: "{}" }, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: { type: "token-not-provided", message: "Authentication token was not provided" } });
    const wrong = await api("/acts/clockworks~tiktok-scraper/runs", { method: "POST", body: "{}" }, "apify_api_wrong");
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.type).toBe("user-or-token-not-found");
    const viaQuery = await fetch(`${local.url}/apify/v2/acts/clockworks~tiktok-scraper?token=${LOCAL_APIFY_TOKEN}`);
    expect(viaQuery.status).toBe(200);
  });

  it("runs an actor through apify-client's call(), including its log streaming, and lists the dataset", async () => {
    const name = uniqueAccount();
    const run = await client.actor("clockworks/tiktok-scraper").call({ profiles: [name], resultsPerPage: 5 });
    expect(run).toMatchObject({ status: "SUCCEEDED", actId: expect.any(String), defaultDatasetId: expect.stringMatching(/^[A-Za-z0-9]{17}$/) });
    expect(run.startedAt).toBeInstanceOf(Date);
    const { items, total, offset, count, limit } = await client.dataset(run.defaultDatasetId).listItems();
    expect({ total, offset, count, limit }).toEqual({ total: 5, offset: 0, count: 5, limit: 999_999_999_999 });
    expect(items[0]).toMatchObject({
      id: expect.stringMatching(/^\d{19}$/),
      text: expect.any(String),
      createTimeISO: expect.any(String),
      webVideoUrl: expect.stringContaining(`https://www.tiktok.com/@${name}/video/`),
      authorMeta: { name, nickName: expect.any(String), avatar: expect.any(String), fans: expect.any(Number) },
      videoMeta: { coverUrl: expect.any(String) },
    });
  });

  it("pages dataset items with offset/limit and the pagination headers apify-client reads", async () => {
    const run = await client.actor("clockworks/tiktok-scraper").call({ profiles: [uniqueAccount()], resultsPerPage: 12 }, { log: null });
    const page = await client.dataset(run.defaultDatasetId).listItems({ offset: 10, limit: 5 });
    expect({ total: page.total, offset: page.offset, count: page.count, limit: page.limit }).toEqual({ total: 12, offset: 10, count: 2, limit: 5 });
    const all: unknown[] = [];
    for await (const item of client.dataset(run.defaultDatasetId).listItems({ chunkSize: 5 })) all.push(item);
    expect(all).toHaveLength(12);

    const raw = await api(`/datasets/${run.defaultDatasetId}/items?offset=1&limit=2&desc=1&fields=id,text`);
    expect(raw.headers.get("x-apify-pagination-total")).toBe("12");
    expect(raw.headers.get("x-apify-pagination-count")).toBe("2");
    expect(raw.headers.get("x-apify-pagination-desc")).toBe("true");
    const rows = await raw.json();
    expect(rows.map((r: object) => Object.keys(r))).toEqual([
      ["id", "text"],
      ["id", "text"],
    ]);
  });

  it("holds start(waitForFinish) and get(waitForFinish) until the run ends, at most the time asked", async () => {
    const name = uniqueAccount("slow");
    await control.setAccount("tiktok", name, { runMs: 400 });
    const started = await client.actor("clockworks/tiktok-scraper").start({ profiles: [name] }, { waitForFinish: 0 });
    expect(started.status).toBe("RUNNING");
    const held = Date.now();
    const run = await client.run(started.id).get({ waitForFinish: 10 });
    expect(run?.status).toBe("SUCCEEDED");
    expect(Date.now() - held).toBeLessThan(8_000); // Held until the 400 ms run ended, not for the 10 s asked (busy machines included).

    const slow = uniqueAccount("slow");
    const t0 = Date.now();
    const waiting = await client.actor("clockworks/tiktok-scraper").start({ profiles: [slow] }, { waitForFinish: 1 });
    expect(waiting.status).toBe("RUNNING");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    const aborted = await client.run(waiting.id).abort();
    expect(aborted.status).toBe("ABORTED");
  });

  it("a held account's runs stay RUNNING until the test releases it, then end as usual", async () => {
    const name = uniqueAccount();
    await control.setAccount("tiktok", name, { held: true });
    const started = await client.actor("clockworks/tiktok-scraper").start({ profiles: [name] }, { waitForFinish: 0 });
    expect((await client.run(started.id).get({ waitForFinish: 1 }))?.status).toBe("RUNNING");
    await control.setAccount("tiktok", name, { held: false });
    expect((await client.run(started.id).get({ waitForFinish: 10 }))?.status).toBe("SUCCEEDED");
  });

  it("accepts brotli-compressed inputs (apify-client compresses 1 KB and more)", async () => {
    const profiles = Array.from({ length: 60 }, () => uniqueAccount());
    const run = await client.actor("clockworks/tiktok-scraper").call({ profiles, resultsPerPage: 1 }, { log: null });
    const { total } = await client.dataset(run.defaultDatasetId).listItems();
    expect(total).toBe(60);
    const [recorded] = await control.runs({ contains: profiles[59] });
    expect((recorded?.input as { profiles: string[] } | undefined)?.profiles).toEqual(profiles);
  });

  it("ends a run TIMED-OUT when it outlives its `timeout`", async () => {
    const run = await client.actor("clockworks/tiktok-scraper").call({ profiles: [uniqueAccount("slow")] }, { timeout: 1, log: null });
    expect(run.status).toBe("TIMED-OUT");
  });

  it("ends a failing run FAILED with half of the items", async () => {
    const run = await client.actor("apify/instagram-reel-scraper").call({ username: [uniqueAccount("fail")], resultsLimit: 9 }, { log: null });
    expect(run.status).toBe("FAILED");
    expect(run.statusMessage).toContain("HTTP 429");
    expect((await client.dataset(run.defaultDatasetId).listItems()).total).toBe(4);
  });

  it("validates input like the actors' input schemas and knows only the emulated actors", async () => {
    const bad = await api("/acts/clockworks~tiktok-scraper/runs", { method: "POST", body: JSON.stringify({ profiles: "oops" }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.type).toBe("invalid-input");
    const noUser = await api("/acts/apify~instagram-reel-scraper/runs", { method: "POST", body: "{}" });
    expect(noUser.status).toBe(400);
    const unknown = await api("/acts/someone~other-actor/runs", { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { type: "record-not-found", message: "Actor was not found" } });
    expect((await api("/actor-runs/nope")).status).toBe(404);
    expect(await client.run("nope").get()).toBeUndefined();
  });

  it("answers /v2/actors/... like /v2/acts/... and run-sync-get-dataset-items", async () => {
    const name = uniqueAccount();
    const response = await api("/actors/clockworks~tiktok-scraper/run-sync-get-dataset-items", {
      method: "POST",
      body: JSON.stringify({ profiles: [name], resultsPerPage: 2 }),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).map((i: { authorMeta: { name: string } }) => i.authorMeta.name)).toEqual([name, name]);
  });

  it("records runs for assertions", async () => {
    const name = uniqueAccount();
    await client.actor("apify/instagram-reel-scraper").call({ username: [name], resultsLimit: 3 }, { log: null });
    const runs = await control.runs({ actorId: "apify/instagram-reel-scraper", contains: name });
    expect(runs).toEqual([
      expect.objectContaining({ actorId: "apify/instagram-reel-scraper", input: { username: [name], resultsLimit: 3 }, status: "SUCCEEDED", itemCount: 3 }),
    ]);
  });
});

describe("deterministic fixtures", () => {
  it("give the same account the same posts in every run and any process", async () => {
    const a = await client.actor("apify/instagram-reel-scraper").call({ username: ["sameshop"], resultsLimit: 9 }, { log: null });
    const b = await client.actor("apify/instagram-reel-scraper").call({ username: ["SameShop"], resultsLimit: 9 }, { log: null });
    const ids = async (id: string) => (await client.dataset(id).listItems()).items.map((i) => [i.shortCode, i.caption, i.timestamp]);
    expect(await ids(a.defaultDatasetId)).toEqual(await ids(b.defaultDatasetId));
    expect((await ids(a.defaultDatasetId))[0]).toEqual(["COeE69yUQKf", expect.any(String), "2026-11-01T09:00:22.507Z"]);
  });
});
