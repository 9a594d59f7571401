/**
 * One /api boundary for every route (issue 26 item 3): a route names its
 * methods, each with its body schema and its handler, and this does the rest
 * the same way everywhere: 405 with Allow for any other method (before any
 * authentication, as a CORS preflight needs), the session token and its shop,
 * the shop the request names (a route param, `?shopId=`, the body's
 * `shopId` or its `shop` domain) checked against the token's (404 otherwise, as for a record of
 * another shop), the JSON body parsed with zod (400 naming the field, 413 over
 * the limit), the domain's typed refusals as their answers (api-errors), and
 * a failure of Shopify or another service as a logged 502 where the route
 * says so.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { API_TEXT } from "~/messages";
import { apiError, authenticateApi, methodNotAllowed, notFound, readJsonBody, requireApiShop } from "./api.server";
import { domainErrorResponse } from "./api-errors.server";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHOD_ORDER: readonly ApiMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type RouteParams = LoaderFunctionArgs["params"];
type ShopContext = Awaited<ReturnType<typeof requireApiShop>>;
type BodyOf<Schema> = Schema extends z.ZodType ? z.infer<Schema> : undefined;

export interface ApiContext<Body> extends ShopContext {
  request: Request;
  params: RouteParams;
  url: URL;
  body: Body;
}

export interface Endpoint<Schema> {
  /** The route param that names the shop (`/api/analytics/{shopId}`); otherwise `?shopId=`, when given. */
  shopParam?: string;
  /** The JSON body's schema; a body `shopId` is checked against the token's shop. */
  body?: Schema;
  /** The status of an answer that is not a Response: 200 unless said (201 created, 202 accepted). */
  status?: number;
  /** A failure that is not the domain's refusal answers 502 with this message (and is logged): the route calls Shopify or another service. */
  upstreamFailure?: string;
  /** The work: a Response as it is, anything else as JSON. */
  handle: (context: ApiContext<BodyOf<Schema>>) => Promise<unknown>;
}

type Endpoints<Schemas> = { [M in keyof Schemas]: Endpoint<Schemas[M]> };

function allowed(methods: readonly string[]): ApiMethod[] {
  return METHOD_ORDER.filter((method) => methods.includes(method));
}

/** A string field of the body, when it has one: `shopId` (spec 7 sends it in several bodies) or `shop` (a domain, from Shopify's return URL). */
function bodyField(body: unknown, field: "shopId" | "shop"): string | undefined {
  if (!body || typeof body !== "object" || !(field in body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" && value !== "" ? value : undefined;
}

async function answer(run: () => Promise<unknown>, endpoint: { status?: number; upstreamFailure?: string }): Promise<Response> {
  try {
    const result = await run();
    return result instanceof Response ? result : json(result, { status: endpoint.status ?? 200 });
  } catch (error) {
    const known = domainErrorResponse(error);
    if (known) throw known;
    if (!endpoint.upstreamFailure) throw error;
    console.error(error);
    return apiError(502, endpoint.upstreamFailure);
  }
}

async function serve(endpoint: Endpoint<z.ZodType | undefined>, request: Request, params: RouteParams): Promise<Response> {
  const url = new URL(request.url);
  const named = endpoint.shopParam ? params[endpoint.shopParam] : (url.searchParams.get("shopId") ?? undefined);
  const context = await requireApiShop(request, named);
  const body = endpoint.body ? await readJsonBody(request, endpoint.body) : undefined;
  const shopId = bodyField(body, "shopId");
  const shopDomain = bodyField(body, "shop");
  if ((shopId !== undefined && shopId !== context.shop.id) || (shopDomain !== undefined && shopDomain !== context.shopDomain)) notFound(API_TEXT.shopNotFound);
  return answer(() => endpoint.handle({ ...context, request, params, url, body }), endpoint);
}

/**
 * A route's loader and action from its endpoints:
 *   const route = apiRoute({ GET: {...}, POST: {...} });
 *   export const loader = route.loader;
 *   export const action = route.action;
 * (Not a destructuring export: Remix's Vite plugin strips `loader` and
 * `action` from the browser build only when each is its own export, and the
 * build fails on a server module kept for the browser.)
 */
export function apiRoute<Schemas extends { [M in ApiMethod]?: unknown }>(endpoints: Endpoints<Schemas>) {
  const table = endpoints as Partial<Record<ApiMethod, Endpoint<z.ZodType | undefined>>>;
  const methods = allowed(Object.keys(table));
  async function route({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const method = request.method === "HEAD" ? "GET" : request.method;
    const endpoint = table[method as ApiMethod];
    if (!endpoint) return methodNotAllowed(methods);
    return serve(endpoint, request, params);
  }
  return { loader: route, action: route };
}

/**
 * The two bootstrap calls, made before the shop exists (GET /api/shops/{domain},
 * POST /api/shops): the token's shop domain, no shop record.
 */
export function apiBootstrapRoute<Schema>(
  method: ApiMethod,
  endpoint: {
    body?: Schema;
    status?: number;
    handle: (context: { request: Request; params: RouteParams; shopDomain: string; body: BodyOf<Schema> }) => Promise<unknown>;
  },
) {
  async function route({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    if ((request.method === "HEAD" ? "GET" : request.method) !== method) return methodNotAllowed([method]);
    const { shopDomain } = await authenticateApi(request);
    const body = (endpoint.body ? await readJsonBody(request, endpoint.body as unknown as z.ZodType) : undefined) as BodyOf<Schema>;
    return answer(() => endpoint.handle({ request, params, shopDomain, body }), endpoint);
  }
  return { loader: route, action: route };
}
