/**
 * The domain's typed refusals as API answers, in one place (decision 028):
 * not found or another shop's -> 404, refused input -> 400, the Free plan
 * limit -> 403 with the spec's message, an import that cannot run -> 400, or
 * 503 when the server lacks its Apify token, one import more than the plan
 * runs at once -> 429; the sister product's verification: 403 wrong or
 * ineligible, 409 the pair unlocks another store, 429 too many failed
 * attempts (with Retry-After); a downgrade without a charge -> 409. Anything
 * else is not a refusal (null): a 500, or the route's 502.
 */
import { json } from "@remix-run/node";
import { apiError } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import { PremiumWithoutChargeError } from "~/models/billing.server";
import { SisterCredentialsInUseError, VerificationFailedError, VerificationThrottledError, sisterProduct } from "~/models/plan.server";
import { DomainValidationError, FreePlanLimitError, ImportLimitError, ImportUnavailableError, RecordNotFoundError } from "~/rules/domain-errors";

/** The sister product's refusals: the reason is logged, never the credentials. */
function verificationRefusal(error: unknown): Response | null {
  if (error instanceof VerificationThrottledError) {
    console.info(`Sister product verification throttled (${error.scope}): next attempt in ${error.retryAfterSeconds} s`);
    const { retryAfterSeconds } = error;
    return json(
      { error: PLAN_TEXT.verifyThrottled(Math.ceil(retryAfterSeconds / 60)), reason: "too_many_attempts", retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  if (error instanceof SisterCredentialsInUseError) {
    console.info(`Sister product verification refused: ${error.message}`);
    return json({ error: PLAN_TEXT.verifyInUse(sisterProduct().name), reason: "credentials_in_use" }, { status: 409 });
  }
  if (error instanceof VerificationFailedError) {
    console.info(`Sister product verification refused: ${error.message}`);
    return apiError(403, PLAN_TEXT.verifyFailed);
  }
  return null;
}

/** The answer for a thrown refusal, the thrown Response itself, or null for anything else. */
export function domainErrorResponse(error: unknown): Response | null {
  if (error instanceof Response) return error;
  if (error instanceof RecordNotFoundError) return apiError(404, error.message);
  if (error instanceof DomainValidationError) return apiError(400, error.message);
  if (error instanceof FreePlanLimitError) return apiError(403, error.message);
  if (error instanceof ImportUnavailableError) return apiError(error.kind === "missing_token" ? 503 : 400, error.message);
  if (error instanceof ImportLimitError) return apiError(429, error.message);
  if (error instanceof PremiumWithoutChargeError) return apiError(409, PLAN_TEXT.downgradeWithoutCharge);
  return verificationRefusal(error);
}
