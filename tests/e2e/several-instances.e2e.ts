// Two app instances behind a round-robin load balancer, on one PostgreSQL
// database (issue 11, "several instances"): every request of these tests goes
// to the next instance in turn, and what a merchant and a shopper see holds as
// with one instance: an import asked twice runs once, the Free plan's limit
// holds, storefront publishes never go backwards and end with the latest
// data, and every beacon is counted once. (Auto-sync across processes:
// tests/db/auto-sync.test.ts.)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { startStack } from "../../scripts/lib/stack.mjs";
import { WIDGET_INDEX_METAFIELD_KEY, widgetMetafieldKey } from "../../app/storefront/widget-data";
import { signedProxyQuery } from "../emulators/shopify/app-proxy";
import { mintSessionToken } from "../emulators/shopify/session-token";
import { E2E_PORTS } from "./stack-ports";

const localApp = JSON.parse(readFileSync(new URL("../emulators/shopify/local-app.json", import.meta.url), "utf8")) as { apiKey: string; apiSecret: string };
const PG_SERVER = process.env.PG_URL || "postgresql://postgres@127.0.0.1:5432/test";
// Beside this run's own stack (stack-ports.ts): 3240/3340 by default, and clear of a run on other ports.
const PORTS = { balancer: E2E_PORTS.app + 40, shopify: E2E_PORTS.shopify + 40 };
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let stack: Awaited<ReturnType<typeof startStack>> | null = null;
let databaseUrl = "";

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const name = `clipcart_instances_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {
    throw new Error(`PostgreSQL is not reachable at ${PG_SERVER}: the several-instances test needs it`);
  });
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  databaseUrl = url.href;
  execFileSync(process.execPath, ["scripts/db.mjs", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" });
  stack = await startStack({ appPort: PORTS.balancer, shopifyPort: PORTS.shopify, databaseUrl, quiet: !process.env.E2E_VERBOSE, appInstances: 2 });
});

test.afterAll(async () => {
  await stack?.stop();
  if (databaseUrl) await adminQuery(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
});

/** The merchant's admin calling the app's API, through the balancer. */
async function api(shop: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const token = await mintSessionToken({ shop, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret });
  const response = await fetch(`${stack!.appUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json", "User-Agent": DESKTOP },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function installedShop(label: string) {
  const shop = `${label}-${Date.now().toString(36)}.myshopify.com`;
  const created = await api(shop, "/api/shops", { body: { shopDomain: shop } });
  expect(created.status).toBe(201);
  return { domain: shop, id: String((created.body.shop as { id: string } | undefined)?.id ?? created.body.id) };
}

type JobDto = { id: string; status: string; videos_added: number };

async function importAccount(shop: { domain: string; id: string }, username: string): Promise<JobDto[]> {
  const answers = await Promise.all([0, 1].map(() => api(shop.domain, "/api/channels", { body: { shopId: shop.id, platform: "tiktok", username } })));
  for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answers.map((answer) => answer.body.job as JobDto);
}

async function finished(shop: { domain: string }, jobId: string): Promise<JobDto> {
  let job: JobDto | null = null;
  await expect
    .poll(
      async () => {
        job = (await api(shop.domain, `/api/import-jobs/${jobId}`)).body.job as JobDto;
        return job.status;
      },
      { timeout: 60_000 },
    )
    .toMatch(/succeeded|failed/);
  return job!;
}

async function libraryVideoIds(shop: { domain: string; id: string }): Promise<string[]> {
  const answer = await api(shop.domain, `/api/videos/${shop.id}?pageSize=100`);
  expect(answer.status).toBe(200);
  const items = (answer.body.videos ?? answer.body.items) as Array<{ id: string }>;
  return items.map((video) => video.id);
}

test("an account import asked of both instances at once runs once", async () => {
  const shop = await installedShop("instances-import");
  const [first, second] = await importAccount(shop, "@twin_creator");
  expect(second!.id).toBe(first!.id);
  const job = await finished(shop, first!.id);
  expect(job.status).toBe("succeeded");
  const ids = await libraryVideoIds(shop);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(job.videos_added);
});

