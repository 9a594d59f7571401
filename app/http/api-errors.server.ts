/**
 * The domain's typed refusals (app/rules/domain-errors.ts) as API answers:
 * not found or another shop's -> 404, refused input -> 400, the Free plan
 * limit -> 403 with the spec's message, an import that cannot run -> 400, or
 * 503 when the server lacks its Apify token, one import more than the plan
 * runs at once -> 429. Anything else stays a 500.
 */
import { apiError } from "~/http/api.server";
import { DomainValidationError, FreePlanLimitError, ImportLimitError, ImportUnavailableError, RecordNotFoundError } from "~/rules/domain-errors";

function modelErrorResponse(error: unknown): Response | null {
  if (error instanceof Response) return error;
  if (error instanceof RecordNotFoundError) return apiError(404, error.message);
  if (error instanceof DomainValidationError) return apiError(400, error.message);
  if (error instanceof FreePlanLimitError) return apiError(403, error.message);
  if (error instanceof ImportUnavailableError) return apiError(error.kind === "missing_token" ? 503 : 400, error.message);
  if (error instanceof ImportLimitError) return apiError(429, error.message);
  return null;
}

/** Runs a model call; its typed refusals are thrown as their API answers. */
export async function callModel<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw modelErrorResponse(error) ?? error;
  }
}

/** The optional `shopId` query parameter (spec 7's `?shopId=`); requireApiShop checks it against the token's shop. */
export function shopIdFromQuery(request: Request): string | undefined {
  return new URL(request.url).searchParams.get("shopId") ?? undefined;
}
