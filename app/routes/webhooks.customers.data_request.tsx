import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";

/**
 * customers/data_request (mandatory). Clipcart keeps no personal data about a
 * store's customers: analytics events carry an anonymous session key and
 * order attributions only order and line-item ids. Nothing to report.
 */
export async function action({ request }: ActionFunctionArgs) {
  await authenticate.webhook(request);
  return new Response();
}
