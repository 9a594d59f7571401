import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";

/**
 * customers/redact (mandatory). Nothing we store identifies a customer (see
 * customers/data_request), so there is nothing to erase.
 */
export async function action({ request }: ActionFunctionArgs) {
  await authenticate.webhook(request);
  return new Response();
}
