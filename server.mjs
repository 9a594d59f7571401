// @ts-check
/**
 * The app's production server: `npm start` (node server.mjs [build/server/index.js]).
 * PORT (default 3000) and HOST (default: every interface) say where it listens;
 * SIGTERM or SIGINT stops it gracefully. What it adds around the Remix build is
 * in server/app.mjs and decision 020.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/node";
import { createApp, installFetchGlobals, startServer } from "./server/app.mjs";

process.env.NODE_ENV ??= "production";
// Stack traces point into the libraries' TypeScript sources where they ship source maps.
process.setSourceMapsEnabled(true);

installFetchGlobals();
const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build = await import(pathToFileURL(buildPath).href);

// A busy or unreachable database answers 503 with Retry-After from every loader and action (decision 024).
build.entry.module.answerDatabaseOutagesWith503(build.routes);

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const app = createApp({
  handleRequest: createRequestHandler(build, process.env.NODE_ENV),
  clientDirectory: path.resolve(build.assetsBuildDirectory),
});
const { stop } = await startServer(app, { port, host });
console.log(`[server] http://${host ?? "localhost"}:${port}`);

let stopping = false;
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: no new connections; finishing the requests in flight`);
    await stop();
    // What the app still holds in memory (queued storefront events) is written before the process ends.
    await build.entry.module.beforeExit?.();
    console.log("[server] stopped");
    process.exit(0);
  });
}
