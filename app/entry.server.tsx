import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { addDocumentResponseHeaders } from "./shopify.server";
import { startAutoSyncOnce } from "./models/auto-sync.server";
import { startImportJobWatchdogOnce } from "./models/import-jobs.server";
import { startStorefrontPublishSweepOnce } from "./models/storefront.server";
import { flushStorefrontEvents } from "./models/storefront-events.server";
import { withLocalFrameAncestor } from "./shopify/local-shopify.server";

// Premium accounts sync every 3 hours; this server schedules (and, on PostgreSQL, works) them.
startAutoSyncOnce();
// No import, sync or publish job stays "running": this process fails the ones nobody will finish (decision 023).
startImportJobWatchdogOnce();
// Storefront publishes that failed, hung or lost their instance are retried (decision 025).
startStorefrontPublishSweepOnce();

// The production server wraps the routes with it at start-up (server.mjs).
export { answerDatabaseOutagesWith503 } from "./http/database-outage.server";

/**
 * The production server calls this after the last request finished, before
 * the process exits (SIGTERM): storefront events still queued in memory are
 * written, so a deploy loses none.
 */
export async function beforeExit(): Promise<void> {
  await flushStorefrontEvents().catch((error: unknown) => console.error("Writing the last storefront events failed", error));
}

export const streamTimeout = 5000;

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  addDocumentResponseHeaders(request, responseHeaders);
  withLocalFrameAncestor(responseHeaders);
  // Bots get the whole document at once; browsers get the shell as soon as it is ready.
  const callbackName = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
