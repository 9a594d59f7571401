/**
 * metafieldsSet / metafieldsDelete with the validation Shopify applies:
 * owner must exist and be writable by the app, `$app` namespaces resolve to
 * the app's reserved `app--<id>--...` namespace, other apps' reserved
 * namespaces are refused, values must match their type, at most 25 per call,
 * and the call is atomic (one error and nothing is written).
 */
import { parseGid } from "../gid.js";
import { APP_ID, nextId, type MetafieldRecord } from "../state.js";
import { digestOf, hasScope, installationId, metafieldView, resolveNamespace, type GqlContext } from "./views.js";

interface SetInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  type?: string | null;
  value: string;
  compareDigest?: string | null;
}

interface UserError {
  field: string[];
  message: string;
  code: string;
  elementIndex?: number;
}

const MAX_PER_CALL = 25;

/** Value checks per type (the types the app uses, plus a few common ones). */
const TYPE_CHECKS: Record<string, (value: string) => string | null> = {
  json: (v) => {
    try {
      JSON.parse(v);
      return null;
    } catch (error) {
      return `Value is invalid JSON: ${(error as Error).message}.`;
    }
  },
  single_line_text_field: (v) => (/[\r\n]/.test(v) ? "Value must be a single line text string." : null),
  multi_line_text_field: () => null,
  number_integer: (v) => (/^[-+]?\d+$/.test(v) && Math.abs(Number(v)) <= Number.MAX_SAFE_INTEGER ? null : "Value must be an integer."),
  number_decimal: (v) => (/^[-+]?\d+(\.\d+)?$/.test(v) ? null : "Value must be a decimal."),
  boolean: (v) => (v === "true" || v === "false" ? null : "Value must be true or false."),
  url: (v) => (/^(https?|mailto|sms|tel):/.test(v) ? null : "Value must be a valid URL."),
  date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : "Value must be in YYYY-MM-DD format."),
  date_time: (v) => (Number.isNaN(Date.parse(v)) ? "Value must be in ISO 8601 date and time format." : null),
  color: (v) => (/^#[0-9a-fA-F]{6}$/.test(v) ? null : "Value must be a hex color code."),
};

/** Owner checks: the app's own installation, the shop, or a product (write_products needed). */
function ownerError(g: GqlContext, ownerId: string): { message: string; code: string } | null {
  const owner = parseGid(ownerId);
  const notFound = { message: "Owner does not exist.", code: "INVALID" };
  if (!owner) return { message: "Owner is invalid.", code: "INVALID" };
  if (owner.type === "AppInstallation") {
    // Another app's installation is not ours to write: Shopify answers as if it did not exist.
    return owner.id === installationId(g.shop) ? null : notFound;
  }
  if (owner.type === "Shop") return owner.id === g.shop.id ? null : notFound;
  if (owner.type === "Product") {
    if (!g.shop.products.some((p) => p.id === owner.id)) return notFound;
    return hasScope(g, "write_products")
      ? null
      : { message: "Access to this namespace and key on Metafields for this resource type is not allowed.", code: "APP_NOT_AUTHORIZED" };
  }
  return { message: `Local Shopify does not support metafields on ${owner.type}.`, code: "INVALID" };
}

