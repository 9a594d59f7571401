import { serverEnv } from "~/env.server";
import { authenticate } from "~/shopify.server";
import { localShopify, shopOrigin } from "~/shopify/local-shopify.server";
import { noteAdminActivity } from "~/models/background-work.server";

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
  const auth = await authenticate.admin(request);
  // Background work a page asked for waits while this merchant is loading pages (decision 086).
  noteAdminActivity(auth.session.shop);
  return auth;
}

/**
 * What a page's browser code needs to talk to Shopify's admin around it: the
 * app's API key (App Bridge), the shop's storefront origin (theme editor deep
 * links) and, with Local Shopify, where its App Bridge script is. Pages take
 * these from here rather than from the environment or the Local Shopify seam.
 */
export function adminFrameFor(shopDomain: string) {
  return { apiKey: serverEnv.SHOPIFY_API_KEY, shopOrigin: shopOrigin(shopDomain), appBridgeUrl: localShopify?.appBridgeUrl };
}

/** The Dashboard's live chat (Crisp's website ID); null: Support opens the email dialog. */
export const configuredSupportChatId = (): string | null => serverEnv.CRISP_WEBSITE_ID ?? null;

/** What the theme editor's deep links need: the app's API key and the shop's storefront origin. */
export function themeEditorLinks(shopDomain: string): { apiKey: string; shopOrigin: string } {
  const { apiKey, shopOrigin } = adminFrameFor(shopDomain);
  return { apiKey, shopOrigin };
}
