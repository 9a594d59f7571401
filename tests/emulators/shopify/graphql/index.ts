/**
 * POST /admin/api/<version>/graphql.json: authenticates the access token,
 * then parses, validates and executes the document against Shopify's
 * published Admin schema. Errors are reshaped the way Shopify's GraphQL server
 * (graphql-ruby) reports them: `Field 'x' doesn't exist on type 'Y'` with
 * `path` and `extensions.code`, HTTP 200.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  execute,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  Kind,
  parse,
  print,
  validate,
  valueFromASTUntyped,
  visit,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
} from "graphql";
import type { LocalShopifyContext } from "../context.js";
import { readBody, sendJson } from "../http.js";
import { findAccessToken } from "../oauth.js";
import { ADMIN_SCHEMA_VERSIONS, loadAdminSchema } from "../schema/index.js";
import type { TokenRecord } from "../state.js";
import { rootValue } from "./root.js";
import type { GqlContext } from "./views.js";

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

interface ShopifyError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

/** graphql-ruby's path for a validation error: "query Name", then field/argument names down to the node. */
function astPath(document: DocumentNode, target: ASTNode | undefined): string[] | undefined {
  if (!target) return undefined;
  let found: string[] | undefined;
  visit(document, {
    enter(node, _key, parent, _path, ancestors) {
      if (node !== target) return;
      // `ancestors` stops short of the direct parent (e.g. the Argument around a bad literal).
      found = [...ancestors, parent, node].flatMap((n) => {
        if (!n) return [];
        if (Array.isArray(n) || !("kind" in (n as object))) return [];
        const a = n as ASTNode;
        if (a.kind === Kind.OPERATION_DEFINITION) return [`${a.operation}${a.name ? ` ${a.name.value}` : ""}`];
        if (a.kind === Kind.FRAGMENT_DEFINITION) return [`fragment ${a.name.value}`];
        if (a.kind === Kind.INLINE_FRAGMENT) return [`... on ${a.typeCondition?.name.value ?? ""}`.trim()];
        if (a.kind === Kind.FIELD || a.kind === Kind.ARGUMENT) return [a.name.value];
        return [];
      });
      return false;
    },
  });
  return found;
}