function validate(g: GqlContext, input: SetInput, index: number): { errors: UserError[]; namespace: string; type?: string } {
  const errors: UserError[] = [];
  const err = (field: string, message: string, code: string) =>
    errors.push({ field: ["metafields", String(index), field], message, code, elementIndex: index });
  const namespace = resolveNamespace(input.namespace);

  const owner = ownerError(g, input.ownerId);
  if (owner) err("ownerId", owner.message, owner.code);

  const reserved = /^app--(\d+)/.exec(namespace);
  if (reserved && Number(reserved[1]) !== APP_ID) {
    err("namespace", "Access to this namespace and key on Metafields for this resource type is not allowed.", "APP_NOT_AUTHORIZED");
  }
  if (namespace.length < 2) err("namespace", "Namespace is too short (minimum is 2 characters)", "TOO_SHORT");
  if (namespace.length > 255) err("namespace", "Namespace is too long (maximum is 255 characters)", "TOO_LONG");
  if (!/^[a-zA-Z0-9_-]+$/.test(namespace)) err("namespace", "Namespace contains one or more invalid characters.", "INVALID");
  if (input.key.length < 2) err("key", "Key is too short (minimum is 2 characters)", "TOO_SHORT");
  if (input.key.length > 64) err("key", "Key is too long (maximum is 64 characters)", "TOO_LONG");
  if (!/^[a-zA-Z0-9_-]+$/.test(input.key)) err("key", "Key contains one or more invalid characters.", "INVALID");

  const existing = g.shop.metafields.find((m) => m.ownerId === input.ownerId && m.namespace === namespace && m.key === input.key);
  const type = input.type ?? existing?.type;
  if (!type) err("type", "Type can't be blank", "BLANK");
  else if (!TYPE_CHECKS[type]) err("type", `Type must be one of the following: ${Object.keys(TYPE_CHECKS).join(", ")}.`, "INCLUSION");
  else if (existing && existing.type !== type) {
    err("type", `Type '${type}' does not match the existing metafield's type '${existing.type}'.`, "INVALID_TYPE");
  } else if (input.value === "") err("value", "Value can't be blank", "BLANK");
  else {
    const problem = TYPE_CHECKS[type](input.value);
    if (problem) err("value", problem, "INVALID_VALUE");
  }
  // Optimistic concurrency: compareDigest must match the stored value's digest (null = must not exist).
  if (input.compareDigest !== undefined && (existing ? digestOf(existing.value) : null) !== input.compareDigest) {
    err("compareDigest", "The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.", "STALE_OBJECT");
  }
  return { errors, namespace, type };
}

export function metafieldsSet(g: GqlContext, { metafields }: { metafields: SetInput[] }) {
  if (metafields.length > MAX_PER_CALL) {
    return {
      metafields: [],
      userErrors: [
        {
          field: ["metafields"],
          message: `Exceeded the maximum metafields input limit of ${MAX_PER_CALL}.`,
          code: "LESS_THAN_OR_EQUAL_TO",
          elementIndex: null,
        },
      ],
    };
  }
  const checked = metafields.map((input, index) => ({ input, ...validate(g, input, index) }));
  const userErrors = checked.flatMap((c) => c.errors);
  if (userErrors.length) return { metafields: [], userErrors };

  const now = new Date().toISOString();
  const saved = checked.map(({ input, namespace, type }) => {
    let record = g.shop.metafields.find((m) => m.ownerId === input.ownerId && m.namespace === namespace && m.key === input.key);
    if (record) {
      if (record.value !== input.value) record.updatedAt = now;
      record.value = input.value;
      record.writes = (record.writes ?? 1) + 1;
    } else {
      record = {
        id: nextId(g.ctx.state),
        ownerId: input.ownerId,
        namespace,
        key: input.key,
        type: type!,
        value: input.value,
        createdAt: now,
        updatedAt: now,
        writes: 1,
      } satisfies MetafieldRecord;
      g.shop.metafields.push(record);
    }
    return record;
  });
  g.ctx.save();
  return { metafields: saved.map((m) => metafieldView(g, m)), userErrors: [] };
}

export function metafieldsDelete(g: GqlContext, { metafields }: { metafields: Array<{ ownerId: string; namespace: string; key: string }> }) {
  const deleted = metafields.map(({ ownerId, namespace, key }) => {
    const resolved = resolveNamespace(namespace);
    const index = g.shop.metafields.findIndex((m) => m.ownerId === ownerId && m.namespace === resolved && m.key === key);
    if (index < 0) return null; // Shopify answers null for identifiers that matched nothing.
    g.shop.metafields.splice(index, 1);
    return { ownerId, namespace: resolved, key };
  });
  g.ctx.save();
  return { deletedMetafields: deleted, userErrors: [] };
}
