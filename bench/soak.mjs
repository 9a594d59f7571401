// @ts-check
// Soak: a busy store for a set time, and whether the app ends where it started.
//
//   npm run bench:soak                       5 minutes on a fresh SQLite database
//   node --import tsx bench/soak.mjs [seconds] [--both] [--warmup=15] [--beacons=50] [--approvals=1] [--tag-edits=1]
//        [--import-every=20] [--report-every=30]
//   SOAK_SECONDS, SOAK_WARMUP_SECONDS, SOAK_BEACONS_PER_SECOND, SOAK_APPROVALS_PER_SECOND, SOAK_TAG_EDITS_PER_SECOND,
//   SOAK_IMPORT_EVERY_SECONDS, SOAK_REPORT_EVERY_SECONDS: the same as options.
//   BENCH_DATABASE_URL=postgresql://...      that database instead (created and migrated when missing, kept)
//   --both or BENCH_DATABASES=both           SQLite, then a throw-away PostgreSQL database on PG_URL's server
//                                            (default postgresql://postgres@127.0.0.1:5432/test), dropped at the end
//
// Needs a build (npx remix vite:build). Starts Local Shopify and the app's
// production build (ports 4260/4360, or SOAK_APP_PORT/SOAK_SHOPIFY_PORT), sets
// up one shop through the API as the admin does (bootstrap, two widgets, an
// imported account), then sends at once, at a steady rate whatever the answers
// take: storefront beacons signed as Shopify's app proxy signs them,
// approvals and unpublishes, product tag edits (add/remove), and account
// imports against the Apify emulator (polled until they finish; the oldest
// imported accounts are removed so the library stays the same size).
//
// After the warm-up, every --report-every seconds and at the end it prints the
// app process's open files (/proc/<pid>/fd: sockets from the bench, other
// sockets, database files, the rest), resident memory (VmRSS, and after a
// forced garbage collection), database connections (PostgreSQL:
// pg_stat_activity rows of the app, application_name clipcart*; SQLite: the
// app's descriptors on the database file and its -wal/-shm), event loop delay
// (measured inside the app by bench/soak-probe.mjs), requests per second and
// errors (non-2xx/3xx answers and network errors, by kind and route). It ends
// with a verdict per metric and exits 1 when open files, memory or connections
// grew or when there was any error. See docs/decisions/026-soak-benchmark.md.
import http from "node:http";
import { randomBytes, randomInt } from "node:crypto";
import { readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { ROOT, freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";
import { deploy } from "../scripts/db.mjs";
import { dropDatabase } from "./each-database.mjs";
import { signedProxyQuery } from "../tests/emulators/shopify/app-proxy.ts";
import { mintSessionToken } from "../tests/emulators/shopify/session-token.ts";

/**
 * @typedef {{ label: string, url: string, prepare?: () => Promise<unknown>, cleanUp?: () => Promise<unknown> }} SoakDatabase
 * @typedef {{ headers?: Record<string, string>, body?: string }} RequestParts
 * @typedef {{ status?: number, text?: string, error?: Error & { code?: string } }} RawAnswer
 * @typedef {ReturnType<typeof httpClient>} HttpClient
 * @typedef {{ ok: boolean, status?: number, json?: any }} Answer `json`: the API's JSON answer, read as the admin's code reads it
 * @typedef {(route: string, method: string, requestPath: string, body?: unknown) => Promise<Answer>} AdminApi
 * @typedef {{ id: string, status: string, error?: string | null, channel_id?: string | null }} ImportJobAnswer
 * @typedef {{ id: string, title: string }} ShopProduct
 * @typedef {{ domain: string, id: string, api: AdminApi, widgets: Array<{ id: string }>, videos: Array<{ id: string, enabled?: boolean }>, products: ShopProduct[] }} SoakShop
 * @typedef {{ count: number, first: string[], last: string[] }} CapturedLines
 * @typedef {{ share: number, slack: number, unit: string }} FlatRule
 * @typedef {{ p50Ms: number, p99Ms: number, maxMs: number }} LoopDelay
 * @typedef {{ rss: number, heapUsed: number, external: number }} MemoryAfterGc
 * @typedef {{ sequence: number, pid: number, ready?: boolean, gcAvailable?: boolean, loop?: LoopDelay | null, memory?: { rss: number, heapUsed: number }, afterGc?: MemoryAfterGc | null }} ProbeReport
 * @typedef {{ pid: number, port: number, process: import("node:child_process").ChildProcess, appStderr: CapturedLines, probeFile: string, sqliteFiles: Set<string>, postgres: pg.Client | null }} AppUnderTest
 * @typedef {Awaited<ReturnType<typeof takeSample>>} Sample
 * @typedef {ReturnType<typeof startLoad>} Load
 */

const localApp = JSON.parse(readFileSync(path.join(ROOT, "tests/emulators/shopify/local-app.json"), "utf8"));
const PROBE = fileURLToPath(new URL("./soak-probe.mjs", import.meta.url));
const DESKTOP_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** How much a metric may grow between the start and the end and still be "flat": a share of the start or an absolute slack. */
const FLAT = {
  openFiles: { share: 0.05, slack: 10, unit: "" },
  /** What the app's code holds (V8 heap and external memory after a full GC): flat from the start. */
  heap: { share: 0.05, slack: 8 * 1024 * 1024, unit: "MB" },
  /** Resident memory after a full GC: the allocator's arenas grow for about a minute of load, so judged from mid-run. */
  resident: { share: 0.05, slack: 16 * 1024 * 1024, unit: "MB" },
  /**
   * SQLite: one connection, from the start. PostgreSQL: the pool opens and idles out connections within its bound, so
   * the end is judged against the highest count of the run's first half (the pool's working range).
   */
  connections: { share: 0.05, slack: 2, unit: "" },
};
const REQUEST_TIMEOUT_MS = 30_000;
/** Sockets the bench keeps to the app: a fixed pool, so the app's open sockets do not follow the bench's bursts. */
const CLIENT_SOCKETS = 16;
/** Beacons still unanswered beyond this are not sent (counted as skipped): the app is not keeping up. */
const MAX_BEACONS_IN_FLIGHT = 200;
const IMPORT_POLL_MS = 2_000;
const IMPORT_TIMEOUT_MS = 180_000;
/** Imported accounts kept besides the seed account; older ones are removed with their videos. */
const IMPORTED_ACCOUNTS_KEPT = 3;
const TOGGLED_VIDEOS = 4; // fewer than the Free plan's 5 approved videos, so an approval is never refused
const FIRST_ERRORS_SHOWN = 5;
const STOP_GRACE_MS = 10_000;

const options = readOptions();
const interrupted = new AbortController();
// Ctrl-C reaches the stack's processes too (same process group): no end can be measured, only cleaned up.
process.once("SIGINT", () => {
  console.log("\nInterrupted: stopping.");
  interrupted.abort();
});

// ---------------------------------------------------------------- options and databases

function readOptions() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      both: { type: "boolean", default: false },
      warmup: { type: "string" },
      beacons: { type: "string" },
      approvals: { type: "string" },
      "tag-edits": { type: "string" },
      "import-every": { type: "string" },
      "report-every": { type: "string" },
    },
  });
  /** @type {(value: string | undefined, environment: string, fallback: number) => number} */
  const number = (value, environment, fallback) => {
    const raw = value ?? process.env[environment];
    if (raw === undefined || raw === "") return fallback;
    const parsed = Number(raw);
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${environment}: not a number >= 0: ${raw}`);
    return parsed;
  };
  return {
    seconds: number(positionals[0], "SOAK_SECONDS", 300),
    warmupSeconds: number(values.warmup, "SOAK_WARMUP_SECONDS", 15),
    beaconsPerSecond: number(values.beacons, "SOAK_BEACONS_PER_SECOND", 50),
    approvalsPerSecond: number(values.approvals, "SOAK_APPROVALS_PER_SECOND", 1),
    tagEditsPerSecond: number(values["tag-edits"], "SOAK_TAG_EDITS_PER_SECOND", 1),
    importEverySeconds: number(values["import-every"], "SOAK_IMPORT_EVERY_SECONDS", 20),
    reportEverySeconds: number(values["report-every"], "SOAK_REPORT_EVERY_SECONDS", 30) || 30,
    both: values.both || process.env.BENCH_DATABASES === "both",
    appPort: number(undefined, "SOAK_APP_PORT", 4260),
    shopifyPort: number(undefined, "SOAK_SHOPIFY_PORT", 4360),
  };
}

const redact = (/** @type {string} */ url) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

/** @returns {Promise<SoakDatabase[]>} */
async function databasesToSoak() {
  const sqlite = () => ({ label: "SQLite", url: freshSqliteDatabase("bench-soak") });
  if (options.both) {
    const database = new URL(process.env.PG_URL || "postgresql://postgres@127.0.0.1:5432/test");
    database.pathname = `/clipcart_soak_${process.pid}`;
    const throwAway = {
      label: "PostgreSQL",
      url: database.href,
      prepare: () => deploy(database.href, { quiet: true }),
      cleanUp: () => dropDatabase(database.href),
    };
    return [sqlite(), throwAway];
  }
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) return [sqlite()];
  return [{ label: given.startsWith("postgres") ? "PostgreSQL" : "SQLite", url: given, prepare: () => deploy(given, { quiet: true }) }];
}

const isPostgres = (/** @type {string} */ url) => /^postgres(ql)?:/i.test(url);

/** The SQLite database's files whose descriptors stand for its connections (absolute paths). */
/** @param {string} url */
function sqliteFiles(url) {
  if (isPostgres(url)) return new Set();
  const file = path.resolve(ROOT, url.replace(/^file:/i, "").replace(/\?.*$/, ""));
  return new Set(["", "-wal", "-shm", "-journal"].map((suffix) => file + suffix));
}

// ---------------------------------------------------------------- one soak

/** @param {SoakDatabase} database */
async function soak(database) {
  await database.prepare?.();
  const probeFile = path.join(tmpdir(), `clipcart-soak-probe-${process.pid}.json`);
  rmSync(probeFile, { force: true });
  const appEnv = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc --import ${pathToFileURL(PROBE).href}`.trim(),
    SOAK_PROBE_FILE: probeFile,
  };
  for (const port of [options.appPort, options.shopifyPort]) {
    if (await answers(port)) throw new Error(`port ${port} is already in use (a stack left running?); stop it or set SOAK_APP_PORT/SOAK_SHOPIFY_PORT`);
  }
  const stack = await startStack({ appPort: options.appPort, shopifyPort: options.shopifyPort, databaseUrl: database.url, quiet: true, appEnv });
  // Whatever ends the bench, the stack's processes end with it.
  const endStack = () => [...stack.processes.apps, stack.processes.shopify].forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
  process.on("exit", endStack);
  const client = httpClient(stack.appUrl);
  /** @type {pg.Client | null} */
  let postgres = null;
  /** @type {Load | undefined} */
  let load;
  try {
    const appProcess = stack.processes.app;
    if (appProcess?.pid === undefined) throw new Error("the app process did not start");
    const appStderr = captureLines(appProcess.stderr);
    if (isPostgres(database.url)) {
      postgres = new pg.Client({ connectionString: database.url, application_name: "soak-bench" });
      postgres.on("error", (error) => console.error(`  (the bench's PostgreSQL connection failed: ${error.message})`));
      await postgres.connect();
    }
    /** @type {AppUnderTest} */
    const app = {
      process: appProcess,
      pid: appProcess.pid,
      port: options.appPort,
      appStderr,
      probeFile,
      sqliteFiles: sqliteFiles(database.url),
      postgres,
    };
    const probe = readProbe(probeFile);
    if (!probe?.ready || probe.pid !== app.pid) throw new Error(`the probe did not load in the app process (pid ${app.pid}, ${probeFile})`);
    if (!probe.gcAvailable) console.log("  (gc is not exposed in the app: memory after GC is not measured)");

    const traffic = new Traffic(client);
    const shop = await setUpShop(traffic);
    console.log(
      `\nSoak on ${database.label} (${redact(database.url)}): ${options.seconds} s after a ${options.warmupSeconds} s warm-up, app pid ${app.pid}\n` +
        `  load: ${options.beaconsPerSecond} beacons/s, ${options.approvalsPerSecond} approvals or unpublishes/s, ` +
        `${options.tagEditsPerSecond} tag edits/s, an account import every ${options.importEverySeconds} s ` +
        `(shop ${shop.domain}: ${shop.videos.length} videos, ${shop.widgets.length} widgets, ${shop.products.length} products)\n`,
    );
    await client.openAllSockets();
    traffic.closeWindow();
    await askProbe(app); // the start's event loop window is the warm-up's, not the app's start and the setup
    load = startLoad(traffic, shop);
    await pause(options.warmupSeconds * 1000);

    const table = new SampleTable(database.url);
    table.printHeader();
    const started = performance.now();
    const first = await takeSample("start", app, traffic);
    const samples = [first];
    table.print(first);
    const endAt = started + options.seconds * 1000;
    while (!interrupted.signal.aborted) {
      const nextReport = started + samples.length * options.reportEverySeconds * 1000;
      if (nextReport >= endAt - 1000) break;
      await pause(nextReport - performance.now());
      if (interrupted.signal.aborted) break;
      const sample = await takeSample(`${Math.round((performance.now() - started) / 1000)} s`, app, traffic);
      samples.push(sample);
      table.print(sample);
    }
    await pause(endAt - performance.now());
    if (interrupted.signal.aborted) throw new Error("interrupted before the end");
    const last = await takeSample("end", app, traffic);
    samples.push(last);
    table.print(last);
    const measuredSeconds = (performance.now() - started) / 1000;
    const requestsMeasured = samples.slice(1).reduce((sum, sample) => sum + sample.window.requests, 0);
    await load.stop();
    return printVerdict({ samples, traffic, load, requestsPerSecond: requestsMeasured / measuredSeconds, appStderr, database });
  } finally {
    await load?.stop();
    client.close();
    await postgres?.end().catch(() => {});
    await stopStack(stack);
    process.off("exit", endStack);
    rmSync(probeFile, { force: true });
  }
}

