import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { autoApproveRuleInput, deleteAutoApproveRule, updateAutoApproveRule } from "~/models/auto-approve-rules.server";

/** PATCH /api/auto-approve-rules/{ruleId} (the whole rule, as POST): { rule }. DELETE removes it; approvals it made stay. */
const route = apiRoute({
  PATCH: {
    body: autoApproveRuleInput,
    handle: async ({ shop, params, body }) => ({ rule: await updateAutoApproveRule(shop.id, readIdParam(params.ruleId, "ruleId"), body) }),
  },
  DELETE: {
    handle: async ({ shop, params }) => {
      await deleteAutoApproveRule(shop.id, readIdParam(params.ruleId, "ruleId"));
      return { deleted: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
