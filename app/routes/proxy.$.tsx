import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authenticate } from "~/shopify.server";

/**
 * Storefront requests arrive through Shopify's app proxy (/apps/clipcart/* on
 * the shop's domain). Only requests whose signature verifies with our secret
 * get past authenticate.public.appProxy; storefront endpoints (analytics
 * beacons) are added as their own proxy.* routes, and anything else is 404.
 */
async function unknownProxyPath(request: Request) {
  await authenticate.public.appProxy(request);
  return json({ error: "Not found" }, { status: 404 });
}

export const loader = ({ request }: LoaderFunctionArgs) => unknownProxyPath(request);
export const action = ({ request }: ActionFunctionArgs) => unknownProxyPath(request);
