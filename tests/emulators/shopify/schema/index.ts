/**
 * Shopify's published Admin API schema (see README.md for its origin), built
 * into an executable graphql-js schema once per process and version. Local
 * Shopify executes against it; the app's unit tests validate their documents
 * against it, so a field the real API would reject fails here too.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

const schemas = new Map<string, GraphQLSchema>();

export function loadAdminSchema(version = "2025-10"): GraphQLSchema {
  let schema = schemas.get(version);
  if (!schema) {
    const file = fileURLToPath(new URL(`./admin_${version}.json.gz`, import.meta.url));
    const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8"));
    schema = buildClientSchema((introspection.data ?? introspection) as IntrospectionQuery);
    schemas.set(version, schema);
  }
  return schema;
}

/** Versions whose schema file is committed next to this module. */
export const ADMIN_SCHEMA_VERSIONS: [oldest: string, ...newer: string[]] = ["2025-10"];
