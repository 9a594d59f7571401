import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { REVIEW_PROMPT_TYPES } from "~/constants";
import { markReviewPromptShown } from "~/models/review-prompts.server";
import { API_TEXT } from "~/messages";

const MarkShownBody = z.object({ shopId: z.string().optional(), promptType: z.enum(REVIEW_PROMPT_TYPES) });

/** POST /api/review/mark-shown {shopId, promptType}: records that the prompt was shown. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request);
  const body = await readJsonBody(request, MarkShownBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  await markReviewPromptShown(shop.id, body.promptType);
  return json({ recorded: true });
}
