import { describe, expect, it } from "vitest";
import { parse, validate } from "graphql";
import { ADMIN_DOCUMENTS } from "~/shopify/admin-gateway.server";
import { loadAdminSchema } from "../emulators/shopify/schema";

const schema = loadAdminSchema("2025-10");

function validationErrors(document: string) {
  return validate(schema, parse(document)).map((error) => error.message);
}

describe("every Admin GraphQL document the app sends is valid for Shopify's Admin API 2025-10", () => {
  it.each(Object.entries(ADMIN_DOCUMENTS))("%s", (_name, document) => {
    expect(validationErrors(document)).toEqual([]);
  });

  it("would catch a field Shopify does not have", () => {
    expect(validationErrors("query { shop { name clipcartNotAField } }")).toEqual([expect.stringContaining("clipcartNotAField")]);
  });
});