test("the Free plan's limit holds for approvals spread over both instances", async () => {
  const shop = await installedShop("instances-free");
  const [job] = await importAccount(shop, "@free_creator");
  await finished(shop, job!.id);
  const ids = await libraryVideoIds(shop);
  expect(ids.length).toBeGreaterThan(5);
  const answers = await Promise.all(ids.map((id) => api(shop.domain, `/api/videos/${id}/toggle`, { method: "PATCH", body: { enabled: true } })));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  expect(statuses.filter((status) => status === 403)).toHaveLength(ids.length - 5);
});

test("storefront publishes from both instances never go backwards and end with the latest approvals", async () => {
  const shop = await installedShop("instances-publish");
  const widget = await api(shop.domain, "/api/widgets", {
    body: { shopId: shop.id, layoutType: "carousel", pageContexts: ["homepage"], sourceType: "all", language: "en" },
  });
  expect(widget.status, JSON.stringify(widget.body)).toBe(201);
  const [job] = await importAccount(shop, "@publish_creator");
  await finished(shop, job!.id);
  // A Free shop: at most 5 approved at a time.
  const ids = (await libraryVideoIds(shop)).slice(0, 5);

  // Approvals and unpublishes in quick succession, each to the next instance, while we watch what Shopify holds.
  const handle = shop.domain.replace(".myshopify.com", "");
  const seen: number[] = [];
  const watching = { on: true };
  const watcher = (async () => {
    while (watching.on) {
      const state = (await (await fetch(`${stack!.shopifyUrl}/__local/shops/${handle}/state`)).json()) as {
        metafields?: Array<{ key: string; value: string }>;
      };
      const index = state.metafields?.find((metafield) => metafield.key === WIDGET_INDEX_METAFIELD_KEY);
      const version = index ? (JSON.parse(index.value) as { publish?: number }).publish : undefined;
      if (version !== undefined && seen.at(-1) !== version) seen.push(version);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const expected = new Set<string>();
  for (let round = 0; round < 3; round++) {
    for (const id of ids) {
      const enabled = (round + ids.indexOf(id)) % 2 === 0;
      const answer = await api(shop.domain, `/api/videos/${id}/toggle`, { method: "PATCH", body: { enabled } });
      expect(answer.status).toBe(200);
      if (enabled) expected.add(id);
      else expected.delete(id);
    }
  }
  // The storefront ends with exactly the approved videos.
  await expect
    .poll(
      async () => {
        const state = (await (await fetch(`${stack!.shopifyUrl}/__local/shops/${handle}/state`)).json()) as {
          metafields?: Array<{ key: string; value: string }>;
        };
        const data = state.metafields?.find((metafield) => metafield.key === widgetMetafieldKey(1));
        return data ? (JSON.parse(data.value) as { videos: Array<{ id: string }> }).videos.map((video) => video.id).sort() : null;
      },
      { timeout: 30_000 },
    )
    .toEqual([...expected].sort());
  watching.on = false;
  await watcher;
  expect(seen.length).toBeGreaterThan(0);
  expect(seen, "publish numbers as the storefront saw them").toEqual([...seen].sort((a, b) => a - b));
});

test("every beacon sent to either instance is counted once", async () => {
  const shop = await installedShop("instances-beacons");
  const widget = await api(shop.domain, "/api/widgets", {
    body: { shopId: shop.id, layoutType: "carousel", pageContexts: ["homepage"], sourceType: "all", language: "en" },
  });
  const widgetId = String((widget.body.widget as { id: string } | undefined)?.id ?? widget.body.id);
  const [job] = await importAccount(shop, "@beacon_creator");
  await finished(shop, job!.id);
  const [videoId] = await libraryVideoIds(shop);
  // Approved into the widget: only a video published to the widget a beacon names counts (decision 060).
  expect((await api(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: true, widgetIds: [widgetId] } })).status).toBe(200);
  const BEACONS = 40;
  for (let i = 0; i < BEACONS; i++) {
    const params = signedProxyQuery(shop.domain, localApp.apiSecret);
    const response = await fetch(`${stack!.appUrl}/proxy/events?${params}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": DESKTOP },
      body: JSON.stringify({ session: `s${i}`, events: [{ type: "video_click", videoId, widgetId }] }),
    });
    expect(response.status).toBe(204);
  }
  await expect
    .poll(
      async () => {
        const summary = await api(shop.domain, `/api/analytics/${shop.id}`);
        return summary.body.totalVideoClicks;
      },
      { timeout: 20_000 },
    )
    .toBe(BEACONS);
});
