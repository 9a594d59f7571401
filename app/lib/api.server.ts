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

export function apiError(status: number, message: string): Response {
  return json({ error: message }, { status });
}

export function notFound(message = "Not found"): never {
  throw apiError(404, message);
}

export function badRequest(message: string): never {
  throw apiError(400, message);
}

export async function authenticateApi(request: Request) {
  const { session, admin, billing } = await authenticate.admin(request);
  return { session, admin, billing, shopDomain: session.shop };
}

/** The token's shop record; 404 when the shop was never bootstrapped. */
export async function requireApiShop(request: Request, shopIdParam?: string) {
  const context = await authenticateApi(request);
  const shop = await getShopByDomain(context.shopDomain);
  if (!shop || (shopIdParam !== undefined && shop.id !== shopIdParam)) notFound("Shop not found");
  return { ...context, shop };
}

/** Parses a JSON body with a zod schema; bad input is a 400 with a readable message, never a 500. */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    badRequest("The request body must be valid JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".");
    badRequest(field ? `${field}: ${issue.message}` : (issue?.message ?? "Invalid request."));
  }
  return result.data;
}

export function methodNotAllowed(allowed: string[]): Response {
  return json({ error: `Method not allowed. Use ${allowed.join(" or ")}.` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
