/**
 * The REST API's boundary (spec 7): every /api call is authenticated by the
 * admin session token (Bearer) and scoped to that token's shop. A request that
 * names another shop, or a record of another shop, gets the same 404 as a
 * record that does not exist, so nothing leaks about other shops.
 */
import { json } from "@remix-run/node";
import type { z } from "zod";
import { authenticate } from "~/shopify.server";
import { getShopByDomain } from "~/models/shop.server";
import { noteAdminActivity } from "~/models/background-work.server";
import { API_TEXT, HTTP_BOUNDARY_TEXT } from "~/messages";

/**
 * /api bodies are small JSON documents. The production server refuses a larger
 * body before the app sees it (server/http-boundary.mjs); readJsonBody checks
 * again for routes reached without that server (tests, `shopify app dev`).
 */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

export function apiError(status: number, message: string): Response {
  return json({ error: message }, { status });
}

export function notFound(message: string = API_TEXT.notFound): never {
  throw apiError(404, message);
}

export function badRequest(message: string): never {
  throw apiError(400, message);
}

/** 401 with a JSON body; keeps the library's headers (X-Shopify-Retry-Invalid-Session-Request makes App Bridge retry with a fresh token). */
function sessionRequired(libraryAnswer?: Response): Response {
  const headers = new Headers(libraryAnswer?.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return json({ error: HTTP_BOUNDARY_TEXT.sessionRequired }, { status: 401, headers });
}

function hasBearerToken(request: Request): boolean {
  return /^Bearer\s+\S/i.test(request.headers.get("Authorization") ?? "");
}

export async function authenticateApi(request: Request) {
  // Without a token the library redirects to a login page, which an API client cannot follow.
  // OPTIONS (a CORS preflight never carries the token) stays the library's to answer.
  if (request.method !== "OPTIONS" && !hasBearerToken(request)) throw sessionRequired();
  try {
    const { session, admin, billing } = await authenticate.admin(request);
    // Background work a page asked for waits while this merchant's pages are talking to the app (decision 086).
    noteAdminActivity(session.shop);
    return { session, admin, billing, shopDomain: session.shop };
  } catch (thrown) {
    // The library's 401 has an empty body; API clients read `error`.
    if (thrown instanceof Response && thrown.status === 401) throw sessionRequired(thrown);
    throw thrown;
  }
}

/** The token's shop record; 404 when the shop was never bootstrapped. */
export async function requireApiShop(request: Request, shopIdParam?: string) {
  const context = await authenticateApi(request);
  const shop = await getShopByDomain(context.shopDomain);
  if (!shop || (shopIdParam !== undefined && shop.id !== shopIdParam)) notFound(API_TEXT.shopNotFound);
  return { ...context, shop };
}

/** "1 MB", "16 KB": how a body limit reads in an answer. */
export function formatByteSize(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function bodyTooLarge(limitBytes: number): never {
  throw apiError(413, HTTP_BOUNDARY_TEXT.bodyTooLarge(formatByteSize(limitBytes)));
}

/** The body as text, refused with 413 once it passes the limit: a claimed Content-Length at once, a stream as it arrives. */
async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  if (Number(request.headers.get("Content-Length")) > limitBytes) bodyTooLarge(limitBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel().catch(() => undefined);
      bodyTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON body with a zod schema; bad input is a 400 with a readable message, never a 500; over 1 MB is a 413. */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    const text = await readBodyText(request, API_BODY_LIMIT_BYTES);
    body = text ? JSON.parse(text) : {};
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    badRequest(API_TEXT.invalidJson);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".");
    badRequest(issue && field ? `${field}: ${issue.message}` : (issue?.message ?? API_TEXT.invalidRequest));
  }
  return result.data;
}

export function methodNotAllowed(allowed: string[]): Response {
  return json({ error: `Method not allowed. Use ${allowed.join(" or ")}.` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
