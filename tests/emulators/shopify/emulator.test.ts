/**
 * Local Shopify's own behaviour: metafields validation and `$app` namespaces,
 * files fetched from a URL, themes, access scopes, control endpoints and
 * persistence across restarts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync, crc32 } from "node:zlib";
import { parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAdminSchema } from "./schema/index.js";
import { CancelledOrderPayload, RefundPayload } from "~/models/order-attribution.server";
import { startTestWorld, type TestWorld } from "./test-support.js";

let world: TestWorld;
beforeAll(async () => {
  world = await startTestWorld();
});
afterAll(() => world?.close());

interface GraphqlAnswer {
  data?: unknown;
  errors?: Array<{ message: string; path?: string[]; extensions: { code: string } }>;
}

/** Raw GraphQL over HTTP, to see exactly what Local Shopify answers. */
async function gqlAnswer(token: string, query: string, variables?: Record<string, unknown>, base = world.localShopify.url): Promise<GraphqlAnswer> {
  const response = await fetch(`${base}/admin/api/2025-10/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphqlAnswer;
}

/** The answer's data, in the shape the test's query asks for (the test fails here when there is none). */
async function gql<Data>(token: string, query: string, variables?: Record<string, unknown>, base = world.localShopify.url): Promise<{ data: Data }> {
  const { data } = await gqlAnswer(token, query, variables, base);
  expect(data, "the answer's data").toBeDefined();
  return { data: data as Data };
}

const tokenFor = async (shop: string) => (await world.sessionFor(shop)).accessToken!;

const SET = `mutation Set($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id namespace key type value jsonValue owner { ... on AppInstallation { id } } }
    userErrors { field message code elementIndex }
  }
}`;

interface SetAnswer {
  metafieldsSet: {
    metafields: Array<{ id: string; namespace: string; key: string; type: string; value: string; jsonValue: unknown; owner: { id: string } }>;
    userErrors: Array<{ field: string[]; message: string; code: string; elementIndex: number | null }>;
  };
}

describe("metafields", () => {
  it("round-trips app-owned metafields and resolves $app namespaces like Shopify", async () => {
    const token = await tokenFor("meta-shop");
    const { data: install } = await gql<{ currentAppInstallation: { id: string } }>(token, `{ currentAppInstallation { id } }`);
    const ownerId = install.currentAppInstallation.id;

    const { data } = await gql<SetAnswer>(token, SET, {
      metafields: [
        { ownerId, namespace: "$app:widgets", key: "config", type: "json", value: '{"layout":"carousel","count":3}' },
        { ownerId, key: "enabled", type: "boolean", value: "true" },
      ],
    });
    expect(data.metafieldsSet.userErrors).toEqual([]);
    expect(data.metafieldsSet.metafields.map((m) => [m.namespace, m.key, m.jsonValue])).toEqual([
      ["app--7700001--widgets", "config", { layout: "carousel", count: 3 }],
      ["app--7700001", "enabled", true],
    ]);
    expect(data.metafieldsSet.metafields[0]?.owner.id).toBe(ownerId);

    const { data: read } = await gql<{ currentAppInstallation: { config: unknown; metafields: { nodes: unknown[] } } }>(
      token,
      `{ currentAppInstallation {
      config: metafield(namespace: "$app:widgets", key: "config") { value type }
      metafields(first: 10) { nodes { namespace key } } } }`,
    );
    expect(read.currentAppInstallation.config).toEqual({ value: '{"layout":"carousel","count":3}', type: "json" });
    expect(read.currentAppInstallation.metafields.nodes).toHaveLength(2);

    const { data: deleted } = await gql<{ metafieldsDelete: { deletedMetafields: unknown[] } }>(
      token,
      `mutation($m: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $m) { deletedMetafields { namespace key } userErrors { message } } }`,
      {
        m: [
          { ownerId, namespace: "$app:widgets", key: "config" },
          { ownerId, namespace: "$app", key: "missing" },
        ],
      },
    );
    expect(deleted.metafieldsDelete.deletedMetafields).toEqual([{ namespace: "app--7700001--widgets", key: "config" }, null]);
    expect(world.localShopify.snapshot("meta-shop").metafields.map((m) => m.key)).toEqual(["enabled"]);
  });

  it("validates owners, types, values and limits, atomically", async () => {
    const token = await tokenFor("meta-errors");
    const ownerId = world.localShopify.snapshot("meta-errors").appInstallationId;
    const { data } = await gql<SetAnswer>(token, SET, {
      metafields: [
        { ownerId, namespace: "$app", key: "good", type: "single_line_text_field", value: "fine" },
        { ownerId, namespace: "$app", key: "bad_json", type: "json", value: "{oops" },
        { ownerId, namespace: "$app", key: "count", type: "number_integer", value: "1.5" },
        { ownerId: "gid://shopify/AppInstallation/1", namespace: "$app", key: "other", type: "boolean", value: "true" },
        { ownerId, namespace: "app--42--theirs", key: "x1", type: "boolean", value: "true" },
        { ownerId, namespace: "$app", key: "untyped", value: "x" },
      ],
    });
    expect(data.metafieldsSet.metafields).toEqual([]);
    expect(data.metafieldsSet.userErrors.map((e) => [e.field.join("."), e.code])).toEqual([
      ["metafields.1.value", "INVALID_VALUE"],
      ["metafields.2.value", "INVALID_VALUE"],
      ["metafields.3.ownerId", "INVALID"],
      ["metafields.4.namespace", "APP_NOT_AUTHORIZED"],
      ["metafields.5.type", "BLANK"],
    ]);
    expect(world.localShopify.snapshot("meta-errors").metafields).toEqual([]);

    const many = Array.from({ length: 26 }, (_, i) => ({ ownerId, key: `k${i}`, type: "boolean", value: "true" }));
    const { data: tooMany } = await gql<SetAnswer>(token, SET, { metafields: many });
    expect(tooMany.metafieldsSet.userErrors).toEqual([
      { field: ["metafields"], message: "Exceeded the maximum metafields input limit of 25.", code: "LESS_THAN_OR_EQUAL_TO", elementIndex: null },
    ]);
  });
});

describe("files", () => {
  let source: Server;
  let sourceUrl: string;
  // A real 3x2 PNG, built here so the test has no fixture file.
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(2 * (1 + 3 * 3), 200))),
    chunk("IEND", Buffer.alloc(0)),
  ]);

  beforeAll(async () => {
    source = createServer((req, res) => {
      if (req.url === "/thumb.png") res.writeHead(200, { "Content-Type": "image/png" }).end(png);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => source.listen(0, resolve));
    sourceUrl = `http://localhost:${(source.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => source.close(() => resolve())));

  const CREATE = `mutation($files: [FileCreateInput!]!) { fileCreate(files: $files) {
    files { id fileStatus alt ... on MediaImage { image { url } } } userErrors { field code } } }`;
  const NODE = `query($id: ID!) { node(id: $id) { ... on MediaImage { fileStatus image { url width height } fileErrors { code details } } } }`;
  /** One file per input: these tests create one at a time. */
  type CreateAnswer = { fileCreate: { files: [{ id: string; fileStatus: string; alt: string | null; image: { url: string } | null }] } };
  type NodeAnswer = { node: { fileStatus: string; image: { url: string; width: number; height: number } | null; fileErrors: unknown[] } };

  it("fetches the source, then serves the image as READY", async () => {
    const token = await tokenFor("files-shop");
    const { data } = await gql<CreateAnswer>(token, CREATE, {
      files: [{ originalSource: `${sourceUrl}/thumb.png`, contentType: "IMAGE", alt: "Video thumbnail" }],
    });
    const [file] = data.fileCreate.files;
    expect(file).toMatchObject({ fileStatus: "UPLOADED", alt: "Video thumbnail", image: null });
    expect(file.id).toMatch(/^gid:\/\/shopify\/MediaImage\/\d+$/);

    await world.localShopify.settled();
    const { data: after } = await gql<NodeAnswer>(token, NODE, { id: file.id });
    expect(after.node.fileStatus).toBe("READY");
    expect(after.node.image).toMatchObject({ width: 3, height: 2 });
    const imageUrl = after.node.image!.url;
    const served = await fetch(imageUrl);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const { data: listed } = await gql<{ files: { nodes: Array<{ id: string }> } }>(token, `{ files(first: 10, query: "status:ready") { nodes { id } } }`);
    expect(listed.files.nodes).toEqual([{ id: file.id }]);
    const { data: removed } = await gql<{ fileDelete: { deletedFileIds: string[] } }>(
      token,
      `mutation($ids: [ID!]!) { fileDelete(fileIds: $ids) { deletedFileIds userErrors { code } } }`,
      {
        ids: [file.id],
      },
    );
    expect(removed.fileDelete.deletedFileIds).toEqual([file.id]);
    expect((await fetch(imageUrl)).status).toBe(404);
  });

  it("marks the file FAILED when the source can't be fetched", async () => {
    const token = await tokenFor("files-fail");
    const { data } = await gql<CreateAnswer>(token, CREATE, { files: [{ originalSource: `${sourceUrl}/missing.png`, contentType: "IMAGE" }] });
    await world.localShopify.settled();
    const { data: after } = await gql<NodeAnswer>(token, NODE, { id: data.fileCreate.files[0].id });
    expect(after.node).toMatchObject({
      fileStatus: "FAILED",
      image: null,
      fileErrors: [{ code: "IMAGE_DOWNLOAD_FAILURE", details: "Download failed with HTTP 404" }],
    });
  });
});

