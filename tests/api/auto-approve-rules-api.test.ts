// The Auto-approve rules' REST routes (decision 054): scoped to the token's
// shop, the merchant's words for what is wrong, blocked words stored tidy.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { AutoApproveData, AutoApproveRuleDto } from "~/rules/api-types";
import { AUTO_APPROVE_TEXT } from "~/messages";
import { loader as listRoute, action as createRoute } from "~/routes/api.auto-approve-rules._index";
import { action as ruleRoute } from "~/routes/api.auto-approve-rules.$ruleId";
import { action as blockedWordsRoute } from "~/routes/api.auto-approve-rules.blocked-words";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedWidgets, type TestShop } from "../support/library-fixtures";

const create = async (shop: TestShop, body: unknown) => callRoute(createRoute, await apiRequest(shop.domain, "/api/auto-approve-rules", { body }));
const patch = async (shop: TestShop, ruleId: string, body: unknown) =>
  callRoute(ruleRoute, await apiRequest(shop.domain, `/api/auto-approve-rules/${ruleId}`, { method: "PATCH", body }), { ruleId });
const remove = async (shop: TestShop, ruleId: string) =>
  callRoute(ruleRoute, await apiRequest(shop.domain, `/api/auto-approve-rules/${ruleId}`, { method: "DELETE" }), { ruleId });
const page = async (shop: TestShop) => jsonOf<AutoApproveData>(await callRoute(listRoute, await apiRequest(shop.domain, "/api/auto-approve-rules")));
const errorOf = async (response: Response) => ({ status: response.status, error: (await jsonOf<{ error: string }>(response)).error });

describe("/api/auto-approve-rules", () => {
  it("creates, lists, edits and deletes a shop's rules", async () => {
    const shop = await bootstrapShop("rules");
    const [widget] = await seedWidgets(shop.id, [{ name: "Home" }]);
    const created = await create(shop, { name: " Summer ", hashtags: "#Summer, linen", widgetIds: [widget.id] });
    expect(created.status).toBe(201);
    const { rule } = await jsonOf<{ rule: AutoApproveRuleDto }>(created);
    expect(rule).toEqual({
      id: expect.any(String),
      name: "Summer",
      enabled: true,
      channel_ids: [],
      hashtags: ["summer", "linen"],
      all_widgets: false,
      widget_ids: [widget.id],
      // Off unless the merchant chooses it (decision 078).
      tag_top_suggestion: false,
      // No minimum unless the merchant sets one (decision 082).
      min_plays: null,
      min_likes: null,
    });
    expect((await page(shop)).rules).toEqual([rule]);

    const edited = await patch(shop, rule.id, { name: "Summer", enabled: false, hashtags: ["#summer"], allWidgets: true, tagTopSuggestion: true });
    expect((await jsonOf<{ rule: AutoApproveRuleDto }>(edited)).rule).toMatchObject({
      enabled: false,
      hashtags: ["summer"],
      all_widgets: true,
      widget_ids: [],
      tag_top_suggestion: true,
    });
    expect((await page(shop)).rules[0]?.tag_top_suggestion).toBe(true);
    // Minimums as typed ("10,000") or as numbers; emptied, none again.
    const withMinimums = await patch(shop, rule.id, { name: "Summer", hashtags: "#summer", allWidgets: true, minPlays: "10,000", minLikes: 250 });
    expect((await jsonOf<{ rule: AutoApproveRuleDto }>(withMinimums)).rule).toMatchObject({ min_plays: 10_000, min_likes: 250 });
    expect((await page(shop)).rules[0]).toMatchObject({ min_plays: 10_000, min_likes: 250 });
    const without = await patch(shop, rule.id, { name: "Summer", hashtags: "#summer", allWidgets: true, minPlays: "", minLikes: null });
    expect((await jsonOf<{ rule: AutoApproveRuleDto }>(without)).rule).toMatchObject({ min_plays: null, min_likes: null });
    expect((await remove(shop, rule.id)).status).toBe(200);
    expect((await page(shop)).rules).toEqual([]);
  });

  it("says what is wrong with a rule", async () => {
    const shop = await bootstrapShop("rules-invalid");
    expect(await errorOf(await create(shop, { name: "", hashtags: "#a", allWidgets: true }))).toEqual({ status: 400, error: AUTO_APPROVE_TEXT.nameRequired });
    expect(await errorOf(await create(shop, { name: "No source", allWidgets: true }))).toEqual({ status: 400, error: AUTO_APPROVE_TEXT.sourceRequired });
    expect(await errorOf(await create(shop, { name: "No widgets", hashtags: "#a" }))).toEqual({ status: 400, error: AUTO_APPROVE_TEXT.widgetsRequired });
    expect(await errorOf(await create(shop, { name: "Gone", hashtags: "#a", widgetIds: ["nope"] }))).toEqual({
      status: 400,
      error: AUTO_APPROVE_TEXT.unknownWidget,
    });
    // Minimums (decision 082): whole numbers only, within reach; nothing is saved.
    for (const [minPlays, error] of [
      ["1.5K", AUTO_APPROVE_TEXT.minimumInvalid("plays")],
      ["-10", AUTO_APPROVE_TEXT.minimumInvalid("plays")],
      [2.5, AUTO_APPROVE_TEXT.minimumInvalid("plays")],
      ["5000000000", AUTO_APPROVE_TEXT.minimumTooLarge("plays")],
    ] as const) {
      expect(await errorOf(await create(shop, { name: "Popular", hashtags: "#a", allWidgets: true, minPlays }))).toEqual({ status: 400, error });
    }
    expect(await errorOf(await create(shop, { name: "Liked", hashtags: "#a", allWidgets: true, minLikes: "many" }))).toEqual({
      status: 400,
      error: AUTO_APPROVE_TEXT.minimumInvalid("likes"),
    });
    expect((await page(shop)).rules).toEqual([]);
  });

  it("never shows, edits or deletes another shop's rule", async () => {
    const [mine, theirs] = [await bootstrapShop("rules-mine"), await bootstrapShop("rules-theirs")];
    const { rule } = await jsonOf<{ rule: AutoApproveRuleDto }>(await create(theirs, { name: "Theirs", hashtags: "#a", allWidgets: true }));
    expect((await page(mine)).rules).toEqual([]);
    expect((await patch(mine, rule.id, { name: "Mine now", hashtags: "#a", allWidgets: true })).status).toBe(404);
    expect((await remove(mine, rule.id)).status).toBe(404);
    expect(await prisma.autoApproveRule.count({ where: { id: rule.id } })).toBe(1);
  });

  it("stores blocked words tidy and refuses what cannot be found", async () => {
    const shop = await bootstrapShop("rules-blocked");
    const put = async (words: unknown) =>
      callRoute(blockedWordsRoute, await apiRequest(shop.domain, "/api/auto-approve-rules/blocked-words", { method: "PUT", body: { words } }));
    expect(await jsonOf(await put("giveaway,  Free   shipping\nGIVEAWAY"))).toEqual({ blocked_words: ["giveaway", "Free shipping"] });
    expect((await page(shop)).blocked_words).toEqual(["giveaway", "Free shipping"]);
    expect(await errorOf(await put(["???"]))).toEqual({ status: 400, error: AUTO_APPROVE_TEXT.blockedWordInvalid("???") });
  });
});