/**
 * Stops the stack; a process still running STOP_GRACE_MS after SIGTERM is killed, and named.
 * @param {Awaited<ReturnType<typeof startStack>>} stack
 */
async function stopStack(stack) {
  const stopped = stack.stop();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const inTime = await Promise.race([
    stopped.then(() => true),
    new Promise((/** @type {(inTime: boolean) => void} */ resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS, false))),
  ]);
  clearTimeout(timer);
  if (inTime) return;
  const { apps, shopify } = stack.processes;
  const named = [
    ...apps.map((child, i) => /** @type {const} */ ([apps.length > 1 ? `app ${i + 1}` : "app", child])),
    /** @type {const} */ (["shopify", shopify]),
  ];
  for (const [name, child] of named) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    console.log(`  ⚠ ${name} (pid ${child.pid}) had not exited ${STOP_GRACE_MS / 1000} s after SIGTERM: killed`);
    child.kill("SIGKILL");
  }
  await stopped;
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function answers(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: "localhost", port, path: "/", timeout: 2_000 }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });
}

/**
 * Resolves after ms, or at once when the run is interrupted.
 * @param {number} ms
 * @returns {Promise<void>}
 */
function pause(ms) {
  if (ms <= 0 || interrupted.signal.aborted) return Promise.resolve();
  return new Promise((/** @type {() => void} */ resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      interrupted.signal.removeEventListener("abort", done);
      resolve();
    }
    interrupted.signal.addEventListener("abort", done);
  });
}