describe("themes", () => {
  const THEMES = `{ themes(first: 5, roles: [MAIN]) { nodes { name role
    json: files(filenames: ["templates/*.json"]) { nodes { filename } }
    index: files(filenames: ["templates/index.liquid"]) { nodes { body { ... on OnlineStoreThemeFileBodyText { content } } } } } } }`;
  type ThemesAnswer = {
    themes: {
      nodes: Array<{ name: string; role: string; json: { nodes: Array<{ filename: string }> }; index: { nodes: Array<{ body: { content: string } }> } }>;
    };
  };

  it("publishes an Online Store 2.0 theme by default and a vintage one when seeded", async () => {
    const token = await tokenFor("theme-shop");
    const { data: json } = await gql<ThemesAnswer>(token, THEMES);
    expect(json.themes.nodes).toHaveLength(1);
    expect(json.themes.nodes[0]).toMatchObject({ name: "Dawn", role: "MAIN", index: { nodes: [] } });
    expect(json.themes.nodes[0]?.json.nodes.map((f) => f.filename)).toEqual([
      "templates/cart.json",
      "templates/collection.json",
      "templates/index.json",
      "templates/product.json",
    ]);

    await fetch(`${world.localShopify.url}/__local/shops/theme-shop/seed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ theme: "liquid" }),
    });
    const { data: liquid } = await gql<ThemesAnswer>(token, THEMES);
    expect(liquid.themes.nodes[0]).toMatchObject({ name: "Debut", role: "MAIN", json: { nodes: [] } });
    expect(liquid.themes.nodes[0]?.index.nodes[0]?.body.content).toContain("featured-collection");
  });
});

describe("access scopes and errors", () => {
  it("denies fields the token's scopes don't cover, as Shopify does", async () => {
    const narrow = await startTestWorld({ scopes: "read_products" });
    try {
      const token = await narrow.sessionFor("narrow").then((s) => s.accessToken!);
      const result = await gqlAnswer(token, `{ themes(first: 1) { nodes { id } } }`, undefined, narrow.localShopify.url);
      expect(result.errors?.[0]).toMatchObject({
        message: "Access denied for themes field. Required access: `read_themes` access scope.",
        path: ["themes"],
        extensions: { code: "ACCESS_DENIED" },
      });
    } finally {
      await narrow.close();
    }
  });

  it("reports unknown arguments and bad literals with graphql-ruby's wording", async () => {
    const token = await tokenFor("errors-shop");
    const { errors } = await gqlAnswer(token, `{ products(first: "ten", colour: RED) { nodes { id } } }`);
    expect(errors?.map((e) => [e.message, e.extensions.code])).toEqual([
      ["Argument 'first' on Field 'products' has an invalid value (\"ten\"). Expected type 'Int'.", "argumentLiteralsIncompatible"],
      ["Field 'products' doesn't accept argument 'colour'", "argumentNotAccepted"],
    ]);
  });
});

describe("control endpoints and persistence", () => {
  it("seeds products and orders, mints id tokens and resets a shop", async () => {
    const base = `${world.localShopify.url}/__local/shops/control-shop`;
    const seeded = await fetch(`${base}/seed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        products: [{ title: "Test Mug", price: 12 }],
        orders: [{ lineItems: [{ title: "Test Mug", quantity: 2, price: "12.00", customAttributes: [{ key: "_clipcart_video", value: "v1" }] }] }],
      }),
    }).then((r) => r.json());
    expect(seeded).toMatchObject({ productCount: 1, orders: [{ name: "#1001", totalPrice: "24.00" }] });

    const { idToken } = await fetch(`${base}/id-token`, { method: "POST" }).then((r) => r.json());
    const session = await world.sessionFor("control-shop", { idToken });
    const { data } = await gql<{ products: { nodes: unknown[] }; orders: { nodes: unknown[] } }>(
      session.accessToken!,
      `{ products(first: 5) { nodes { title variants(first: 1) { nodes { price } } } }
      orders(first: 5) { nodes { name totalPriceSet { shopMoney { amount } } lineItems(first: 5) { nodes { quantity customAttributes { key value } } } } } }`,
    );
    expect(data.products.nodes).toEqual([{ title: "Test Mug", variants: { nodes: [{ price: "12.00" }] } }]);
    expect(data.orders.nodes).toEqual([
      {
        name: "#1001",
        totalPriceSet: { shopMoney: { amount: "24.0" } },
        lineItems: { nodes: [{ quantity: 2, customAttributes: [{ key: "_clipcart_video", value: "v1" }] }] },
      },
    ]);

    expect((await fetch(`${base}/state`).then((r) => r.json())).tokens.count).toBe(1);
    await fetch(`${base}/reset`, { method: "POST" });
    const state = await fetch(`${base}/state`).then((r) => r.json());
    expect(state).toMatchObject({ productCount: 73, orders: [], tokens: { count: 0 } });
    expect((await fetch(`${world.localShopify.url}/__local/health`).then((r) => r.json())).ok).toBe(true);
  });

  it("keeps shops, tokens and metafields in the state file across restarts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "local-shopify-"));
    const stateFile = path.join(dir, "state.json");
    try {
      const first = await startTestWorld({ stateFile });
      const token = (await first.sessionFor("persist")).accessToken!;
      const ownerId = first.localShopify.snapshot("persist").appInstallationId;
      await gqlAnswer(token, SET, { metafields: [{ ownerId, key: "kept", type: "single_line_text_field", value: "yes" }] }, first.localShopify.url);
      await first.close();

      const second = await startTestWorld({ stateFile });
      try {
        const { data } = await gql<{ currentAppInstallation: { metafield: unknown } }>(
          token,
          `{ currentAppInstallation { metafield(key: "kept") { value } } }`,
          undefined,
          second.localShopify.url,
        );
        expect(data.currentAppInstallation.metafield).toEqual({ value: "yes" });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("orders: the merchant cancels and refunds", () => {
  const control = (shop: string, action: string, body: unknown = {}) =>
    fetch(`${world.localShopify.url}/__local/shops/${shop}/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const webhooksTo = (topic: string) => world.received.filter((request) => request.kind === "webhook" && request.headers["x-shopify-topic"] === topic);

  it("refunds lines and cancels the order, delivering signed refunds/create and orders/cancelled with Shopify's payloads", async () => {
    const shop = "orders-shop";
    const seeded = (await control(shop, "seed", {
      orders: [
        {
          lineItems: [
            { title: "Mug", quantity: 3, price: "12.00", productId: 7, customAttributes: [{ key: "_clipcart_video", value: "v1" }] },
            { title: "Spoon", quantity: 1, price: "2.50" },
          ],
        },
      ],
    }).then((r) => r.json())) as { orders: Array<{ id: number; lineItems: Array<{ id: number }> }> };
    const order = seeded.orders[0]!;
    const [mug, spoon] = order.lineItems;

    const refunded = await control(shop, `orders/${order.id}/refunds`, { lines: [{ lineItemId: `gid://shopify/LineItem/${mug!.id}`, quantity: 2 }] });
    expect(refunded.status).toBe(200);
    const [refundDelivery] = webhooksTo("refunds/create");
    expect(refundDelivery).toMatchObject({ path: "/webhooks/refunds/create", valid: true });
    const refund = RefundPayload.parse(JSON.parse(refundDelivery!.body));
    expect(refund).toMatchObject({ order_id: order.id, refund_line_items: [{ line_item_id: mug!.id, quantity: 2, subtotal: 24 }] });
    expect(JSON.parse(refundDelivery!.body).refund_line_items[0]).toMatchObject({
      subtotal_set: { shop_money: { amount: "24.00", currency_code: "USD" } },
      line_item: { id: mug!.id, quantity: 3, current_quantity: 1, properties: [{ name: "_clipcart_video", value: "v1" }] },
    });

    // No more than is left; no line the order lacks.
    expect((await control(shop, `orders/${order.id}/refunds`, { lines: [{ lineItemId: mug!.id, quantity: 2 }] })).status).toBe(422);
    expect((await control(shop, `orders/${order.id}/refunds`, { lines: [{ lineItemId: 1, quantity: 1 }] })).status).toBe(404);
    expect((await control(shop, `orders/999999/cancel`)).status).toBe(404);

    // Cancelling with a refund returns what is left first, then tells the app of the cancellation.
    const cancelled = await control(shop, `orders/${order.id}/cancel`, { reason: "customer", refund: true });
    expect(cancelled.status).toBe(200);
    const lastRefund = RefundPayload.parse(JSON.parse(webhooksTo("refunds/create").at(-1)!.body));
    expect(lastRefund.refund_line_items.map((line) => [line.line_item_id, line.quantity])).toEqual([
      [mug!.id, 1],
      [spoon!.id, 1],
    ]);
    const [cancellation] = webhooksTo("orders/cancelled");
    expect(cancellation).toMatchObject({ path: "/webhooks/orders/cancelled", valid: true });
    const cancelledOrder = CancelledOrderPayload.parse(JSON.parse(cancellation!.body));
    expect(cancelledOrder).toMatchObject({
      id: order.id,
      line_items: [
        { id: mug!.id, quantity: 3 },
        { id: spoon!.id, quantity: 1 },
      ],
    });
    expect(JSON.parse(cancellation!.body)).toMatchObject({ cancel_reason: "customer", financial_status: "refunded", refunds: [{}, {}] });
    expect((await control(shop, `orders/${order.id}/cancel`)).status).toBe(422);

    const state = (await fetch(`${world.localShopify.url}/__local/shops/${shop}/state`).then((r) => r.json())) as {
      orders: Array<{ cancelledAt?: string; refunds?: unknown[] }>;
    };
    expect(state.orders[0]).toMatchObject({ cancelledAt: expect.any(String), refunds: [{}, {}] });
  });
});

describe("loadAdminSchema", () => {
  it("builds the schema once and validates documents like the Admin API", () => {
    const schema = loadAdminSchema();
    expect(loadAdminSchema("2025-10")).toBe(schema);
    expect(validate(schema, parse(`{ shop { name myshopifyDomain } }`))).toEqual([]);
    expect(validate(schema, parse(`{ shop { nmae } }`))[0]?.message).toContain('Cannot query field "nmae" on type "Shop"');
  });
});