/** graphql-js validation messages -> Shopify's wording and codes, for the common mistakes. */
const VALIDATION_RULES: Array<[RegExp, (m: RegExpExecArray) => { message: string; extensions: Record<string, unknown> }]> = [
  [
    /^Cannot query field "(.+?)" on type "(.+?)"\./,
    (m) => ({ message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, extensions: { code: "undefinedField", typeName: m[2], fieldName: m[1] } }),
  ],
  [
    /^Unknown argument "(.+?)" on field "(.+?)\.(.+?)"\./,
    (m) => ({
      message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`,
      extensions: { code: "argumentNotAccepted", name: m[3], typeName: "Field", argumentName: m[1] },
    }),
  ],
  [
    /^Field "(.+?)" argument "(.+?)" of type "(.+?)" is required, but it was not provided\./,
    (m) => ({
      message: `Field '${m[1]}' is missing required arguments: ${m[2]}`,
      extensions: { code: "missingRequiredArguments", className: "Field", name: m[1], arguments: m[2] },
    }),
  ],
  [
    /^Field "(.+?)" of type "(.+?)" must have a selection of subfields/,
    (m) => ({
      message: `Field must have selections (field '${m[1]}' returns ${m[2]?.replace(/[[\]!]/g, "")} but has no selections. Did you mean '${m[1]} { ... }'?)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName: m[2]?.replace(/[[\]!]/g, "") },
    }),
  ],
  [
    /^Field "(.+?)" must not have a selection since type "(.+?)" has no subfields\./,
    (m) => ({
      message: `Selections can't be made on scalars (field '${m[1]}' returns ${m[2]} but has selections)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName: m[2] },
    }),
  ],
  [
    /^Unknown type "(.+?)"\./,
    (m) => ({ message: `No such type ${m[1]}, so it can't be a fragment condition`, extensions: { code: "undefinedType", typeName: m[1] } }),
  ],
  [
    /^Variable "\$(.+?)" is never used/,
    (m) => ({ message: `Variable $${m[1]} is declared but not used`, extensions: { code: "variableNotUsed", variableName: m[1] } }),
  ],
  [
    /^Variable "\$(.+?)" is not defined/,
    (m) => ({ message: `Variable $${m[1]} is used but not declared`, extensions: { code: "variableNotDefined", variableName: m[1] } }),
  ],
  [
    /^Unknown fragment "(.+?)"\./,
    (m) => ({ message: `Fragment ${m[1]} was used, but not defined`, extensions: { code: "useAndDefineFragment", fragmentName: m[1] } }),
  ],
  [
    /^Fragment "(.+?)" is never used\./,
    (m) => ({ message: `Fragment ${m[1]} was defined, but not used`, extensions: { code: "useAndDefineFragment", fragmentName: m[1] } }),
  ],
];

function validationError(document: DocumentNode, error: GraphQLError): ShopifyError {
  let message: string = error.message;
  let extensions: Record<string, unknown> = { code: "validationError" };
  for (const [pattern, shape] of VALIDATION_RULES) {
    const match = pattern.exec(error.message);
    if (match) {
      const shaped = shape(match);
      message = shaped.message || message;
      extensions = shaped.extensions;
      break;
    }
  }
  const path = astPath(document, error.nodes?.[0]);
  // A literal of the wrong type: "Argument 'first' on Field 'products' has an invalid value ("x"). Expected type 'Int'."
  const coercion = /^(?:Expected value of type "(.+?)"|(\w+) cannot represent)/.exec(error.message);
  if (coercion && path && path.length >= 2 && error.nodes?.[0]) {
    const [field, argument] = path.slice(-2);
    message = `Argument '${argument}' on Field '${field}' has an invalid value (${print(error.nodes[0])}). Expected type '${coercion[1] ?? coercion[2]}'.`;
    extensions = { code: "argumentLiteralsIncompatible", typeName: "Field", argumentName: argument };
  }
  return { message, locations: error.locations ? [...error.locations] : undefined, path, extensions };
}

/** Variable coercion errors, as Shopify words them: "Variable $id of type ID! was provided invalid value". */
function variableError(document: DocumentNode, error: GraphQLError): ShopifyError | null {
  const match = /^Variable "\$(\w+)"/.exec(error.message);
  if (!match) return null;
  const definition = document.definitions
    .flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? (d.variableDefinitions ?? []) : []))
    .find((v) => v.variable.name.value === match[1]);
  const type = definition ? print(definition.type) : "?";
  const explanation = /was not provided/.test(error.message)
    ? "Expected value to not be null"
    : error.message.replace(/^Variable "\$\w+" got invalid value .*?; /, "");
  return {
    message: `Variable $${match[1]} of type ${type} was provided invalid value`,
    locations: error.locations ? [...error.locations] : undefined,
    extensions: { code: "INVALID_VARIABLE", value: null, problems: [{ path: [], explanation }] },
  };
}

function executionError(error: GraphQLError): ShopifyError {
  const original = error.originalError as GraphQLError | undefined;
  return {
    message: error.message,
    locations: error.locations ? [...error.locations] : undefined,
    path: error.path ? [...error.path] : undefined,
    extensions: { code: "INTERNAL_SERVER_ERROR", ...(original?.extensions ?? {}), ...(error.extensions ?? {}) },
  };
}

/**
 * The requested query cost as Shopify documents it (shopify.dev, "GraphQL
 * Admin API rate limits"): scalars and enums 0, objects 1, a connection 2
 * plus its page size times the cost of one node, a mutation 10; `nodes(ids:)`
 * counts each id. Close enough that a client (and bench:mirror) can check it
 * stays within the bucket.
 */
function costOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): number {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation) return 0;
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const argument = (field: FieldNode, name: string): unknown => {
    const node = field.arguments?.find((arg) => arg.name.value === name)?.value;
    if (!node) return undefined;
    return node.kind === Kind.VARIABLE ? variables?.[node.name.value] : valueFromASTUntyped(node);
  };
  const selectionCost = (type: GraphQLNamedType, selections: readonly SelectionNode[]): number => {
    let total = 0;
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) total += fieldCost(type, selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (on) total += selectionCost(on, selection.selectionSet.selections);
      } else {
        const fragment = fragments.get(selection.name.value);
        const on = fragment && schema.getType(fragment.typeCondition.name.value);
        if (fragment && on) total += selectionCost(on, fragment.selectionSet.selections);
      }
    }
    return total;
  };
  const fieldCost = (parent: GraphQLNamedType, field: FieldNode): number => {
    if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
    const definition = parent.getFields()[field.name.value];
    if (!definition) return 0;
    const type = getNamedType(definition.type);
    if (isLeafType(type)) return 0;
    if (type.name.endsWith("Connection") && isObjectType(type)) {
      const size = Number(argument(field, "first") ?? argument(field, "last") ?? 0) || 0;
      // 2, plus the page size times one node (an object: 1, plus what is selected of it); edges and pageInfo are free.
      return 2 + size * connectionNodeCost(type, field.selectionSet?.selections ?? []);
    }
    const inner = field.selectionSet ? selectionCost(type, field.selectionSet.selections) : 0;
    // Each node asked for by id: the object, plus what is selected of it.
    if (field.name.value === "nodes" && Array.isArray(argument(field, "ids"))) return (argument(field, "ids") as unknown[]).length * (1 + inner);
    return 1 + inner;
  };
  /** The cost of one node of a connection, from `nodes { ... }` or `edges { node { ... } }`. */
  const connectionNodeCost = (connection: GraphQLObjectType, selections: readonly SelectionNode[]): number => {
    let most = 1;
    for (const selection of selections) {
      if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
      const field = connection.getFields()[selection.name.value];
      const type = field && getNamedType(field.type);
      if (!type || isLeafType(type)) continue;
      if (selection.name.value === "nodes") most = Math.max(most, 1 + selectionCost(type, selection.selectionSet.selections));
      if (selection.name.value === "edges" && isObjectType(type)) {
        for (const inner of selection.selectionSet.selections) {
          if (inner.kind !== Kind.FIELD || inner.name.value !== "node" || !inner.selectionSet) continue;
          const nodeType = getNamedType(type.getFields().node!.type);
          most = Math.max(most, 1 + selectionCost(nodeType, inner.selectionSet.selections));
        }
      }
    }
    return most;
  };
  if (operation.operation === "mutation") return 10 * operation.selectionSet.selections.length;
  return selectionCost(root, operation.selectionSet.selections);
}

function schemaVersionFor(version: string): string {
  // Shopify answers unknown or retired versions with the oldest supported one.
  return ADMIN_SCHEMA_VERSIONS.includes(version) ? version : ADMIN_SCHEMA_VERSIONS[0];
}

/** One Admin API request as a benchmark reads it back (GET /__local/shops/<shop>/api-calls). */
export interface AdminApiCall {
  at: number;
  operation: string | null;
  cost: number;
  /** Refused with THROTTLED: the bucket held less than the cost. */
  throttled: boolean;
}

/**
 * The app's rate-limit bucket per shop, as on a Standard plan store: 2,000
 * points, refilled at 100 a second (shopify.dev, "GraphQL Admin API rate limits").
 */
const BUCKET_MAXIMUM = 2000;
/** The most one query may cost, whatever the bucket holds. */
const MAX_QUERY_COST = 1000;
const BUCKET_RESTORE_PER_SECOND = 100;
const buckets = new Map<string, { available: number; at: number }>();

function bucketOf(shopDomain: string) {
  const now = Date.now();
  const bucket = buckets.get(shopDomain) ?? { available: BUCKET_MAXIMUM, at: now };
  bucket.available = Math.min(BUCKET_MAXIMUM, bucket.available + ((now - bucket.at) / 1000) * BUCKET_RESTORE_PER_SECOND);
  bucket.at = now;
  buckets.set(shopDomain, bucket);
  return bucket;
}