/**
 * @param {import("node:stream").Readable} stream
 * @returns {CapturedLines}
 */
function captureLines(stream) {
  /** @type {CapturedLines} */
  const captured = { count: 0, first: [], last: [] };
  stream.on("data", (/** @type {Buffer} */ chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (!line.trim()) continue;
      captured.count += 1;
      if (captured.first.length < FIRST_ERRORS_SHOWN) captured.first.push(line.slice(0, 300));
      captured.last = [...captured.last.slice(-(FIRST_ERRORS_SHOWN * 2 - 1)), line.slice(0, 300)];
    }
  });
  return captured;
}

// ---------------------------------------------------------------- HTTP and accounting

/** @param {string} baseUrl */
function httpClient(baseUrl) {
  const base = new URL(baseUrl);
  // FIFO spreads requests over every kept socket, so none sits idle until the server's keep-alive timeout closes it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENT_SOCKETS, scheduling: "fifo" });
  const client = {
    keepAliveRacesRetried: 0,
    /**
     * @param {string} method
     * @param {string} requestPath
     * @param {RequestParts} [parts]
     * @returns {Promise<RawAnswer>}
     */
    request(method, requestPath, { headers = {}, body } = {}, retried = false) {
      return new Promise((resolve) => {
        const payload = body === undefined ? undefined : Buffer.from(body);
        const request = http.request(
          {
            host: base.hostname,
            port: base.port,
            method,
            path: requestPath,
            agent,
            timeout: REQUEST_TIMEOUT_MS,
            headers: payload ? { ...headers, "Content-Length": payload.length } : headers,
          },
          (response) => {
            /** @type {Buffer[]} */
            const chunks = [];
            response.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
            response.on("end", () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
            response.on("error", (error) => resolve({ error }));
          },
        );
        request.on("timeout", () => request.destroy(Object.assign(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`), { code: "TIMEOUT" })));
        request.on("error", (/** @type {Error & { code?: string }} */ error) => {
          // A kept socket the server closed as we reused it: the request never reached the app, so it is sent
          // again once (as Node's documentation of request.reusedSocket advises); counted, not hidden.
          if (request.reusedSocket && error.code === "ECONNRESET" && !retried) {
            client.keepAliveRacesRetried += 1;
            resolve(client.request(method, requestPath, { headers, body }, true));
          } else resolve({ error });
        });
        request.end(payload);
      });
    },
    /** Opens every socket of the pool at once, so the app's count of them is the same from the start to the end. */
    async openAllSockets() {
      await Promise.all(Array.from({ length: CLIENT_SOCKETS }, () => client.request("GET", "/healthz")));
    },
    close: () => agent.destroy(),
  };
  return client;
}

/** Every request of the load, counted by route; failures by kind and route, with the first few answers kept. */
class Traffic {
  /** @param {HttpClient} client */
  constructor(client) {
    this.client = client;
    this.requests = 0;
    this.windowRequests = 0;
    this.windowErrors = 0;
    this.windowStartedAt = performance.now();
    /** @type {Map<string, number>} */
    this.byRoute = new Map();
    /** @type {Map<string, number>} */
    this.errors = new Map();
    /** @type {string[]} */
    this.firstErrors = [];
    /** @type {Map<string, number>} */
    this.skipped = new Map();
  }

  /**
   * @param {string} route
   * @param {string} method
   * @param {string} requestPath
   * @param {RequestParts} [parts]
   * @returns {Promise<Answer>}
   */
  async send(route, method, requestPath, { headers, body } = {}) {
    const answer = await this.client.request(method, requestPath, { headers, body });
    this.requests += 1;
    this.windowRequests += 1;
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    if (answer.error) {
      this.fail(`network ${answer.error.code ?? answer.error.message}`, route, answer.error.message);
      return { ok: false };
    }
    if ((answer.status ?? 0) >= 400) {
      this.fail(`HTTP ${answer.status}`, route, answer.text);
      return { ok: false, status: answer.status };
    }
    let json = null;
    try {
      json = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      // 204 and redirects carry no JSON
    }
    return { ok: true, status: answer.status, json };
  }

  /**
   * A failure the HTTP status does not show (e.g. an import that ended "failed").
   * @param {string} kind
   * @param {string} route
   * @param {unknown} detail
   */
  fail(kind, route, detail) {
    const key = `${kind}  ${route}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    this.windowErrors += 1;
    if (this.firstErrors.length < FIRST_ERRORS_SHOWN) this.firstErrors.push(`${key}: ${String(detail).slice(0, 400)}`);
  }

  /** @param {string} what */
  skip(what) {
    this.skipped.set(what, (this.skipped.get(what) ?? 0) + 1);
  }

  get errorCount() {
    return [...this.errors.values()].reduce((sum, count) => sum + count, 0);
  }

  closeWindow() {
    const now = performance.now();
    const window = { requests: this.windowRequests, errors: this.windowErrors, seconds: (now - this.windowStartedAt) / 1000 };
    this.windowRequests = 0;
    this.windowErrors = 0;
    this.windowStartedAt = now;
    return window;
  }
}

// ---------------------------------------------------------------- the shop and its traffic

/**
 * @param {Traffic} traffic
 * @param {string} shopDomain
 * @returns {AdminApi}
 */
function adminApi(traffic, shopDomain) {
  return async (route, method, requestPath, body) => {
    const token = await mintSessionToken({ shop: shopDomain, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret });
    /** @type {Record<string, string>} */
    const headers = { Authorization: `Bearer ${token}`, Accept: "application/json", "User-Agent": DESKTOP_USER_AGENT };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return traffic.send(route, method, requestPath, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
  };
}

/**
 * One shop set up as a merchant would through the admin: bootstrapped, two widgets, one imported account.
 * @param {Traffic} traffic
 * @returns {Promise<SoakShop>}
 */
async function setUpShop(traffic) {
  const domain = `soak-${Date.now().toString(36)}.myshopify.com`;
  const api = adminApi(traffic, domain);
  /** @type {(what: string, answer: Promise<Answer>) => Promise<any>} */
  const must = async (what, answer) => {
    const result = await answer;
    if (!result.ok) throw new Error(`setting up the shop: ${what} failed (${traffic.firstErrors.at(-1) ?? result.status})`);
    return result.json;
  };
  const { shop } = await must("bootstrap", api("POST /api/shops", "POST", "/api/shops", { shopDomain: domain }));
  /** @type {Array<{ id: string }>} */
  const widgets = [];
  for (const [layoutType, pageContexts] of [
    ["carousel", ["homepage"]],
    ["carousel", ["product"]],
  ]) {
    const { widget } = await must(
      "a widget",
      api("POST /api/widgets", "POST", "/api/widgets", { name: `Soak ${layoutType} ${widgets.length + 1}`, layoutType, pageContexts }),
    );
    widgets.push(widget);
  }
  const { job } = await must(
    "the seed import",
    api("POST /api/channels", "POST", "/api/channels", { platform: "tiktok", username: `soakseed${randomBytes(3).toString("hex")}` }),
  );
  const finished = await waitForImport(api, job);
  if (finished?.status !== "succeeded") throw new Error(`setting up the shop: the seed import ended ${finished?.status}: ${finished?.error}`);
  const library = await must("the library", api("GET /api/videos/:shopId", "GET", `/api/videos/${shop.id}?tab=all`));
  /** @type {Map<string, string>} */
  const products = new Map();
  for (const words of ["Classic", "Everyday", "Relaxed"]) {
    const hits = await must("product search", api("GET /api/products/search", "GET", `/api/products/search?q=${words}&shopId=${shop.id}`));
    for (const hit of hits) products.set(hit.id, hit.title);
  }
  if (library.videos.length < TOGGLED_VIDEOS + 2) throw new Error(`setting up the shop: only ${library.videos.length} videos imported`);
  if (products.size < 2) throw new Error("setting up the shop: product search found fewer than 2 products");
  traffic.byRoute.clear();
  return {
    domain,
    id: shop.id,
    api,
    widgets,
    videos: library.videos,
    products: [...products].map(([id, title]) => ({ id, title })),
  };
}

/**
 * @param {AdminApi} api
 * @param {ImportJobAnswer} job
 * @param {{ stopping?: () => boolean }} [until]
 * @returns {Promise<ImportJobAnswer | null>}
 */
async function waitForImport(api, job, { stopping = () => false } = {}) {
  const deadline = Date.now() + IMPORT_TIMEOUT_MS;
  let current = job;
  while (current.status === "queued" || current.status === "running") {
    if (Date.now() > deadline || stopping()) return null;
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    const poll = await api("GET /api/import-jobs/:id", "GET", `/api/import-jobs/${current.id}`);
    if (!poll.ok) return null;
    current = poll.json.job;
  }
  return current;
}

/**
 * Launches `perSecond` calls a second on a steady schedule, whether or not earlier ones have answered (an open loop).
 * @param {number} perSecond
 * @param {() => void} launch
 */
function steady(perSecond, launch) {
  if (!(perSecond > 0)) return () => {};
  const started = performance.now();
  let launched = 0;
  const timer = setInterval(
    () => {
      const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
      for (; launched < due; launched++) launch();
    },
    Math.max(10, Math.min(1000, 1000 / perSecond)),
  );
  return () => clearInterval(timer);
}

/**
 * One element of a list that is not empty (the shop's setup checked each).
 * @template T
 * @param {T[]} list
 * @returns {T}
 */
const pick = (list) => {
  const picked = list[Math.floor(Math.random() * list.length)];
  if (picked === undefined) throw new Error("picked from an empty list");
  return picked;
};

/**
 * @param {Traffic} traffic
 * @param {SoakShop} shop
 */
function startLoad(traffic, shop) {
  /** @type {Set<Promise<unknown>>} */
  const inFlight = new Set();
  const track = (/** @type {Promise<unknown>} */ promise) => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise));
  };
  const counts = {
    beacons: 0,
    events: 0,
    approvals: 0,
    unpublishes: 0,
    tagsAdded: 0,
    tagsRemoved: 0,
    importsStarted: 0,
    importsSucceeded: 0,
    importsFailed: 0,
    accountsRemoved: 0,
  };
  let stopping = false;
  let beaconsInFlight = 0;

  const beacon = () => {
    if (beaconsInFlight >= MAX_BEACONS_IN_FLIGHT) return traffic.skip("beacon (too many unanswered)");
    const types = ["video_click", "product_click", "add_to_cart"];
    const events = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({
      type: pick(types),
      videoId: pick(shop.videos).id,
      widgetId: pick(shop.widgets).id,
      productId: pick(shop.products).id.split("/").pop(),
    }));
    // Signed as Shopify's app proxy signs the request it forwards (timestamp now).
    const params = signedProxyQuery(shop.domain, localApp.apiSecret);
    beaconsInFlight += 1;
    counts.beacons += 1;
    counts.events += events.length;
    const sent = traffic.send("POST /proxy/events", "POST", `/proxy/events?${params}`, {
      // A shopper's own address, as Shopify's app proxy forwards it: one sender at this rate would be cut off (decision 060).
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": DESKTOP_USER_AGENT, "X-Forwarded-For": `10.0.${randomInt(256)}.${randomInt(256)}` },
      body: JSON.stringify({ session: `shopper-${randomBytes(4).toString("hex")}`, events }),
    });
    track(sent.finally(() => (beaconsInFlight -= 1)));
  };

  // Each toggled video is changed by one request at a time; at most TOGGLED_VIDEOS are approved at once.
  const toggled = shop.videos.slice(0, TOGGLED_VIDEOS).map((video) => ({ video, enabled: video.enabled === true, busy: false }));
  let toggleTurn = 0;
  const toggle = () => {
    const entry = toggled[toggleTurn++ % toggled.length];
    if (!entry) return;
    if (entry.busy) return traffic.skip("approval (previous one on the video unanswered)");
    entry.busy = true;
    const enabled = !entry.enabled;
    const body = enabled ? { enabled, widgetIds: [] } : { enabled };
    track(
      shop.api("PATCH /api/videos/:id/toggle", "PATCH", `/api/videos/${entry.video.id}/toggle`, body).then((answer) => {
        entry.busy = false;
        if (!answer.ok) return;
        entry.enabled = enabled;
        counts[enabled ? "approvals" : "unpublishes"] += 1;
      }),
    );
  };

  // Tag edits alternate per video: add a product, then remove that tag.
  const tagged = shop.videos.slice(TOGGLED_VIDEOS).map((video) => ({ video, tagId: /** @type {string | null} */ (null), busy: false }));
  let tagTurn = 0;
  const editTag = () => {
    const entry = tagged[tagTurn++ % tagged.length];
    if (!entry) return;
    if (entry.busy) return traffic.skip("tag edit (previous one on the video unanswered)");
    entry.busy = true;
    /** @type {(update: (answer: Answer) => void) => (answer: Answer) => void} */
    const done = (update) => (answer) => {
      entry.busy = false;
      if (answer.ok) update(answer);
    };
    if (entry.tagId) {
      track(
        shop.api("DELETE /api/videos/tags/:id", "DELETE", `/api/videos/tags/${entry.tagId}?shopId=${shop.id}`).then(
          done(() => {
            entry.tagId = null;
            counts.tagsRemoved += 1;
          }),
        ),
      );
    } else {
      const product = pick(shop.products);
      track(
        shop.api("POST /api/videos/:id/tags", "POST", `/api/videos/${entry.video.id}/tags`, { productId: product.id, productTitle: product.title }).then(
          done((answer) => {
            entry.tagId = answer.json.tag.id;
            counts.tagsAdded += 1;
          }),
        ),
      );
    }
  };

  /** @type {string[]} */
  const importedChannels = [];
  let importsRunning = 0;
  const importAccount = () => {
    if (importsRunning >= 2) return traffic.skip("import (two still running)");
    importsRunning += 1;
    counts.importsStarted += 1;
    const platform = counts.importsStarted % 2 ? "instagram" : "tiktok";
    const username = `soak${counts.importsStarted}x${randomBytes(3).toString("hex")}`;
    const run = async () => {
      const started = await shop.api("POST /api/channels", "POST", "/api/channels", { platform, username });
      if (!started.ok) return;
      const job = await waitForImport(shop.api, started.json.job, { stopping: () => stopping });
      if (!job) return; // still running when the run ended, or its poll failed (counted)
      if (job.status !== "succeeded") {
        counts.importsFailed += 1;
        return traffic.fail(`import ${job.status}`, "POST /api/channels", `${platform} @${username}: ${job.error}`);
      }
      counts.importsSucceeded += 1;
      if (job.channel_id) importedChannels.push(job.channel_id);
      while (importedChannels.length > IMPORTED_ACCOUNTS_KEPT && !stopping) {
        const removed = await shop.api("DELETE /api/channels/:id", "DELETE", `/api/channels/${importedChannels.shift()}?shopId=${shop.id}`);
        if (removed.ok) counts.accountsRemoved += 1;
      }
    };
    track(run().finally(() => (importsRunning -= 1)));
  };

  const stoppers = [
    steady(options.beaconsPerSecond, beacon),
    steady(options.approvalsPerSecond, toggle),
    steady(options.tagEditsPerSecond, editTag),
    steady(options.importEverySeconds > 0 ? 1 / options.importEverySeconds : 0, importAccount),
  ];
  /** @type {Promise<unknown> | undefined} */
  let stopped;
  return {
    counts,
    stop() {
      stopping = true;
      stoppers.forEach((stopLaunching) => stopLaunching());
      // What was sent is answered (or times out) before the stack stops, so its errors count.
      stopped ??= Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 5_000))]);
      return stopped;
    },
  };
}

