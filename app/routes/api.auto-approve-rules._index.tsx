import { apiRoute } from "~/http/api-route.server";
import { autoApproveRuleInput, createAutoApproveRule, loadAutoApprovePage } from "~/models/auto-approve-rules.server";

const route = apiRoute({
  /** GET /api/auto-approve-rules[?shopId=]: { rules, blocked_words, channels, widgets, plan } (decision 054). */
  GET: { handle: ({ shop }) => loadAutoApprovePage(shop.id) },
  /** POST /api/auto-approve-rules {name, enabled, channelIds, hashtags, allWidgets, widgetIds}: 201 { rule }. */
  POST: { body: autoApproveRuleInput, status: 201, handle: async ({ shop, body }) => ({ rule: await createAutoApproveRule(shop.id, body) }) },
});

export const loader = route.loader;
export const action = route.action;
