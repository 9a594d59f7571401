import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { authenticateApi, methodNotAllowed, notFound, readJsonBody } from "~/http/api.server";
import { ensureShop, shopResponse } from "~/models/shop.server";
import { API_TEXT } from "~/messages";

const CreateShopBody = z.object({ shopDomain: z.string().trim().min(1, "shopDomain is required") });

/** POST /api/shops {shopDomain}: second half of the bootstrap; only the token's own shop can be created. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shopDomain } = await authenticateApi(request);
  const body = await readJsonBody(request, CreateShopBody);
  if (body.shopDomain !== shopDomain) notFound(API_TEXT.shopNotFound);
  const shop = await ensureShop(shopDomain);
  return json({ shop: shopResponse(shop) }, { status: 201 });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
