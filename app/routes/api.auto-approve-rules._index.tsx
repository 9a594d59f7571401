import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { autoApproveRuleInput, createAutoApproveRule, loadAutoApprovePage } from "~/models/auto-approve-rules.server";
import { API_TEXT } from "~/messages";

/** GET /api/auto-approve-rules[?shopId=]: { rules, blocked_words, channels, widgets, plan } (decision 054). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  return json(await callModel(() => loadAutoApprovePage(shop.id)));
}

/** POST /api/auto-approve-rules {name, enabled, channelIds, hashtags, allWidgets, widgetIds}: 201 { rule }. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const body = await readJsonBody(request, autoApproveRuleInput);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const rule = await callModel(() => createAutoApproveRule(shop.id, body));
  return json({ rule }, { status: 201 });
}
