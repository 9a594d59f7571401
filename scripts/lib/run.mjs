// @ts-check
// Small helpers for the project's scripts: run a command visibly, time steps.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keepNativeBuild, nativeBuildCacheEnv } from "./native-build-cache.mjs";

/**
 * spawnSync's options; `env` is added to this process's environment.
 * @typedef {Omit<import("node:child_process").SpawnSyncOptions, "env"> & { env?: Record<string, string | undefined> }} RunOptions
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Runs a command in the project's root with its output shown; returns its exit status.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 * @returns {number}
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Runs a command in the project's root with its output (stdout and stderr, interleaved) kept rather than shown,
 * for commands run side by side whose output is printed one after the other.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ env?: Record<string, string | undefined> }} [options]
 * @returns {Promise<{ status: number; output: string }>}
 */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "1", ...options.env } });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/**
 * `run`, ending this process with the command's status when it fails.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 */
export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}

/** @param {string} file */
function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = path.join(ROOT, "node_modules/.package-lock.json");
  if (mtime(installed) >= mtime(path.join(ROOT, "package-lock.json"))) return;
  // A git worktree sharing another checkout's node_modules through a symlink: npm ci here empties the shared
  // directory (it removes node_modules' contents through the link) before installing a copy of its own.
  if (existsSync(path.join(ROOT, "node_modules")) && lstatSync(path.join(ROOT, "node_modules")).isSymbolicLink()) {
    console.log("• node_modules is a link to another checkout's: not reinstalling it here (run npm ci there if it is stale).");
    return;
  }
  console.log("• Installing dependencies (npm ci)…");
  runOrExit("npm", ["ci", "--no-audit", "--no-fund"], { env: nativeBuildCacheEnv() });
  keepNativeBuild(ROOT);
}

/**
 * Debian's Chromium builds: the headless shell runs the end-to-end tests (decision 089), the full browser the
 * benches and the tutorial recording. Playwright's own browser download cannot work offline.
 */
const CHROMIUM_PACKAGES = [
  { name: "chromium", binary: "/usr/bin/chromium" },
  { name: "chromium-headless-shell", binary: "/usr/bin/chromium-headless-shell" },
];

export function ensureChromium() {
  const missing = CHROMIUM_PACKAGES.filter((pkg) => !existsSync(pkg.binary)).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  console.log(`• Installing ${missing.join(" and ")} from Debian's packages…`);
  const asRoot = process.getuid?.() === 0;
  const apt = (/** @type {string[]} */ ...args) => (asRoot ? run("apt-get", args) : run("sudo", ["apt-get", ...args]));
  const install = () => apt("install", "-y", "--no-install-recommends", ...missing);
  // A fresh machine may have no package index yet.
  if (install() === 0 || (apt("update") === 0 && install() === 0)) return;
  console.error(`✖ Could not install ${missing.join(" and ")} (apt-get install ${missing.join(" ")}).`);
  process.exit(1);
}

export function generatePrismaClients() {
  runOrExit(process.execPath, ["scripts/db.mjs", "generate"]);
}

/** Builds the app unless the build is newer than every source it depends on. */
export function buildApp({ force = false } = {}) {
  if (!force && !isBuildStale()) return;
  console.log("• Building the app (remix vite:build)…");
  runOrExit(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"]);
}

/** @param {string} dir */
function newestMtime(dir) {
  let newest = 0;
  /** @param {string} current */
  const walk = (current) => {
    if (!existsSync(current)) return;
    const stat = statSync(current);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(current)) walk(path.join(current, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  walk(path.join(ROOT, dir));
  return newest;
}

function isBuildStale() {
  const built = mtime(path.join(ROOT, "build/server/index.js"));
  if (!built) return true;
  const sources = Math.max(newestMtime("app"), newestMtime("public"), mtime(path.join(ROOT, "vite.config.ts")), mtime(path.join(ROOT, "package-lock.json")));
  return sources > built;
}
