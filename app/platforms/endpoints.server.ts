/**
 * The services the importers call, and their settings from the environment.
 * Locally (Local Shopify on loopback) the calls go to its emulators; a
 * deployed app always calls the real services: the Apify token can only ever
 * be sent to api.apify.com or to a loopback emulator.
 */
import { serverEnv, type ServerEnv } from "~/env.server";
import { localPlatformEndpoints, type LocalPlatformEndpoints } from "~/shopify/local-shopify.server";

const APIFY_API_BASE_URL = "https://api.apify.com";
const PINTEREST_OEMBED_URL = "https://www.pinterest.com/oembed.json";

/** How long one oEmbed request may take. */
const OEMBED_TIMEOUT_MS = 15_000;

export interface ImporterSettings {
  /** Apify API token; undefined -> imports through Apify fail with kind "missing_token". */
  apifyToken: string | undefined;
  /** apify-client's baseUrl (without /v2). */
  apifyBaseUrl: string;
  /** Seconds to wait for a run before giving up with kind "timeout". */
  apifyWaitSecs: number;
  /** Retries of apify-client on network errors, 429 and 5xx (exponential backoff from 500 ms). */
  apifyMaxRetries: number;
  pinterestOembedUrl: string;
  oembedTimeoutMs: number;
}

/** Settings from the environment (app/env.server.ts) and Local Shopify's emulators when it runs. */
export function importerSettings(
  env: Pick<ServerEnv, "APIFY_TOKEN" | "APIFY_WAIT_SECS"> = serverEnv,
  local: LocalPlatformEndpoints | null = localPlatformEndpoints(),
): ImporterSettings {
  return {
    apifyToken: env.APIFY_TOKEN,
    apifyBaseUrl: local?.apifyBaseUrl ?? APIFY_API_BASE_URL,
    apifyWaitSecs: env.APIFY_WAIT_SECS,
    apifyMaxRetries: 4,
    pinterestOembedUrl: local?.pinterestOembedUrl ?? PINTEREST_OEMBED_URL,
    oembedTimeoutMs: OEMBED_TIMEOUT_MS,
  };
}
