/**
 * A request's path and query parameters read with zod schemas, refused like a
 * bad JSON body (readJsonBody): a 400 "<field>: <message>" for the first
 * problem, never a 500 from the database.
 */
import { z } from "zod";
import { badRequest } from "~/http/api.server";
import { idInput } from "~/rules/text-input";
import { API_TEXT } from "~/messages";

function parsedOrBadRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".");
    badRequest(issue && field ? `${field}: ${issue.message}` : (issue?.message ?? API_TEXT.invalidRequest));
  }
  return result.data;
}

/** A record id from the URL's path (`params.videoId`), named `field` in the answer. */
export function readIdParam(value: string | undefined, field: string): string {
  return parsedOrBadRequest(z.object({ [field]: idInput(field) }), { [field]: value ?? "" })[field] as string;
}

/** The query parameters `schema` names; a repeated parameter counts by its first value, as URLSearchParams.get reads it. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) query[name] ??= value;
  return parsedOrBadRequest(schema, query);
}