// ---------------------------------------------------------------- measuring the app process

/**
 * @param {string} file
 * @returns {ProbeReport | null}
 */
function readProbe(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Asks the probe for a report (SIGUSR2) and waits for it: event loop delay since the last one, memory before and after a GC. */
/** @param {AppUnderTest} app */
async function askProbe(app) {
  const before = readProbe(app.probeFile)?.sequence ?? -1;
  process.kill(app.pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const report = readProbe(app.probeFile);
    if (report && report.sequence > before) return report;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return null;
}

/** The local port of each TCP socket of the app's network namespace, by inode. */
/** @param {number} pid */
function tcpLocalPorts(pid) {
  /** @type {Map<string, number>} */
  const ports = new Map();
  for (const table of ["tcp", "tcp6"]) {
    let text = "";
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [inode, localAddress] = [fields[9], fields[1]];
      if (inode !== undefined && localAddress !== undefined) ports.set(inode, parseInt(localAddress.split(":")[1] ?? "", 16));
    }
  }
  return ports;
}

/** The app's descriptors: sockets to its own port (the bench's requests), other sockets (database, Shopify), database files, the rest. */
/** @param {AppUnderTest} app */
function openFiles(app) {
  const counts = { total: 0, inbound: 0, sockets: 0, database: 0, other: 0 };
  const directory = `/proc/${app.pid}/fd`;
  const localPorts = tcpLocalPorts(app.pid);
  for (const fd of readdirSync(directory)) {
    let target;
    try {
      target = readlinkSync(`${directory}/${fd}`);
    } catch {
      continue; // closed while we looked
    }
    counts.total += 1;
    const socket = /^socket:\[(\d+)\]$/.exec(target);
    if (socket) counts[localPorts.get(socket[1] ?? "") === app.port ? "inbound" : "sockets"] += 1;
    else if (app.sqliteFiles.has(target)) counts.database += 1;
    else counts.other += 1;
  }
  return counts;
}

/** @param {number} pid */
function residentBytes(pid) {
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kilobytes) * 1024;
}

