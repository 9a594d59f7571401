// @ts-check
// Which database Clipcart uses, decided in one place for the Prisma CLI
// (prisma.config.ts), the app (app/db.server.ts) and scripts/db.mjs.
// Plain ESM so that all three can import it without a TypeScript loader.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.sqlite";

/**
 * The project root: the nearest folder above `from` that holds package.json.
 * Found by walking up rather than by a fixed "../" so that it also holds once
 * this module is bundled into build/server/index.js by the Remix build.
 * @param {string} [from]
 */
export function projectRoot(from = path.dirname(fileURLToPath(import.meta.url))) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/**
 * @param {string} url
 * @returns {"sqlite" | "postgresql"}
 */
export function databaseProvider(url) {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (/^(file|libsql):/i.test(url)) return "sqlite";
  throw new Error(`DATABASE_URL must start with file:, libsql:, postgres:// or postgresql:// (got "${url.split(":")[0]}:...")`);
}

/**
 * DATABASE_URL, or file:./prisma/dev.sqlite when unset. A relative SQLite
 * path is resolved against the project root (not the working directory), and
 * Prisma-style query parameters on file: URLs are dropped (libsql rejects them).
 * @param {string | undefined} [url]
 * @param {string} [root]
 */
export function resolveDatabaseUrl(url = process.env.DATABASE_URL, root = projectRoot()) {
  const value = url?.trim() || DEFAULT_DATABASE_URL;
  databaseProvider(value);
  if (!/^file:/i.test(value)) return value;
  return `file:${sqliteFilePath(value, root)}`;
}

/**
 * The absolute path of a file: URL's database.
 * @param {string} url
 * @param {string} [root]
 */
export function sqliteFilePath(url, root = projectRoot()) {
  let p = url.replace(/^file:/i, "").replace(/[?#].*$/, "");
  if (p.startsWith("//")) p = fileURLToPath(`file:${p}`);
  return path.resolve(root, decodeURIComponent(p));
}
