/**
 * A database that is busy, locked or briefly unreachable is "not now", not a
 * bug: every loader and action answers it as 503 with Retry-After, so
 * Shopify retries a webhook, App Bridge's fetch can retry, and a load
 * balancer sees a clean status instead of a 500 (decision 024).
 *
 * Remix gives the server no hook to change the answer of a failed loader, so
 * the production server wraps every route module once at start-up with
 * answerDatabaseOutagesWith503 (exported through app/entry.server.tsx).
 */
import type { ServerBuild } from "@remix-run/node";
import { DATABASE_RETRY_AFTER_SECONDS, isTransientDatabaseError } from "~/db.server";
import { SERVER_TEXT } from "~/messages";

type RouteHandler = (args: { request: Request }) => unknown;

/** The 503 a transient database failure becomes. */
function databaseUnavailableResponse(): Response {
  return new Response(JSON.stringify({ error: SERVER_TEXT.databaseBusy }), {
    status: 503,
    headers: { "Content-Type": "application/json", "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/** The handler, answering a transient database failure with the 503 above (thrown, so page routes show their error boundary). */
export function withDatabaseOutageAs503<Handler extends RouteHandler>(handler: Handler): Handler {
  const wrapped = async (args: Parameters<Handler>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isTransientDatabaseError(error)) {
        console.warn(`${args.request.method} ${new URL(args.request.url).pathname}: database unavailable, answered 503`);
        throw databaseUnavailableResponse();
      }
      throw error;
    }
  };
  return wrapped as Handler;
}

/** Wraps every route's loader and action of the server build (once). */
export function answerDatabaseOutagesWith503(routes: ServerBuild["routes"]): void {
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    // Module namespaces are frozen: give the route a copy with the wrapped handlers.
    route.module = {
      ...route.module,
      ...(loader ? { loader: withDatabaseOutageAs503(loader as RouteHandler) as typeof loader } : {}),
      ...(action ? { action: withDatabaseOutageAs503(action as RouteHandler) as typeof action } : {}),
    };
  }
}
