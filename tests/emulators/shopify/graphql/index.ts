/**
 * POST /admin/api/<version>/graphql.json: authenticates the access token,
 * then parses, validates and executes the document against Shopify's
 * published Admin schema. Errors are reshaped the way Shopify's GraphQL server
 * (graphql-ruby) reports them: `Field 'x' doesn't exist on type 'Y'` with
 * `path` and `extensions.code`, HTTP 200.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { execute, type GraphQLError, Kind, parse, print, validate, visit, type ASTNode, type DocumentNode, type OperationDefinitionNode } from "graphql";
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

/** Shopify reports query cost; clients may read it. One point per field selected is close enough here. */
function costOf(document: DocumentNode): number {
  let cost = 0;
  visit(document, { Field: () => void cost++ });
  return cost;
}

function schemaVersionFor(version: string): string {
  // Shopify answers unknown or retired versions with the oldest supported one.
  return ADMIN_SCHEMA_VERSIONS.includes(version) ? version : ADMIN_SCHEMA_VERSIONS[0];
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
  const result = await execute({
    schema,
    document,
    rootValue,
    contextValue: g,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
  });
  if (operation?.operation === "mutation") ctx.save();
  const cost = costOf(document);
  const response: Record<string, unknown> = {};
  if (result.errors?.length) response.errors = result.errors.map((e) => variableError(document, e) ?? executionError(e));
  if ("data" in result) response.data = result.data;
  response.extensions = {
    cost: {
      requestedQueryCost: cost,
      actualQueryCost: cost,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - cost, restoreRate: 100 },
    },
  };
  return response;
}

export async function handleGraphql(req: IncomingMessage, res: ServerResponse, ctx: LocalShopifyContext, version: string): Promise<void> {
  const token = findAccessToken(ctx.state, req.headers["x-shopify-access-token"] as string | undefined);
  if (!token) return sendJson(res, 401, { errors: INVALID_TOKEN });

  const raw = (await readBody(req)).toString("utf8");
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
