import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { shopIdFromQuery } from "~/http/api-errors.server";
import { pendingReviewPrompts } from "~/models/review-prompts.server";

/** GET /api/review/check-pending?shopId=: { has15DayPrompt, has30DayPrompt } (spec 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  return json(await pendingReviewPrompts(shop.id));
}