/**
 * @param {AppUnderTest} app
 * @param {ReturnType<typeof openFiles>} files
 * @returns {Promise<{ total: number, detail: string | null }>}
 */
async function databaseConnections(app, files) {
  if (!app.postgres) return { total: files.database, detail: null };
  let rows;
  try {
    ({ rows } = await app.postgres.query(
      `SELECT application_name AS name, count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'clipcart%' GROUP BY application_name ORDER BY application_name`,
    ));
  } catch (error) {
    return { total: NaN, detail: `not read: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { total: rows.reduce((sum, row) => sum + row.count, 0), detail: rows.map((row) => `${row.name} ${row.count}`).join(", ") || "none" };
}

/**
 * @param {string} label
 * @param {AppUnderTest} app
 * @param {Traffic} traffic
 */
async function takeSample(label, app, traffic) {
  if (app.process.exitCode !== null || app.process.signalCode !== null) {
    throw new Error(`the app process ended (${app.process.exitCode ?? app.process.signalCode}); its stderr ended:\n    ${app.appStderr.last.join("\n    ")}`);
  }
  const files = openFiles(app);
  const rss = residentBytes(app.pid);
  const connections = await databaseConnections(app, files);
  const probe = await askProbe(app);
  const window = traffic.closeWindow();
  return { label, files, rss, connections, probe, window };
}

// ---------------------------------------------------------------- printing

const megabytes = (/** @type {number} */ bytes) => (bytes / 1024 / 1024).toFixed(1);

class SampleTable {
  /** @param {string} databaseUrl */
  constructor(databaseUrl) {
    this.connectionsLabel = isPostgres(databaseUrl) ? "pg conns" : "db fds";
  }

  printHeader() {
    console.log(
      `  ${"time".padStart(6)}  ${"open files (in/sockets/db/other)".padEnd(32)}  ${"RSS MB".padStart(7)}  ${"after GC".padStart(8)}  ` +
        `${"heap MB".padStart(7)}  ${"ext MB".padStart(6)}  ${this.connectionsLabel.padStart(8)}  ${"loop delay p50/p99/max ms".padEnd(25)}  ${"req/s".padStart(6)}  errors`,
    );
  }

  /** @param {Sample} sample */
  print(sample) {
    const { files, probe, window } = sample;
    const loop = probe?.loop ? `${probe.loop.p50Ms}/${probe.loop.p99Ms}/${probe.loop.maxMs}` : "probe silent";
    const rate = window.seconds > 0.5 ? (window.requests / window.seconds).toFixed(1) : "-";
    console.log(
      `  ${sample.label.padStart(6)}  ${`${files.total} (${files.inbound}/${files.sockets}/${files.database}/${files.other})`.padEnd(32)}  ${megabytes(sample.rss).padStart(7)}  ` +
        `${(probe?.afterGc ? megabytes(probe.afterGc.rss) : "-").padStart(8)}  ${(probe?.afterGc ? megabytes(probe.afterGc.heapUsed) : "-").padStart(7)}  ` +
        `${(probe?.afterGc ? megabytes(probe.afterGc.external) : "-").padStart(6)}  ` +
        `${String(sample.connections.total).padStart(8)}  ${loop.padEnd(25)}  ${rate.padStart(6)}  ${window.errors}` +
        (sample.connections.detail ? `   (${sample.connections.detail})` : ""),
    );
  }
}

/**
 * "flat" when `end` is at most a share of `reference`, or the rule's absolute slack, above it.
 * @param {string} name
 * @param {number} reference
 * @param {number} end
 * @param {FlatRule} rule
 * @param {(value: number) => string} [format]
 */
function verdictLine(name, reference, end, rule, format = String) {
  const allowed = Math.max(reference * rule.share, rule.slack);
  const flat = end <= reference + allowed;
  const slack = rule.unit === "MB" ? `${megabytes(rule.slack)} MB` : String(rule.slack);
  const verdict = Number.isFinite(end) ? (flat ? "flat" : "GREW") : "NOT MEASURED";
  console.log(
    `  ${name.padEnd(34)} ${format(reference)} -> ${format(end)}${rule.unit ? ` ${rule.unit}` : ""}   ` +
      `${verdict} (allowed: +${Math.round(rule.share * 100)}% or +${slack}, whichever is larger)`,
  );
  return flat;
}

/**
 * @param {{ samples: Sample[], traffic: Traffic, load: Load, requestsPerSecond: number, appStderr: CapturedLines, database: SoakDatabase }} run
 */
function printVerdict({ samples, traffic, load, requestsPerSecond, appStderr, database }) {
  const [start, end] = [samples[0], samples.at(-1)];
  if (!start || !end) throw new Error("no sample was taken");
  const windows = samples.slice(1).filter((sample) => sample.probe?.loop);
  const counts = load.counts;
  console.log(
    `\n  load sent: ${counts.beacons} beacons (${counts.events} events), ${counts.approvals} approvals, ${counts.unpublishes} unpublishes, ` +
      `${counts.tagsAdded} tags added, ${counts.tagsRemoved} removed, ${counts.importsStarted} imports (${counts.importsSucceeded} succeeded, ` +
      `${counts.importsFailed} failed), ${counts.accountsRemoved} accounts removed`,
  );
  console.log(`  by route: ${[...traffic.byRoute].map(([route, count]) => `${route} ${count}`).join(", ")}`);
  if (traffic.client.keepAliveRacesRetried)
    console.log(`  sent again after a keep-alive race (socket closed by the app as it was reused): ${traffic.client.keepAliveRacesRetried}`);
  if (traffic.skipped.size)
    console.log(
      `  not sent (too many unanswered: the app or this bench fell behind): ${[...traffic.skipped].map(([what, count]) => `${what} ${count}`).join(", ")}`,
    );
  if (appStderr.count) console.log(`  app stderr: ${appStderr.count} lines, first: \n    ${appStderr.first.join("\n    ")}`);

  console.log(`\nVerdict on ${database.label}:`);
  // Without gc exposed the figures before a collection stand in (noisier).
  const heapOf = (/** @type {Sample} */ sample) =>
    sample.probe?.afterGc ? sample.probe.afterGc.heapUsed + sample.probe.afterGc.external : (sample.probe?.memory?.heapUsed ?? 0);
  const residentOf = (/** @type {Sample} */ sample) => sample.probe?.afterGc?.rss ?? sample.rss;
  const middle = samples[Math.floor((samples.length - 1) / 2)] ?? start;
  const firstHalf = samples.slice(0, samples.indexOf(middle) + 1);
  const [connectionsName, connectionsReference] = isPostgres(database.url)
    ? ["db connections (1st half max->end)", Math.max(...firstHalf.map((sample) => sample.connections.total))]
    : ["db file fds", start.connections.total];
  const checks = [
    verdictLine("open files", start.files.total, end.files.total, FLAT.openFiles),
    verdictLine("JS heap+external after GC", heapOf(start), heapOf(end), FLAT.heap, megabytes),
    verdictLine(`RSS after GC (${middle.label}->end)`, residentOf(middle), residentOf(end), FLAT.resident, megabytes),
    verdictLine(connectionsName, connectionsReference, end.connections.total, FLAT.connections),
  ];
  const errors = traffic.errorCount;
  console.log(`  ${"errors".padEnd(34)} ${errors}${errors ? "   NOT 0" : ""}`);
  for (const [key, count] of traffic.errors) console.log(`    ${count} x ${key}`);
  for (const body of traffic.firstErrors) console.log(`    first: ${body}`);
  if (windows.length) {
    const loops = windows.flatMap((sample) => (sample.probe?.loop ? [sample.probe.loop] : []));
    const p50s = loops.map((loop) => loop.p50Ms).sort((a, b) => a - b);
    console.log(
      `  ${"event loop delay".padEnd(34)} p50 ${p50s[Math.floor(p50s.length / 2)]} ms (median of ${windows.length} windows), ` +
        `p99 ${Math.max(...loops.map((loop) => loop.p99Ms))} ms (worst window), max ${Math.max(...loops.map((loop) => loop.maxMs))} ms`,
    );
  }
  console.log(`  ${"requests".padEnd(34)} ${requestsPerSecond.toFixed(1)}/s after the warm-up`);
  const healthy = checks.every(Boolean) && errors === 0;
  console.log(`  ${healthy ? "✓ flat, no errors" : "✖ not flat or errors"}\n`);
  return healthy;
}

// ---------------------------------------------------------------- main

let allFlat = true;
for (const database of await databasesToSoak()) {
  try {
    if (!(await soak(database))) allFlat = false;
  } catch (error) {
    allFlat = false;
    console.error(`\n✖ ${database.label}: ${error instanceof Error ? error.stack : error}`);
  } finally {
    await database.cleanUp?.();
  }
  if (interrupted.signal.aborted) break;
}
process.exit(allFlat ? 0 : 1);
