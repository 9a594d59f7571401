/**
 * A Premium charge the merchant was sent to approve (issue 15, decision 047).
 * Shopify returns an approval to the Plan page with `charge_id`; a declined
 * charge returns the merchant to the admin (since 2018 Shopify handles that
 * redirect), and the app would never know. So the Plan page notes the request
 * in this tab before leaving; the next load of the app that finds the note
 * without a `charge_id` knows the charge was not approved.
 */
const REQUEST_KEY = "clipcart:premium-charge-requested";
/** Longer than anyone spends on Shopify's approval page; an older note is a forgotten one. */
const REQUEST_KEEP_MS = 60 * 60 * 1000;

/** Query parameter of the Plan page saying the charge just asked for was not approved. */
export const PREMIUM_NOT_APPROVED_PARAM = "premium";
export const PREMIUM_NOT_APPROVED_VALUE = "not-approved";

export function notePremiumChargeRequested(now = Date.now()): void {
  try {
    sessionStorage.setItem(REQUEST_KEY, String(now));
  } catch {
    // Storage refused: a decline then goes unmentioned, as before.
  }
}

/**
 * Once per note: true when the app loads without `charge_id` after the
 * merchant was sent to approve a charge. The note is removed either way.
 */
export function takeUnapprovedPremiumCharge(search: string, now = Date.now()): boolean {
  let requestedAt: number;
  try {
    const stored = sessionStorage.getItem(REQUEST_KEY);
    if (stored === null) return false;
    sessionStorage.removeItem(REQUEST_KEY);
    requestedAt = Number(stored);
  } catch {
    return false;
  }
  if (new URLSearchParams(search).has("charge_id")) return false;
  return Number.isFinite(requestedAt) && now - requestedAt < REQUEST_KEEP_MS;
}
