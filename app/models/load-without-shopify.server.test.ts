import { describe, expect, it, vi } from "vitest";

// Shopify's configuration (shopifyApp with the API key, the session storage) must not be what the models need to load:
// they reach the Admin API through app/shopify/offline-admin.server.ts (decision 027).
vi.mock("~/shopify.server", () => {
  throw new Error("app/shopify.server.ts was imported");
});

describe("models and jobs", () => {
  it("load without Shopify's configuration", async () => {
    const modules = {
      ...import.meta.glob(["./*.server.ts", "!./*.test.ts"]),
      ...import.meta.glob(["../jobs/*.server.ts", "!../jobs/*.test.ts"]),
    };
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    for (const [path, load] of Object.entries(modules)) await expect(load(), path).resolves.toBeDefined();
  });
});
