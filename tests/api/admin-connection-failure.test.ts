/**
 * When a connection to Shopify breaks before its answer (a kept-alive socket closed under the app, a dropped line),
 * the gateway sends reads and idempotent writes once more through @shopify/graphql-client's own retry, and never
 * sends twice a mutation that creates something. Local Shopify drops the connections on request
 * (`graphql/drop-next`); the client is the real library's, as in production.
 */
import { describe, expect, it } from "vitest";
import { unauthenticated } from "~/shopify.server";
import { createFilesFromUrls, fetchStorefrontTarget, setJsonMetafields } from "~/shopify/admin-gateway.server";
import { localShopify } from "../support/app-requests";
import { bootstrapShop } from "../support/library-fixtures";

async function shopWithDroppedConnections(prefix: string) {
  const shop = await bootstrapShop(prefix);
  const { admin } = await unauthenticated.admin(shop.domain);
  const dropNext = (count: number) => localShopify(`/shops/${shop.domain}/graphql/drop-next`, { count });
  return { shop, graphql: admin.graphql, dropNext };
}

describe("a connection to Shopify that breaks before the answer", () => {
  it("a read and a metafieldsSet are sent once more and succeed", async () => {
    const { shop, graphql, dropNext } = await shopWithDroppedConnections("drop-read");
    await dropNext(1);
    const target = await fetchStorefrontTarget(graphql, "clipcart");
    expect(target.installationId).toMatch(/^gid:\/\/shopify\/AppInstallation\//);

    await dropNext(1);
    await setJsonMetafields(graphql, target.installationId, "clipcart", [{ key: "after-drop", value: { ok: true } }]);
    const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: Array<{ key: string; value: string }> };
    expect(state.metafields.filter((metafield) => metafield.key === "after-drop").map((metafield) => JSON.parse(metafield.value))).toEqual([{ ok: true }]);
  });

  it("a second dropped connection is an error, not a third try", async () => {
    const { graphql, dropNext } = await shopWithDroppedConnections("drop-twice");
    await dropNext(2);
    await expect(fetchStorefrontTarget(graphql, "clipcart")).rejects.toThrow(/fetch failed/);
    // Both drops were spent by that one call: the next call is answered.
    await expect(fetchStorefrontTarget(graphql, "clipcart")).resolves.toMatchObject({ currencyCode: expect.any(String) });
  });

  it("a mutation that creates a file is not sent again: it fails, and no file was made", async () => {
    const { shop, graphql, dropNext } = await shopWithDroppedConnections("drop-create");
    await dropNext(1);
    await expect(createFilesFromUrls(graphql, [{ url: "https://cdn.example/thumbnail.jpg" }])).rejects.toThrow(/fetch failed/);
    const { files } = (await localShopify(`/shops/${shop.domain}/files`)) as { files: unknown[] };
    expect(files).toEqual([]);
    // The drop was spent by that call alone: the next call reaches Shopify.
    await expect(fetchStorefrontTarget(graphql, "clipcart")).resolves.toMatchObject({ currencyCode: expect.any(String) });
  });
});
