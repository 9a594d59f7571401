/** Metafields, and the `metafield` and `metafields` fields of their owners. */
import { createHash } from "node:crypto";
import { gid, parseGid } from "../../gid.js";
import { APP_ID, type MetafieldRecord } from "../../state.js";
import { connection, type PageArgs } from "../connection.js";
import type { GqlContext } from "./context.js";

/**
 * How a metafield's `owner` is found: `node(id)`. ./node.ts shows every owner
 * type, each with its metafields, so it cannot be imported here; it hands its
 * lookup over when it loads (../views.ts loads it with the other views).
 */
let ownerById: (g: GqlContext, id: string) => unknown = () => {
  throw new Error("Local Shopify: a metafield's owner was asked before ./node.ts was loaded");
};
export function findOwnersWith(nodeById: (g: GqlContext, id: string) => unknown): void {
  ownerById = nodeById;
}

export interface MetafieldsArgs extends PageArgs {
  namespace?: string | null;
  keys?: string[] | null;
}

/** `$app` and `$app:foo` name the calling app's reserved namespace, as on Shopify. */
export function resolveNamespace(namespace: string | null | undefined): string {
  if (namespace == null || namespace === "$app") return `app--${APP_ID}`;
  if (namespace.startsWith("$app:")) return `app--${APP_ID}--${namespace.slice(5)}`;
  return namespace;
}

/** JSON value of a metafield as the `jsonValue` field returns it. */
function jsonValueOf(m: MetafieldRecord): unknown {
  if (m.type === "json" || m.type.startsWith("list.")) return JSON.parse(m.value);
  if (m.type === "number_integer" || m.type === "number_decimal") return Number(m.value);
  if (m.type === "boolean") return m.value === "true";
  return m.value;
}

export function metafieldView(g: GqlContext, m: MetafieldRecord) {
  const owner = parseGid(m.ownerId)!;
  return {
    __typename: "Metafield",
    id: gid("Metafield", m.id),
    legacyResourceId: String(m.id),
    namespace: m.namespace,
    key: m.key,
    type: m.type,
    value: m.value,
    jsonValue: jsonValueOf(m),
    compareDigest: digestOf(m.value),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    ownerType: { AppInstallation: "API_PERMISSION", Product: "PRODUCT", Shop: "SHOP" }[owner.type] ?? null,
    owner: () => ownerById(g, m.ownerId),
    definition: null,
    description: null,
    reference: null,
    references: null,
  };
}

export function digestOf(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function findMetafieldView(g: GqlContext, ownerId: string, args: { namespace?: string; key: string }) {
  const namespace = resolveNamespace(args.namespace);
  const m = g.shop.metafields.find((x) => x.ownerId === ownerId && x.namespace === namespace && x.key === args.key);
  return m ? metafieldView(g, m) : null;
}

export function metafieldsConnection(g: GqlContext, ownerId: string, args: MetafieldsArgs) {
  const namespace = args.namespace ? resolveNamespace(args.namespace) : undefined;
  // `keys` are "namespace.key"; the namespace part may be $app too.
  const keys = args.keys?.map((k) => `${resolveNamespace(k.slice(0, k.lastIndexOf(".")))}.${k.slice(k.lastIndexOf(".") + 1)}`);
  const list = g.shop.metafields.filter(
    (m) => m.ownerId === ownerId && (!namespace || m.namespace === namespace) && (!keys || keys.includes(`${m.namespace}.${m.key}`)),
  );
  return connection(
    list,
    args,
    (m) => m.id,
    (m) => metafieldView(g, m),
  );
}
