// Auto-approve rules applied to an import's new videos (decision 054), on
// SQLite and PostgreSQL (node scripts/db.mjs test-both): approvals into the
// rule's widgets through the merchant's approval path, the Free plan's limit
// (also with two imports at once), blocked words, and videos a rule must
// never touch.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { FREE_PLAN } from "../../app/constants";
import type { ImportedVideo } from "../../app/contracts/platforms";
import { DomainValidationError } from "../../app/rules/domain-errors";
import { addRulesOutcomes, NO_RULES_OUTCOME } from "../../app/rules/auto-approve";
import { saveImportedVideos, setVideoEnabled } from "../../app/models/videos.server";
import { upsertChannelFromImport } from "../../app/models/channels.server";
import {
  applyAutoApproveRules,
  createAutoApproveRule,
  loadAutoApprovePage,
  setBlockedWords,
  updateAutoApproveRule,
} from "../../app/models/auto-approve-rules.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

let sequence = 0;
function post(title: string, username = "brand"): ImportedVideo {
  sequence += 1;
  const id = `${Date.now()}${sequence}`;
  return {
    platformVideoId: id,
    title,
    authorName: "Brand",
    channelUsername: username,
    thumbnailUrl: null,
    embedHtml: null,
    videoUrl: `https://www.tiktok.com/@${username}/video/${id}`,
    publishedAt: null,
  };
}

/** What the import runner does with one batch: save, then the rules on what was created. */
async function importBatch(shopId: string, videos: ImportedVideo[], channelId: string | null = null) {
  const saved = await saveImportedVideos(shopId, "tiktok", videos, channelId);
  return { saved, rules: await applyAutoApproveRules(shopId, saved.createdIds) };
}

async function shopWithRule(
  label: string,
  options: { plan?: "free" | "premium"; hashtags?: string; minPlays?: string | number; minLikes?: string | number } = {},
) {
  const shop = await createShop(label);
  if (options.plan === "premium") await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  const [home, grid] = [await createWidget(shop.id, 1), await createWidget(shop.id, 2)];
  const channel = await upsertChannelFromImport(shop.id, "tiktok", "brand", null);
  await createAutoApproveRule(shop.id, {
    name: "Brand",
    enabled: true,
    channelIds: options.hashtags ? [] : [channel.id],
    hashtags: options.hashtags ?? "",
    allWidgets: false,
    widgetIds: [grid.id],
    minPlays: options.minPlays,
    minLikes: options.minLikes,
  });
  return { shop, channel, home, grid };
}

