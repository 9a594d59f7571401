import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { blockedWordsInput, setBlockedWords } from "~/models/auto-approve-rules.server";
import { API_TEXT } from "~/messages";

/** PUT /api/auto-approve-rules/blocked-words {words}: replaces the shop's blocked words; { blocked_words } as stored. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const body = await readJsonBody(request, blockedWordsInput);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  return json({ blocked_words: await callModel(() => setBlockedWords(shop.id, body.words)) });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
