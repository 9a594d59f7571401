/**
 * Local emulators of the third parties the importers call, mounted into Local
 * Shopify's server (one process for the demo and the tests):
 *
 *   /apify/v2/...                 the Apify API subset apify-client uses (apify.ts)
 *   /oembed/pinterest.json?url=   Pinterest's oEmbed (oembed.ts)
 *   /platform-cdn/...             the platforms' media CDNs (images, videos), signed URLs that expire (cdn.ts)
 *   /__local/platforms/...        test controls (control.ts)
 *
 * See ../README.md for the scenarios.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { apifyHandler, LOCAL_APIFY_TOKEN } from "./apify.js";
import { serveCdn } from "./cdn.js";
import { platformControlRouter } from "./control.js";
import { PINTEREST_OEMBED_PATH, servePinterestOembed } from "./oembed.js";
import { defaultOptions, PlatformEmulatorState, type EmulatorOptions } from "./state.js";

export { LOCAL_APIFY_TOKEN };

export interface PlatformEmulators {
  state: PlatformEmulatorState;
  /** Answers the request if it is one of ours. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  reset(): void;
  close(): void;
}

export function createPlatformEmulators(options: { baseUrl: () => string; emulator?: Partial<EmulatorOptions> }): PlatformEmulators {
  const state = new PlatformEmulatorState({ ...defaultOptions(), ...options.emulator });
  const apify = apifyHandler(state, options.baseUrl);
  const control = platformControlRouter(state, options.baseUrl);
  return {
    state,
    async handle(req, res, url) {
      if (await apify(req, res, url)) return true;
      if (url.pathname === PINTEREST_OEMBED_PATH && (req.method === "GET" || req.method === "HEAD")) {
        await servePinterestOembed(res, url, state, options.baseUrl());
        return true;
      }
      if (url.pathname.startsWith("/platform-cdn/") && (req.method === "GET" || req.method === "HEAD")) {
        serveCdn(req, res, url, state);
        return true;
      }
      return control.handle(req, res, url);
    },
    reset: () => state.reset(defaultOptions()),
    close: () => state.reset(state.options),
  };
}
