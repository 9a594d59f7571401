import { describe, expect, it } from "vitest";
import { readLocalShopify } from "./local-shopify.server";

describe("Local Shopify seams", () => {
  it("stay off when LOCAL_SHOPIFY_URL is unset (a real deployment)", () => {
    expect(readLocalShopify({ SHOPIFY_APP_URL: "https://clipcart.example.com" })).toBeNull();
  });

  it("switch on when both the emulator and the app are on loopback", () => {
    expect(readLocalShopify({ LOCAL_SHOPIFY_URL: "http://localhost:3100/", SHOPIFY_APP_URL: "http://127.0.0.1:3000" })).toEqual({
      origin: "http://localhost:3100",
      appBridgeUrl: "http://localhost:3100/app-bridge.js",
    });
  });

  it.each([
    ["a public app URL", { LOCAL_SHOPIFY_URL: "http://localhost:3100", SHOPIFY_APP_URL: "https://clipcart.example.com" }],
    ["a public emulator URL", { LOCAL_SHOPIFY_URL: "https://shopify.attacker.test", SHOPIFY_APP_URL: "http://localhost:3000" }],
    ["a malformed emulator URL", { LOCAL_SHOPIFY_URL: "localhost:3100", SHOPIFY_APP_URL: "http://localhost:3000" }],
  ])("refuse to start with %s", (_label, env) => {
    expect(() => readLocalShopify(env)).toThrow(/only runs when both it and SHOPIFY_APP_URL are loopback URLs/);
  });
});
