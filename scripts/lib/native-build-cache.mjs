// @ts-check
// better-sqlite3 has no prebuilt binary this machine can download (its install fetches one from GitHub, which is
// unreachable), so every `npm ci` compiles SQLite from source: about 95 s of one core, the longest part of a clean
// clone's install. prebuild-install, which better-sqlite3's install script runs first, takes a prebuild from a
// local folder named by `npm_config_<package>_local_prebuilds` before trying the network, and loads it to check it
// (a bad one falls back to compiling). After the first compile on a machine we keep the binary there, in the
// prebuild format, under a name that carries the package's version, Node's ABI, the platform and the architecture;
// a later install on the same machine unpacks it instead of compiling (decision 090).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PACKAGE = "better-sqlite3";
const BINARY = "build/Release/better_sqlite3.node";

/** Where kept builds live: the machine's cache folder, never the checkout (a clean clone shares it). */
export function nativeBuildCacheDir() {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cacheHome, "clipcart", "prebuilds");
}

/** The environment `npm ci` needs to find a kept build. */
export function nativeBuildCacheEnv() {
  return { [`npm_config_${PACKAGE.replace(/[^a-zA-Z0-9]/g, "_")}_local_prebuilds`]: nativeBuildCacheDir() };
}

/**
 * prebuild-install's file name for this package on this machine (its default template:
 * `{name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz`; libc is empty on glibc).
 * @param {string} version
 */
function prebuildName(version) {
  const libc = isMusl() ? "musl" : "";
  return `${PACKAGE}-v${version}-node-v${process.versions.modules}-${process.platform}${libc}-${process.arch}.tar.gz`;
}

function isMusl() {
  const report = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (process.report.getReport());
  return !report.header?.glibcVersionRuntime;
}

/**
 * Keeps the binary `npm ci` just built, if none is kept for this version yet. Never fails the install: without a
 * kept build the next install compiles, as it would anyway.
 * @param {string} root the checkout's root
 */
export function keepNativeBuild(root) {
  try {
    keepBinary(root);
  } catch (error) {
    console.warn(`• Could not keep ${PACKAGE}'s compiled binary (the next install compiles it again):`, error);
  }
}

/** @param {string} root */
function keepBinary(root) {
  const packageDir = path.join(root, "node_modules", PACKAGE);
  if (!existsSync(path.join(packageDir, BINARY))) return;
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
  const cacheDir = nativeBuildCacheDir();
  const target = path.join(cacheDir, prebuildName(version));
  if (existsSync(target)) return;
  mkdirSync(cacheDir, { recursive: true });
  // Written beside its final name and renamed, so an install running meanwhile never unpacks half a file.
  const partial = `${target}.${process.pid}.partial`;
  const tar = spawnSync("tar", ["-czf", partial, "-C", packageDir, BINARY], { stdio: "inherit" });
  if (tar.status === 0) {
    renameSync(partial, target);
    console.log(`• Kept ${PACKAGE}'s compiled binary for the next install on this machine (${target}).`);
  } else {
    rmSync(partial, { force: true });
  }
}
