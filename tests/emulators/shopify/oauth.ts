/**
 * POST /admin/oauth/access_token: token exchange (session token -> access
 * token, online or offline, optionally expiring) and refresh, answered the way
 * Shopify answers @shopify/shopify-api's tokenExchange/refreshToken/
 * migrateToExpiringToken. The shop comes from the subject token, never from
 * the Host (the app only rewrites https://<shop>/ to our base URL).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { jwtVerify } from "jose";
import type { LocalShopifyContext } from "./context.js";
import { readParams, sendJson } from "./http.js";
import type { LocalShopifyState, TokenRecord } from "./state.js";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";
const ONLINE = "urn:shopify:params:oauth:token-type:online-access-token";

/** Lifetimes Shopify uses: online tokens ~1 day, expiring offline tokens 1 h, refresh tokens 90 days. */
const ONLINE_TTL = 86_399;
const EXPIRING_OFFLINE_TTL = 3_600;
const REFRESH_TTL = 90 * 86_400;
const CLOCK_LEEWAY = 5;

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
  }
}

function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(16).toString("hex")}`;
}

function sameSecret(a: unknown, b: string): boolean {
  const left = Buffer.from(String(a ?? ""));
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Looks up a live access token; null when unknown, revoked or expired (GraphQL answers 401). */
export function findAccessToken(state: LocalShopifyState, token: string | undefined): TokenRecord | null {
  const record = token ? state.tokens[token] : undefined;
  if (!record) return null;
  if (record.expiresAt && record.expiresAt < Date.now()) return null;
  return record;
}

/** Uninstall: every token of the shop stops working at once. */
export function revokeTokens(state: LocalShopifyState, shop: string): void {
  for (const [token, record] of Object.entries(state.tokens)) if (record.shop === shop) delete state.tokens[token];
  for (const [token, record] of Object.entries(state.refreshTokens)) if (record.shop === shop) delete state.refreshTokens[token];
}

async function shopFromSessionToken(ctx: LocalShopifyContext, token: string): Promise<{ shop: string; userId: number }> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.config.apiSecret), {
      algorithms: ["HS256"],
      audience: ctx.config.apiKey,
      clockTolerance: CLOCK_LEEWAY,
    });
    const shop = new URL(String(payload.dest)).hostname;
    if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop)) throw new Error(`bad dest ${payload.dest}`);
    return { shop, userId: Number(payload.sub ?? 1) || 1 };
  } catch (error) {
    throw new OAuthError(400, "invalid_subject_token", `Invalid subject token: ${(error as Error).message}`);
  }
}

function offlineGrant(ctx: LocalShopifyContext, shop: string, expiring: boolean) {
  const accessToken = randomToken("shpat_");
  const scope = ctx.config.scopes;
  if (!expiring) {
    ctx.state.tokens[accessToken] = { shop, kind: "offline", scope };
    return { access_token: accessToken, scope };
  }
  const refreshToken = randomToken("shprt_");
  ctx.state.tokens[accessToken] = { shop, kind: "offline", scope, expiresAt: Date.now() + EXPIRING_OFFLINE_TTL * 1000 };
  ctx.state.refreshTokens[refreshToken] = { shop, expiresAt: Date.now() + REFRESH_TTL * 1000 };
  return {
    access_token: accessToken,
    scope,
    expires_in: EXPIRING_OFFLINE_TTL,
    refresh_token: refreshToken,
    refresh_token_expires_in: REFRESH_TTL,
  };
}

function onlineGrant(ctx: LocalShopifyContext, shop: string, userId: number) {
  const accessToken = randomToken("shpua_");
  const scope = ctx.config.scopes;
  ctx.state.tokens[accessToken] = { shop, kind: "online", scope, userId, expiresAt: Date.now() + ONLINE_TTL * 1000 };
  const handle = shop.replace(/\.myshopify\.com$/, "");
  return {
    access_token: accessToken,
    scope,
    expires_in: ONLINE_TTL,
    associated_user_scope: scope,
    associated_user: {
      id: userId,
      first_name: "Local",
      last_name: "Merchant",
      email: `owner@${handle}.example`,
      account_owner: true,
      locale: "en",
      collaborator: false,
      email_verified: true,
    },
  };
}

/** The body of a POST to /admin/oauth/access_token, JSON or form-encoded (so `expiring` may come as text, number or boolean). */
interface TokenRequest {
  client_id?: string;
  client_secret?: string;
  grant_type?: string;
  expiring?: string | number | boolean;
  refresh_token?: string;
  subject_token?: string;
  subject_token_type?: string;
  requested_token_type?: string;
}

async function grant(ctx: LocalShopifyContext, params: TokenRequest) {
  const { config, state } = ctx;
  if (params.client_id !== config.apiKey || !sameSecret(params.client_secret, config.apiSecret)) {
    throw new OAuthError(401, "invalid_client", "Client authentication failed: unknown client_id or wrong client_secret.");
  }
  const expiring = params.expiring === "1" || params.expiring === 1 || params.expiring === true;

  if (params.grant_type === "refresh_token") {
    const refreshToken = params.refresh_token ?? "";
    const record = state.refreshTokens[refreshToken];
    if (!record || record.expiresAt < Date.now()) {
      throw new OAuthError(400, "invalid_grant", "The refresh token is invalid, expired or revoked.");
    }
    // Refresh tokens rotate: the old one is spent.
    delete state.refreshTokens[refreshToken];
    return offlineGrant(ctx, record.shop, true);
  }

  if (params.grant_type !== TOKEN_EXCHANGE) {
    throw new OAuthError(400, "unsupported_grant_type", `Unsupported grant_type: ${params.grant_type ?? "(none)"}`);
  }
  if (typeof params.subject_token !== "string" || !params.subject_token) {
    throw new OAuthError(400, "invalid_request", "subject_token is required.");
  }
  const requested = params.requested_token_type ?? OFFLINE;
  if (requested !== OFFLINE && requested !== ONLINE) {
    throw new OAuthError(400, "invalid_request", `Unsupported requested_token_type: ${requested}`);
  }

  // migrateToExpiringToken: a non-expiring offline token traded for an expiring one.
  if (params.subject_token_type === OFFLINE) {
    const record = state.tokens[params.subject_token];
    if (!record || record.kind !== "offline" || record.expiresAt) {
      throw new OAuthError(400, "invalid_subject_token", "The subject token is not a non-expiring offline access token.");
    }
    delete state.tokens[params.subject_token];
    return offlineGrant(ctx, record.shop, true);
  }
  if (params.subject_token_type && params.subject_token_type !== ID_TOKEN) {
    throw new OAuthError(400, "invalid_request", `Unsupported subject_token_type: ${params.subject_token_type}`);
  }

  const { shop, userId } = await shopFromSessionToken(ctx, params.subject_token);
  // Opening the app from the admin is what installs a managed-install app.
  ctx.shop(shop).installed = true;
  return requested === ONLINE ? onlineGrant(ctx, shop, userId) : offlineGrant(ctx, shop, expiring);
}

export async function handleAccessToken(req: IncomingMessage, res: ServerResponse, ctx: LocalShopifyContext): Promise<void> {
  try {
    const body = await grant(ctx, await readParams(req));
    ctx.save();
    sendJson(res, 200, body);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    sendJson(res, error.status, { error: error.code, error_description: error.description });
  }
}
