import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { serverEnv } from "./env.server";
import { addDocumentResponseHeaders } from "./shopify.server";
import { startBackgroundJobs, stopBackgroundJobs } from "./jobs/index.server";
import { withLocalFrameAncestor } from "./shopify/local-shopify.server";

// The app server runs the background jobs (decision 027): the import job watchdog, the storefront publish sweep,
// and Premium auto-sync, which it schedules (and, on PostgreSQL, works) unless AUTO_SYNC=off (tests, benchmarks).
startBackgroundJobs({ autoSync: serverEnv.AUTO_SYNC === "off" ? false : {} }).catch((error: unknown) =>
  console.error("The background jobs could not start", error),
);

// The production server wraps the routes with it at start-up (server.mjs).
export { answerDatabaseOutagesWith503 } from "./http/database-outage.server";

/**
 * The production server calls this after the last request finished, before
 * the process exits (SIGTERM): the background jobs stop, and storefront events
 * still queued in memory are written, so a deploy loses none.
 */
export async function beforeExit(): Promise<void> {
  await stopBackgroundJobs().catch((error: unknown) => console.error("Stopping the background jobs (writing the last storefront events) failed", error));
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