const throttleStatus = (bucket: { available: number }) => ({
  maximumAvailable: BUCKET_MAXIMUM,
  currentlyAvailable: Math.floor(bucket.available),
  restoreRate: BUCKET_RESTORE_PER_SECOND,
});

/**
 * Every Admin GraphQL request per shop since Local Shopify started or the
 * shop's log was read with `clear`; kept in memory only (not in the saved state).
 */
const apiCalls = new Map<string, AdminApiCall[]>();

export function adminApiCalls(shopDomain: string, { clear = false } = {}): AdminApiCall[] {
  const calls = apiCalls.get(shopDomain) ?? [];
  if (clear) apiCalls.delete(shopDomain);
  return calls;
}

/** Runs one GraphQL request for the token's shop (in-process entry point, also used by the HTTP handler). */
async function runGraphql(ctx: LocalShopifyContext, token: TokenRecord, request: GraphqlRequest, version = ctx.config.apiVersion) {
  const schema = loadAdminSchema(schemaVersionFor(version));
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    const e = error as GraphQLError;
    return { errors: [{ message: e.message, locations: e.locations ? [...e.locations] : undefined }] };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { errors: invalid.map((e) => validationError(document, e)) };

  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!request.operationName || d.name?.value === request.operationName),
  );
  const g: GqlContext = { ctx, shop: ctx.shop(token.shop), token };
  const cost = costOf(schema, document, request.variables ?? undefined);
  const log = apiCalls.get(g.shop.domain) ?? [];
  apiCalls.set(g.shop.domain, log);
  // Shopify's leaky bucket: a call costing more than is available is refused unrun.
  const bucket = bucketOf(g.shop.domain);
  if (cost > MAX_QUERY_COST) {
    return {
      errors: [
        {
          message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
          extensions: { code: "MAX_COST_EXCEEDED", cost, maxCost: MAX_QUERY_COST },
        },
      ],
      extensions: { cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: throttleStatus(bucket) } },
    };
  }
  if (cost > bucket.available) {
    log.push({ at: Date.now(), operation: operation?.name?.value ?? null, cost, throttled: true });
    return {
      errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
      extensions: { cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: throttleStatus(bucket) } },
    };
  }
  bucket.available -= cost;
  log.push({ at: Date.now(), operation: operation?.name?.value ?? null, cost, throttled: false });
  const result = await execute({
    schema,
    document,
    rootValue,
    contextValue: g,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
  });
  if (operation?.operation === "mutation") ctx.save();
  const response: Record<string, unknown> = {};
  if (result.errors?.length) response.errors = result.errors.map((e) => variableError(document, e) ?? executionError(e));
  if ("data" in result) response.data = result.data;
  response.extensions = {
    cost: {
      requestedQueryCost: cost,
      actualQueryCost: cost,
      throttleStatus: throttleStatus(bucket),
    },
  };
  return response;
}

export async function handleGraphql(req: IncomingMessage, res: ServerResponse, ctx: LocalShopifyContext, version: string): Promise<void> {
  const token = findAccessToken(ctx.state, req.headers["x-shopify-access-token"] as string | undefined);
  if (!token) return sendJson(res, 401, { errors: INVALID_TOKEN });

  const raw = (await readBody(req)).toString("utf8");
  const shop = ctx.shop(token.shop);
  if (shop.graphqlConnectionsToDrop) {
    shop.graphqlConnectionsToDrop -= 1;
    ctx.save();
    req.socket.destroy();
    return;
  }
  let request: Partial<GraphqlRequest> = {};
  if ((req.headers["content-type"] ?? "").includes("application/graphql")) request = { query: raw };
  else {
    try {
      request = JSON.parse(raw);
    } catch {
      request = {};
    }
  }
  if (typeof request.query !== "string" || !request.query.trim()) {
    return sendJson(res, 400, { errors: { query: "Required parameter missing or invalid" } });
  }
  const body = await runGraphql(ctx, token, request as GraphqlRequest, version);
  sendJson(res, 200, body, { "X-Shopify-API-Version": schemaVersionFor(version), "X-Request-Id": randomUUID() });
}
