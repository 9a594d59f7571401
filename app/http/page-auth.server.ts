import { authenticate } from "~/shopify.server";

/** Opened outside Shopify's admin: no shop parameter and no session token (spec 2, 8). */
function isOutsideAdmin(request: Request): boolean {
  return !new URL(request.url).searchParams.get("shop") && !request.headers.get("Authorization");
}

/**
 * Authenticates a page request. Outside the admin the app stays unloaded and
 * only logs (the layout does), so every page loader answers null instead of letting
 * the library redirect to a login page the app does not have.
 */
export async function authenticatePage(request: Request) {
  if (isOutsideAdmin(request)) return null;
  return authenticate.admin(request);
}
