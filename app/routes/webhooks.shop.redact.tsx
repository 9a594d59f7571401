import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { redactShop } from "~/models/lifecycle.server";

/** shop/redact (mandatory): erase everything of the shop. Repeats are harmless. */
export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await authenticate.webhook(request);
  await redactShop(shop);
  return new Response();
}
