import { describe, expect, it } from "vitest";
import localApify from "../../tests/emulators/platforms/local-apify.json" with { type: "json" };
import { readServerEnv } from "~/env.server";
import { localPlatformEndpoints } from "~/shopify/local-shopify.server";
import { ACTOR_INFO } from "../../tests/emulators/platforms/actors";
import { ENABLED_PLATFORMS } from "./config";
import { createImporter, getImporter, ImportError, importerSettings } from "./index.server";
import type { PlatformId } from "~/contracts/platforms";

describe("getImporter", () => {
  it("gives each enabled platform its importer, whose actor the platform emulators run (the demo and the end-to-end tests import through them)", () => {
    expect(ENABLED_PLATFORMS.map((platform) => platform.id)).toEqual(expect.arrayContaining(["tiktok", "instagram", "pinterest"]));
    for (const { id, actorId } of ENABLED_PLATFORMS) {
      expect(getImporter(id).config.id).toBe(id);
      if (actorId) expect(Object.keys(ACTOR_INFO), `${id}'s actor in tests/emulators/platforms/actors.ts`).toContain(actorId);
    }
  });

  it.each(["youtube_shorts", "snapchat", "youtube", "__proto__", "constructor"])("refuses %s with kind invalid_input", (platform) => {
    let error: unknown;
    try {
      getImporter(platform as PlatformId);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).kind).toBe("invalid_input");
  });

  it("createImporter takes overrides on top of the environment", () => {
    expect(() => createImporter("tiktok", { apifyWaitSecs: 1 })).not.toThrow();
  });
});

describe("importer settings", () => {
  it("read APIFY_TOKEN and APIFY_WAIT_SECS, and point at Local Shopify's emulators when it runs", () => {
    const origin = new URL(process.env.LOCAL_SHOPIFY_URL!).origin;
    expect(importerSettings()).toMatchObject({
      apifyToken: localApify.token,
      apifyBaseUrl: `${origin}/apify`,
      pinterestOembedUrl: `${origin}/oembed/pinterest.json`,
      apifyWaitSecs: Number(process.env.APIFY_WAIT_SECS),
    });
    expect(importerSettings(readServerEnv({ APIFY_TOKEN: "  " }))).toMatchObject({ apifyToken: undefined, apifyWaitSecs: 120 });
    expect(() => readServerEnv({ APIFY_WAIT_SECS: "soon" })).toThrow(/APIFY_WAIT_SECS/);
  });

  it("use the real services when Local Shopify is off", () => {
    expect(importerSettings(readServerEnv({ APIFY_TOKEN: "t" }), null)).toMatchObject({
      apifyToken: "t",
      apifyBaseUrl: "https://api.apify.com",
      pinterestOembedUrl: "https://www.pinterest.com/oembed.json",
      apifyWaitSecs: 120,
    });
    expect(localPlatformEndpoints(null)).toBeNull();
    expect(localPlatformEndpoints({ origin: "http://localhost:3100", appBridgeUrl: "" })).toEqual({
      apifyBaseUrl: "http://localhost:3100/apify",
      pinterestOembedUrl: "http://localhost:3100/oembed/pinterest.json",
    });
  });
});
