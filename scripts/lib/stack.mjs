// @ts-check
// Starts Local Shopify and the app's production build side by side: used by
// `npm run demo` and by the end-to-end tests, so both run the same stack.
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { createWriteStream, readFileSync, rmSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const localApp = JSON.parse(readFileSync(path.join(ROOT, "tests/emulators/shopify/local-app.json"), "utf8"));
const localApify = JSON.parse(readFileSync(path.join(ROOT, "tests/emulators/platforms/local-apify.json"), "utf8"));

/** The emulated world's process (tests/emulators/index.ts says what it starts). */
const EMULATED_WORLD_CLI = "tests/emulators/main.ts";

const LOCAL_APP_CREDENTIALS = {
  SHOPIFY_API_KEY: localApp.apiKey,
  SHOPIFY_API_SECRET: localApp.apiSecret,
  SHOPIFY_APP_HANDLE: localApp.appHandle,
  SCOPES: localApp.scopes,
};

/**
 * A new, migrated SQLite database at prisma/<name>.sqlite (a previous one is
 * removed), for a test or benchmark run. Returns its DATABASE_URL.
 * @param {string} name
 * @returns {string}
 */
export function freshSqliteDatabase(name) {
  const file = path.join(ROOT, "prisma", `${name}.sqlite`);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  const databaseUrl = `file:${file}`;
  const deploy = spawnSync(process.execPath, ["scripts/db.mjs", "deploy"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (deploy.status !== 0) throw new Error(`Could not migrate ${file}`);
  return databaseUrl;
}

/**
 * Environment shared by Local Shopify and the app, so they agree on URLs and
 * credentials. The importers reach the Apify and oEmbed emulators inside Local
 * Shopify (their base URLs follow from LOCAL_SHOPIFY_URL); APIFY_TOKEN is the
 * emulator's token, never a real one. APIFY_WAIT_SECS and
 * PLATFORM_EMULATOR_RUN_MS / PLATFORM_EMULATOR_SLOW_RUN_MS /
 * PLATFORM_EMULATOR_VIDEO_TTL_SECONDS pass through.
 * @param {{ appPort: number, shopifyPort: number, databaseUrl: string, stateFile?: string }} ports
 */
export function stackEnv({ appPort, shopifyPort, databaseUrl, stateFile = undefined }) {
  return {
    ...process.env,
    ...LOCAL_APP_CREDENTIALS,
    NODE_ENV: /** @type {const} */ ("production"),
    PORT: String(appPort),
    SHOPIFY_APP_URL: `http://localhost:${appPort}`,
    LOCAL_SHOPIFY_PORT: String(shopifyPort),
    LOCAL_SHOPIFY_URL: `http://localhost:${shopifyPort}`,
    LOCAL_SHOPIFY_STATE_FILE: stateFile ?? "",
    DATABASE_URL: databaseUrl,
    APIFY_TOKEN: localApify.token,
  };
}

/**
 * logFile: a file that receives the process's whole output (stdout and stderr), quiet or not.
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {{ quiet: boolean, logFile?: string }} output
 */
function startProcess(name, args, env, { quiet, logFile = undefined }) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = logFile ? createWriteStream(logFile, { flags: "w" }) : null;
  if (log) child.once("exit", () => log.end());
  const prefix = (/** @type {string} */ line) => `[${name}] ${line}`;
  /**
   * @param {import("node:stream").Readable} stream
   * @param {NodeJS.WriteStream} target
   */
  const forward = (stream, target) =>
    stream.on("data", (/** @type {Buffer} */ chunk) => {
      log?.write(chunk);
      if (quiet) return;
      for (const line of String(chunk).split("\n")) if (line.trim()) target.write(prefix(line) + "\n");
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
}

/**
 * @param {string} url
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} name
 */
async function waitForHttp(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  /** @type {number | null} */
  let exited = null;
  child.once("exit", (/** @type {number | null} */ code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${name} exited with code ${exited} before answering at ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * Starts Local Shopify alone (storefront, Admin API, controls) and waits until
 * it answers: for benchmarks of what shoppers load, where the app is not asked.
 * @param {{ appPort: number, shopifyPort: number, databaseUrl: string, quiet?: boolean }} options
 */
export async function startLocalShopifyOnly({ appPort, shopifyPort, databaseUrl, quiet = false }) {
  const env = stackEnv({ appPort, shopifyPort, databaseUrl });
  const shopify = startProcess("local-shopify", ["--import", "tsx", EMULATED_WORLD_CLI], env, { quiet });
  const stop = async () => {
    if (shopify.exitCode === null) {
      shopify.kill("SIGTERM");
      await new Promise((resolve) => shopify.once("exit", resolve));
    }
  };
  try {
    await waitForHttp(`${env.LOCAL_SHOPIFY_URL}/__local/health`, shopify, "Local Shopify");
  } catch (error) {
    await stop();
    throw error;
  }
  return { shopifyUrl: env.LOCAL_SHOPIFY_URL, storefrontUrl: (/** @type {string} */ shop) => `http://${shop}.localhost:${shopifyPort}/`, stop };
}

/**
 * A load balancer for several app instances: each request goes to the next
 * instance in turn (round robin), as a deployment behind one would see.
 * @param {number} port
 * @param {number[]} targetPorts
 * @returns {Promise<http.Server>}
 */
function startRoundRobinProxy(port, targetPorts) {
  let next = 0;
  const server = http.createServer((request, response) => {
    const targetPort = targetPorts[next++ % targetPorts.length];
    const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/**
 * Starts both processes and waits until each answers. Returns the URLs and a
 * stop() that ends both. appLogFile: where the app's output is also written
 * (the e2e tests read it to check what the app logs). appInstances > 1: that
 * many app processes on the ports after appPort, behind a round-robin proxy
 * on appPort (several instances on one database; use PostgreSQL). appEnv is
 * added to the app's environment only (e.g. a benchmark's probe in NODE_OPTIONS).
 * @param {{ appPort: number, shopifyPort: number, databaseUrl: string, stateFile?: string, quiet?: boolean, appLogFile?: string, shopifyLogFile?: string, appInstances?: number, appEnv?: Record<string, string> }} options
 */
export async function startStack({
  appPort,
  shopifyPort,
  databaseUrl,
  stateFile = undefined,
  quiet = false,
  appLogFile = undefined,
  shopifyLogFile = undefined,
  appInstances = 1,
  appEnv = {},
}) {
  const env = stackEnv({ appPort, shopifyPort, databaseUrl, stateFile });
  const shopify = startProcess("local-shopify", ["--import", "tsx", EMULATED_WORLD_CLI], env, { quiet, logFile: shopifyLogFile });
  // Said even when quiet: every test after this would fail on a refused connection, and this line says why.
  let stopping = false;
  shopify.once("exit", (code, signal) => {
    if (!stopping)
      console.error(`✖ Local Shopify exited unexpectedly (code ${code}, signal ${signal})${shopifyLogFile ? `; its output: ${shopifyLogFile}` : ""}`);
  });
  const instancePorts = appInstances > 1 ? Array.from({ length: appInstances }, (_, i) => appPort + 1 + i) : [appPort];
  const apps = instancePorts.map((port, i) =>
    startProcess(
      appInstances > 1 ? `app ${i + 1}` : "app",
      ["server.mjs", "build/server/index.js"],
      { ...env, ...appEnv, PORT: String(port) },
      {
        quiet,
        logFile: i === 0 ? appLogFile : undefined,
      },
    ),
  );
  const proxy = appInstances > 1 ? await startRoundRobinProxy(appPort, instancePorts) : null;
  const stop = async () => {
    stopping = true;
    proxy?.close();
    const children = [...apps, shopify];
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null)));
  };
  try {
    await Promise.all([
      waitForHttp(`${env.LOCAL_SHOPIFY_URL}/__local/health`, shopify, "Local Shopify"),
      ...apps.map((app, i) => waitForHttp(`http://localhost:${instancePorts[i]}/healthz`, app, `The app (port ${instancePorts[i]})`)),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    appUrl: env.SHOPIFY_APP_URL,
    shopifyUrl: env.LOCAL_SHOPIFY_URL,
    /** The shop's storefront on Local Shopify (Chromium resolves *.localhost to loopback). */
    storefrontUrl: (shop = "demo") => `http://${shop}.localhost:${shopifyPort}/`,
    adminUrl: (shop = "demo", appPath = "") => `${env.LOCAL_SHOPIFY_URL}/store/${shop}/apps/${LOCAL_APP_CREDENTIALS.SHOPIFY_APP_HANDLE}${appPath}`,
    processes: { app: apps[0], apps, shopify },
    stop,
  };
}
