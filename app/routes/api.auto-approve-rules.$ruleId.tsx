import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { autoApproveRuleInput, deleteAutoApproveRule, updateAutoApproveRule } from "~/models/auto-approve-rules.server";
import { API_TEXT } from "~/messages";

/** PATCH /api/auto-approve-rules/{ruleId} (the whole rule, as POST): { rule }. DELETE removes it; approvals it made stay. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const ruleId = readIdParam(params.ruleId, "ruleId");
  if (request.method === "DELETE") {
    await callModel(() => deleteAutoApproveRule(shop.id, ruleId));
    return json({ deleted: true });
  }
  const body = await readJsonBody(request, autoApproveRuleInput);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const rule = await callModel(() => updateAutoApproveRule(shop.id, ruleId, body));
  return json({ rule });
}

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
