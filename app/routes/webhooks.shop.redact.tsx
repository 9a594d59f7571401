import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { redactShop } from "~/models/lifecycle.server";

/**
 * shop/redact (mandatory): erase everything of the shop, its webhook records
 * included, so there is no id to claim first; a repeat finds nothing to erase.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await authenticate.webhook(request);
  await redactShop(shop);
  return new Response();
}