const stored = (shopId: string) =>
  prisma.video.findMany({ where: { shopId }, include: { widgets: true, mirror: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

describe("auto-approve rules on an import's new videos", () => {
  it("approve a new video from the rule's account into the rule's widgets only, as a manual approval does", async () => {
    const { shop, channel, grid } = await shopWithRule("rule-account");
    const { rules } = await importBatch(shop.id, [post("Linen shirt"), post("Not ours", "someone")], channel.id);
    expect(rules).toEqual({ approved: 2, held: 0, overLimit: 0 });
    // The second post is not the account's, but it was imported through it: both are the account's videos.
    const videos = await stored(shop.id);
    for (const video of videos) {
      expect(video.enabled).toBe(true);
      expect(video.approvedAt).toBeInstanceOf(Date);
      expect(video.widgets.map((link) => link.widgetId)).toEqual([grid.id]);
      expect(video.mirror?.status).toBe("pending");
    }
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).firstActiveAt).toBeInstanceOf(Date);
  });

  it("with minimum plays and likes, approve only the new videos the platform reports at least that for; unknown figures do not qualify (decision 082)", async () => {
    const { shop, channel } = await shopWithRule("rule-minimums", { minPlays: "10,000", minLikes: 500 });
    const figures = (plays: number | null, likes: number | null) => ({ plays, likes, comments: null, shares: null, saves: null, durationSeconds: null });
    const { rules } = await importBatch(
      shop.id,
      [
        { ...post("Enough of both"), figures: figures(10_000, 500) },
        { ...post("Plays but few likes"), figures: figures(250_000, 499) },
        { ...post("Likes but few plays"), figures: figures(9_999, 4_000) },
        { ...post("Likes hidden"), figures: figures(80_000, null) },
        post("No figures at all"),
      ],
      channel.id,
    );
    expect(rules).toEqual({ approved: 1, held: 0, overLimit: 0 });
    expect(new Map((await stored(shop.id)).map((video) => [video.title, video.enabled]))).toEqual(
      new Map([
        ["Enough of both", true],
        ["Plays but few likes", false],
        ["Likes but few plays", false],
        ["Likes hidden", false],
        ["No figures at all", false],
      ]),
    );
  });

  it("approve by hashtag a single video imported without an account", async () => {
    const { shop } = await shopWithRule("rule-hashtag", { hashtags: "#Linen" });
    const { rules } = await importBatch(shop.id, [post("Summer #LINEN drop", "someone"), post("Mugs #ceramic", "someone")]);
    expect(rules).toEqual({ approved: 1, held: 0, overLimit: 0 });
    const byTitle = new Map((await stored(shop.id)).map((video) => [video.title, video.enabled]));
    expect(byTitle).toEqual(
      new Map([
        ["Summer #LINEN drop", true],
        ["Mugs #ceramic", false],
      ]),
    );
  });

  it("never change a video already in the library: a re-import refreshes it and approves only what is new", async () => {
    const { shop, channel } = await shopWithRule("rule-existing");
    const old = post("Already here");
    await saveImportedVideos(shop.id, "tiktok", [old], channel.id); // before the rule mattered: still Draft
    const unpublished = post("Approved, then unpublished by the merchant");
    const { saved } = await importBatch(shop.id, [unpublished], channel.id);
    await setVideoEnabled(shop.id, saved.createdIds[0]!, { enabled: false });

    const { rules } = await importBatch(shop.id, [old, unpublished, post("Brand new")], channel.id);
    expect(rules).toEqual({ approved: 1, held: 0, overLimit: 0 });
    const byTitle = new Map((await stored(shop.id)).map((video) => [video.title, video.enabled]));
    expect(byTitle.get("Already here")).toBe(false);
    expect(byTitle.get("Approved, then unpublished by the merchant")).toBe(false);
    expect(byTitle.get("Brand new")).toBe(true);

    // Even when asked about them, the rules leave moderated videos alone.
    const all = await stored(shop.id);
    expect(
      await applyAutoApproveRules(
        shop.id,
        all.map((video) => video.id),
      ),
    ).toEqual({ approved: 1, held: 0, overLimit: 0 });
    const moderated = all.find((video) => video.title === "Approved, then unpublished by the merchant")!;
    expect((await prisma.video.findUniqueOrThrow({ where: { id: moderated.id } })).enabled).toBe(false);
  });

  it("hold a video with a blocked word in Draft, flagged with the words, even when a rule matches; approving clears the flag", async () => {
    const { shop, channel, grid } = await shopWithRule("rule-blocked");
    expect(await setBlockedWords(shop.id, "Giveaway, free shipping")).toEqual(["Giveaway", "free shipping"]);
    const { rules } = await importBatch(shop.id, [post("Huge #giveaway today"), post("Linen shirt")], channel.id);
    expect(rules).toEqual({ approved: 1, held: 1, overLimit: 0 });
    const held = await prisma.video.findFirstOrThrow({ where: { shopId: shop.id, title: "Huge #giveaway today" } });
    expect(held.enabled).toBe(false);
    expect(JSON.parse(held.heldWords!)).toEqual(["Giveaway"]);

    // Held means the rules leave it for the merchant, who clears the flag by approving it.
    expect(await applyAutoApproveRules(shop.id, [held.id])).toEqual(NO_RULES_OUTCOME);
    const approved = await setVideoEnabled(shop.id, held.id, { enabled: true, widgetIds: [grid.id] });
    expect(approved.held_words).toBeNull();
    expect((await prisma.video.findUniqueOrThrow({ where: { id: held.id } })).heldWords).toBeNull();
  });

  it("flag blocked words on a shop without rules too", async () => {
    const shop = await createShop("blocked-only");
    await setBlockedWords(shop.id, ["scam"]);
    const { rules } = await importBatch(shop.id, [post("Scam alert"), post("Scampi night")]);
    expect(rules).toEqual({ approved: 0, held: 1, overLimit: 0 });
  });

  it("stop at the Free plan's 5 approved videos and count what they left in Draft", async () => {
    const { shop, channel } = await shopWithRule("rule-limit");
    for (let i = 0; i < 3; i++) await createVideo(shop.id, { enabled: true, approvedAt: new Date() });
    const { rules } = await importBatch(
      shop.id,
      Array.from({ length: 6 }, (_, i) => post(`New ${i}`)),
      channel.id,
    );
    expect(rules).toEqual({ approved: 2, held: 0, overLimit: 4 });
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(FREE_PLAN.approvedVideoLimit);
  });

  it("have no limit on Premium", async () => {
    const { shop, channel } = await shopWithRule("rule-premium", { plan: "premium" });
    const { rules } = await importBatch(
      shop.id,
      Array.from({ length: 8 }, (_, i) => post(`New ${i}`)),
      channel.id,
    );
    expect(rules).toEqual({ approved: 8, held: 0, overLimit: 0 });
  });

  it("never pass the Free limit with two imports at once", async () => {
    const { shop, channel } = await shopWithRule("rule-race", { hashtags: "#linen" });
    const batch = (label: string) => Array.from({ length: 6 }, (_, i) => post(`${label} ${i} #linen`, label));
    const outcomes = await Promise.all([
      importBatch(shop.id, batch("first"), channel.id),
      importBatch(shop.id, batch("second")),
      importBatch(shop.id, batch("third")),
    ]);
    const total = outcomes.map((outcome) => outcome.rules).reduce(addRulesOutcomes, NO_RULES_OUTCOME);
    expect(total).toEqual({ approved: FREE_PLAN.approvedVideoLimit, held: 0, overLimit: 18 - FREE_PLAN.approvedVideoLimit });
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(FREE_PLAN.approvedVideoLimit);
    // Only approved videos were put on the widget.
    expect(await prisma.widgetVideo.count({ where: { shopId: shop.id } })).toBe(FREE_PLAN.approvedVideoLimit);
  }, 60_000);

  it("skip deleted widgets, and a rule whose widgets are all gone approves nothing", async () => {
    const { shop, channel, grid } = await shopWithRule("rule-widget-gone");
    await prisma.widget.delete({ where: { id: grid.id } });
    expect((await loadAutoApprovePage(shop.id)).rules[0]?.widget_ids).toEqual([]);
    const { rules } = await importBatch(shop.id, [post("New")], channel.id);
    expect(rules).toEqual(NO_RULES_OUTCOME);
  });

  it("do nothing while paused", async () => {
    const { shop, channel, grid } = await shopWithRule("rule-paused");
    const [rule] = (await loadAutoApprovePage(shop.id)).rules;
    await updateAutoApproveRule(shop.id, rule!.id, {
      name: "Brand",
      enabled: false,
      channelIds: [channel.id],
      hashtags: "",
      allWidgets: false,
      widgetIds: [grid.id],
    });
    expect((await importBatch(shop.id, [post("New")], channel.id)).rules).toEqual(NO_RULES_OUTCOME);
  });
});

describe("the merchant's rules", () => {
  it("refuse another shop's account or widget", async () => {
    const { shop } = await shopWithRule("rule-owner");
    const other = await shopWithRule("rule-other");
    const input = { name: "Theirs", enabled: true, channelIds: [other.channel.id], hashtags: "", allWidgets: true, widgetIds: [] };
    await expect(createAutoApproveRule(shop.id, input)).rejects.toThrow(DomainValidationError);
    await expect(createAutoApproveRule(shop.id, { ...input, channelIds: [], hashtags: "#x", allWidgets: false, widgetIds: [other.grid.id] })).rejects.toThrow(
      "One of the chosen widgets was deleted. Choose the widgets again.",
    );
  });

  it("keep at most 20 per shop, also when created at once", async () => {
    const shop = await createShop("rule-count");
    const input = (i: number) => ({ name: `Rule ${i}`, enabled: true, channelIds: [], hashtags: `#tag${i}`, allWidgets: true, widgetIds: [] });
    const results = await Promise.allSettled(Array.from({ length: 24 }, (_, i) => createAutoApproveRule(shop.id, input(i))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(20);
    expect(await prisma.autoApproveRule.count({ where: { shopId: shop.id } })).toBe(20);
  }, 60_000);
});
