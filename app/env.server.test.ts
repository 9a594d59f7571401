import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, readServerEnv } from "./env.server";

describe("the server's environment", () => {
  it("fills in the defaults, and an empty value counts as unset", () => {
    const env = readServerEnv({ APIFY_TOKEN: "   ", DATABASE_POOL_MAX: "", SHOPIFY_APP_URL: "https://clipcart.example.com" });
    expect(env.APIFY_TOKEN).toBeUndefined();
    expect(env).toMatchObject({
      APIFY_WAIT_SECS: 120,
      DATABASE_POOL_MAX: 10,
      DATABASE_LOCK_TIMEOUT_MS: 10_000,
      TRUSTED_PROXY_HOPS: 0,
      SHOPIFY_APP_HANDLE: "clipcart",
      SHOPIFY_LOG_LEVEL: "info",
      AUTO_SYNC: "on",
      VIDEO_MIRRORING: "on",
      SHOPIFY_APP_URL: "https://clipcart.example.com",
    });
  });

  it("reads numbers and switches as what they are, and ignores variables it does not declare", () => {
    const env = readServerEnv({ APIFY_WAIT_SECS: "30", TRUSTED_PROXY_HOPS: "1", AUTO_SYNC: "off", HOME: "/root" });
    expect(env).toMatchObject({ APIFY_WAIT_SECS: 30, TRUSTED_PROXY_HOPS: 1, AUTO_SYNC: "off" });
    expect(env).not.toHaveProperty("HOME");
  });

  it("refuses to start on values that do not fit, naming every bad variable at once", () => {
    const bad = { APIFY_WAIT_SECS: "soon", AUTO_SYNC: "false", SHOPIFY_APP_URL: "clipcart.example.com", DATABASE_POOL_MAX: "-3", SHOPIFY_LOG_LEVEL: "loud" };
    let error: unknown;
    try {
      readServerEnv(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    for (const name of Object.keys(bad)) expect((error as Error).message).toContain(name);
  });
});
