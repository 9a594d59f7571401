import { z } from "zod";
import { apiBootstrapRoute } from "~/http/api-route.server";
import { notFound } from "~/http/api.server";
import { ensureShop, shopResponse } from "~/models/shop.server";
import { API_TEXT } from "~/messages";

const CreateShopBody = z.object({ shopDomain: z.string().trim().min(1, "shopDomain is required") });

/** POST /api/shops {shopDomain}: second half of the bootstrap; only the token's own shop can be created. */
const route = apiBootstrapRoute("POST", {
  body: CreateShopBody,
  status: 201,
  handle: async ({ shopDomain, body }) => {
    if (body.shopDomain !== shopDomain) notFound(API_TEXT.shopNotFound);
    return { shop: shopResponse(await ensureShop(shopDomain)) };
  },
});

export const loader = route.loader;
export const action = route.action;
