import type { LocalShopifyConfig } from "./config.js";
import type { LocalShopifyState, ShopState } from "./state.js";

/** A webhook Local Shopify sent to the app, as recorded in the shop's state. */
export interface WebhookDeliveryResult {
  topic: string;
  url: string;
  status: number; // 0 when the app could not be reached
  webhookId: string;
}

/**
 * What every request handler (ours and the admin module's) gets: the config,
 * the live in-memory state, and the operations shared between modules.
 */
export interface LocalShopifyContext {
  config: LocalShopifyConfig;
  state: LocalShopifyState;
  /** A fresh App Bridge session token (HS256 JWT) for the shop, valid 60 s. */
  mintIdToken(shopDomain: string): Promise<string>;
  /** The shop's state; any `<handle>.myshopify.com` (or bare handle) is created on first use. */
  shop(shopOrHandle: string): ShopState;
  /** Call after mutating state: persists to config.stateFile (debounced) when set. */
  save(): void;
  /** Sends a signed webhook for `topic` to the app (URI from shopify.app.toml) and records it. */
  deliverWebhook(input: { shop: string; topic: string; payload?: unknown }): Promise<WebhookDeliveryResult>;
}
