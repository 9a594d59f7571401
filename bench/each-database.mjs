// @ts-check
// Runs a benchmark's measuring half once per database: a fresh SQLite file
// (prisma/<sqliteName>.sqlite) and, when PostgreSQL answers at PG_URL (default
// postgresql://postgres@127.0.0.1:5432/test), a throw-away database
// clipcart_bench_<pid> on that server, dropped at the end. Each runs in its own
// child process (`<script> --child <args>`), since the app's Prisma client is
// chosen once per process from DATABASE_URL.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * Runs a benchmark's measuring half on a fresh SQLite file, then on a throw-away PostgreSQL database when one answers.
 * @param {{ script: string, sqliteName: string, args?: Array<string | number> }} options
 */
export async function onEachDatabase({ script, sqliteName, args = [] }) {
  const { freshSqliteDatabase } = await import("../scripts/lib/stack.mjs");
  const { deploy } = await import("../scripts/db.mjs");
  await runChild(script, args, "SQLite", freshSqliteDatabase(sqliteName));

  const server = process.env.PG_URL || "postgresql://postgres@127.0.0.1:5432/test";
  const database = new URL(server);
  database.pathname = `/clipcart_bench_${process.pid}`;
  if (!(await reachable(server))) {
    console.log(`PostgreSQL: skipped (not reachable at ${server.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")})`);
    return;
  }
  try {
    await deploy(database.href, { quiet: true });
    await runChild(script, args, "PostgreSQL", database.href);
  } finally {
    await dropDatabase(database.href);
  }
}

/**
 * @param {string} script
 * @param {Array<string | number>} args
 * @param {string} label
 * @param {string} databaseUrl
 * @returns {Promise<void>}
 */
async function runChild(script, args, label, databaseUrl) {
  // The app's modules need its configuration to load (nothing is called: no server runs).
  const { stackEnv } = await import("../scripts/lib/stack.mjs");
  const env = stackEnv({ appPort: 3999, shopifyPort: 3998, databaseUrl });
  return new Promise((/** @type {(value?: void) => void} */ resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(script), "--child", ...args.map(String)], {
      env: {
        ...env,
        BENCH_LABEL: label,
        NODE_ENV: "production",
        SHOPIFY_LOG_LEVEL: "error",
        STOREFRONT_PUBLISHING: "off",
        VIDEO_MIRRORING: "off",
        AUTO_SYNC: "off",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${label} benchmark exited with ${code}`))));
  });
}

/** @param {string} url */
async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Drops a throw-away PostgreSQL database (connections to it are ended).
 * @param {string} url
 */
export async function dropDatabase(url) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
