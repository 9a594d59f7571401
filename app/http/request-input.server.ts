/**
 * A request's path and query parameters read with zod schemas, refused like a
 * bad JSON body (readJsonBody): a 400 "<field>: <message>" for the first
 * problem, never a 500 from the database.
 */
import { z } from "zod";
import { badRequest } from "~/http/api.server";
import { idInput } from "~/rules/text-input";
import { API_TEXT } from "~/messages";
import { serverEnv } from "~/env.server";

function parsedOrBadRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".");
    badRequest(issue && field ? `${field}: ${issue.message}` : (issue?.message ?? API_TEXT.invalidRequest));
  }
  return result.data;
}

/** A record id from the URL's path (`params.videoId`), named `field` in the answer. */
export function readIdParam(value: string | undefined, field: string): string {
  return parsedOrBadRequest(z.object({ [field]: idInput(field) }), { [field]: value ?? "" })[field] as string;
}

/** The query parameters `schema` names; a repeated parameter counts by its first value, as URLSearchParams.get reads it. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) query[name] ??= value;
  return parsedOrBadRequest(schema, query);
}

/**
 * Proxies of our own between Shopify's app proxy and the app (a load
 * balancer), each appending the address it was called from to
 * X-Forwarded-For. Deployments behind one set TRUSTED_PROXY_HOPS=1.
 */
const TRUSTED_PROXY_HOPS = serverEnv.TRUSTED_PROXY_HOPS;
/** An IPv4 or IPv6 address as proxies write it; anything else is not one. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The shopper's address as Shopify's app proxy forwards it (decision 060):
 * the X-Forwarded-For entry Shopify wrote, which is the last one unless our
 * own proxies (TRUSTED_PROXY_HOPS) appended theirs after it. Entries before
 * it came with the shopper's request and could say anything. Only ever an
 * in-memory rate key (app/models/storefront-event-limits.server.ts): never
 * stored or logged. "" when the request does not say.
 */
export function forwardedClientAddress(request: Request): string {
  const entries = (request.headers.get("X-Forwarded-For") ?? "").split(",").map((entry) => entry.trim());
  const address = entries[entries.length - 1 - TRUSTED_PROXY_HOPS] ?? "";
  return ADDRESS.test(address) ? address : "";
}
