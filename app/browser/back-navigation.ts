/**
 * The Dashboard's back action (issue 15): back to the app page the merchant
 * came from, or, when the Dashboard is the first app page of this frame (a
 * fresh tab, a reload of the admin), out of the app to the admin's home,
 * since history.back() would then leave the admin altogether.
 */

/**
 * React Router numbers the entries it creates in `history.state.idx`, from 0
 * for the frame's first document; a page above 0 has an app page before it.
 */
export function hasEarlierAppPage(state: unknown = typeof window === "undefined" ? null : window.history.state): boolean {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === "number" && index > 0;
}

/** App Bridge's address of the admin's home page: `open()` with `_top` leaves the app for it. */
export const ADMIN_HOME_URL = "shopify://admin";

export function goBackOrToAdmin(goBack: () => void): void {
  if (hasEarlierAppPage()) goBack();
  else window.open(ADMIN_HOME_URL, "_top");
}
