import { describe, expect, it } from "vitest";
import { AUTO_TAG_MIN_SCORE } from "~/constants";
import {
  blockedWordsIn,
  captionHashtags,
  checkRule,
  decideForNewVideo,
  parseBlockedWords,
  parseHashtags,
  rulesOutcomeText,
  strongTopSuggestion,
  type MatchableRule,
  type NewVideo,
} from "./auto-approve";

const brand = { id: "ch_brand", platform: "tiktok", username: "brand" };

function rule(overrides: Partial<MatchableRule> = {}): MatchableRule {
  return { id: "r1", accounts: [], hashtags: [], allWidgets: false, widgetIds: ["w1"], tagTopSuggestion: false, ...overrides };
}

function video(overrides: Partial<NewVideo> = {}): NewVideo {
  return { platform: "tiktok", channelId: null, channelUsername: "someone", title: "Styling our linen shirt", ...overrides };
}

describe("matching a new video against the rules", () => {
  it("approves a video imported through a rule's account into the rule's widgets", () => {
    const decision = decideForNewVideo(video({ channelId: "ch_brand" }), [rule({ accounts: [brand] })], []);
    expect(decision).toEqual({ kind: "approve", allWidgets: false, widgetIds: ["w1"], ruleIds: ["r1"], tagTopSuggestion: false });
  });

  it("knows a single video by URL from a connected account by its username, on the same platform only", () => {
    expect(decideForNewVideo(video({ channelUsername: "@Brand" }), [rule({ accounts: [brand] })], []).kind).toBe("approve");
    expect(decideForNewVideo(video({ platform: "instagram", channelUsername: "brand" }), [rule({ accounts: [brand] })], []).kind).toBe("none");
  });

  it("approves by hashtag, ignoring case, accents and the # typed in the rule", () => {
    const typed = parseHashtags("#Été, Summer");
    expect(typed).toEqual({ ok: true, value: ["ete", "summer"] });
    const rules = [rule({ hashtags: typed.ok ? typed.value : [] })];
    expect(decideForNewVideo(video({ title: "New drop #SUMMER ✨" }), rules, []).kind).toBe("approve");
    expect(decideForNewVideo(video({ title: "Nouveautés #été" }), rules, []).kind).toBe("approve");
    // A word is not a hashtag, and a longer hashtag is another one.
    expect(decideForNewVideo(video({ title: "summer is here #summersale" }), rules, []).kind).toBe("none");
  });

  it("joins the widgets of every matching rule; one rule with every widget wins", () => {
    const rules = [rule({ id: "a", hashtags: ["linen"], widgetIds: ["w1"] }), rule({ id: "b", accounts: [brand], widgetIds: ["w2", "w1"] })];
    const both = decideForNewVideo(video({ channelId: "ch_brand", title: "#linen" }), rules, []);
    expect(both).toEqual({ kind: "approve", allWidgets: false, widgetIds: ["w1", "w2"], ruleIds: ["a", "b"], tagTopSuggestion: false });
    const withAll = decideForNewVideo(
      video({ channelId: "ch_brand", title: "#linen" }),
      [...rules, rule({ id: "c", accounts: [brand], allWidgets: true, widgetIds: [] })],
      [],
    );
    expect(withAll).toMatchObject({ kind: "approve", allWidgets: true, widgetIds: [] });
  });

  it("tags the video's top suggestion when one of the matching rules says so (decision 078)", () => {
    const rules = [rule({ id: "a", hashtags: ["linen"] }), rule({ id: "b", accounts: [brand], tagTopSuggestion: true })];
    expect(decideForNewVideo(video({ channelId: "ch_brand", title: "#linen" }), rules, [])).toMatchObject({ kind: "approve", tagTopSuggestion: true });
    // Only the rule that matches counts: the hashtag rule alone does not tag.
    expect(decideForNewVideo(video({ title: "#linen" }), rules, [])).toMatchObject({ kind: "approve", ruleIds: ["a"], tagTopSuggestion: false });
    // Blocked words hold the video: nothing is approved, nothing tagged.
    expect(decideForNewVideo(video({ channelId: "ch_brand", title: "giveaway" }), rules, ["giveaway"]).kind).toBe("hold");
  });

  it("approves only at the rule's minimum plays and likes; an unknown figure never meets a minimum (decision 082)", () => {
    const popular = rule({ accounts: [brand], minPlays: 10_000, minLikes: 500 });
    const from = (playCount: number | null, likeCount: number | null) => video({ channelId: "ch_brand", playCount, likeCount });
    expect(decideForNewVideo(from(10_000, 500), [popular], []).kind).toBe("approve");
    expect(decideForNewVideo(from(9_999, 900), [popular], []).kind).toBe("none");
    expect(decideForNewVideo(from(50_000, 499), [popular], []).kind).toBe("none");
    expect(decideForNewVideo(from(null, 900), [popular], []).kind).toBe("none");
    expect(decideForNewVideo(video({ channelId: "ch_brand" }), [popular], []).kind).toBe("none");
    // Another matching rule without minimums still approves it.
    expect(decideForNewVideo(from(null, null), [popular, rule({ id: "r2", accounts: [brand] })], [])).toMatchObject({ kind: "approve", ruleIds: ["r2"] });
  });

  it("skips a rule whose widgets were all deleted", () => {
    expect(decideForNewVideo(video({ channelId: "ch_brand" }), [rule({ accounts: [brand], widgetIds: [] })], []).kind).toBe("none");
  });

  it("holds a video with a blocked word even when a rule matches it, naming the words found", () => {
    const decision = decideForNewVideo(
      video({ channelId: "ch_brand", title: "Huge GIVEAWAY! #free_shipping" }),
      [rule({ accounts: [brand] })],
      ["giveaway", "free shipping", "refund"],
    );
    expect(decision).toEqual({ kind: "hold", words: ["giveaway", "free shipping"] });
  });
});

describe("blocked words", () => {
  it("are found as whole words or phrases, not inside other words", () => {
    expect(blockedWordsIn("Scam alert", ["scam"])).toEqual(["scam"]);
    expect(blockedWordsIn("Scampi night", ["scam"])).toEqual([]);
    expect(blockedWordsIn("free\nshipping today", ["free shipping"])).toEqual(["free shipping"]);
    expect(blockedWordsIn("Café crème", ["cafe"])).toEqual(["cafe"]);
    expect(blockedWordsIn(null, ["cafe"])).toEqual([]);
  });

  it("are found inside words of scripts written without spaces", () => {
    expect(blockedWordsIn("今日は割引セールです", ["割引"])).toEqual(["割引"]);
  });

  it("parse from commas and lines, each once ignoring case, refusing what cannot be found", () => {
    expect(parseBlockedWords("giveaway, Free  shipping\nGIVEAWAY\n\n")).toEqual({ ok: true, value: ["giveaway", "Free shipping"] });
    expect(parseBlockedWords("!!!")).toMatchObject({ ok: false, error: '"!!!" needs letters or numbers to be found in a caption.' });
    expect(parseBlockedWords("x".repeat(51)).ok).toBe(false);
  });
});

describe("hashtags", () => {
  it("are read from a caption once each, folded", () => {
    expect(captionHashtags("#Linen and #linen, #Été #free_shipping")).toEqual(["linen", "ete", "free_shipping"]);
  });

  it("parse from commas and spaces with or without #, refusing other characters", () => {
    expect(parseHashtags("#Summer, linen  #SALE summer")).toEqual({ ok: true, value: ["summer", "linen", "sale"] });
    expect(parseHashtags("#sum-mer")).toEqual({ ok: false, error: '"#sum-mer" is not a hashtag: use letters, numbers and underscores only.' });
  });
});

describe("checking a rule", () => {
  const good = { name: " Brand  account ", enabled: true, channelIds: ["c1", "c1"], hashtags: "", allWidgets: false, widgetIds: ["w1"] };

  it("keeps a good rule, tidied", () => {
    expect(checkRule(good)).toEqual({
      ok: true,
      rule: {
        name: "Brand account",
        enabled: true,
        channelIds: ["c1"],
        hashtags: [],
        allWidgets: false,
        widgetIds: ["w1"],
        tagTopSuggestion: false,
        minPlays: null,
        minLikes: null,
      },
    });
  });

  it("reads minimum plays and likes as typed, and says what is wrong with them (decision 082)", () => {
    expect(checkRule({ ...good, minPlays: "10,000", minLikes: " 250 " })).toMatchObject({ ok: true, rule: { minPlays: 10_000, minLikes: 250 } });
    expect(checkRule({ ...good, minPlays: 5000, minLikes: "" })).toMatchObject({ ok: true, rule: { minPlays: 5000, minLikes: null } });
    expect(checkRule({ ...good, minPlays: "0", minLikes: null })).toMatchObject({ ok: true, rule: { minPlays: null, minLikes: null } });
    expect(checkRule({ ...good, minPlays: "1.5K", minLikes: "-3" })).toEqual({
      ok: false,
      errors: {
        minPlays: "Minimum plays must be a whole number, such as 1000, or empty.",
        minLikes: "Minimum likes must be a whole number, such as 1000, or empty.",
      },
    });
    expect(checkRule({ ...good, minPlays: "1000000001" })).toEqual({ ok: false, errors: { minPlays: "Minimum plays must be 1,000,000,000 or less." } });
  });

  it("tags only when asked: the option is off unless it is sent as true", () => {
    expect(checkRule({ ...good, tagTopSuggestion: true })).toMatchObject({ ok: true, rule: { tagTopSuggestion: true } });
    expect(checkRule({ ...good, tagTopSuggestion: false })).toMatchObject({ ok: true, rule: { tagTopSuggestion: false } });
    expect(checkRule({ ...good, tagTopSuggestion: undefined })).toMatchObject({ ok: true, rule: { tagTopSuggestion: false } });
  });

  it("says what is wrong with each field", () => {
    const result = checkRule({ name: "", enabled: true, channelIds: [], hashtags: "", allWidgets: false, widgetIds: [] });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Enter a name for the rule.",
        source: "Choose at least one account or enter at least one hashtag.",
        widgets: "Choose at least one widget, or Every widget.",
      },
    });
    expect(checkRule({ ...good, name: "x".repeat(41) })).toMatchObject({ ok: false, errors: { name: "Rule name must be 40 characters or fewer." } });
  });

  it("takes every widget without a list", () => {
    expect(checkRule({ ...good, allWidgets: true, widgetIds: ["w1"] })).toMatchObject({ ok: true, rule: { allWidgets: true, widgetIds: [] } });
  });
});

describe("the product a rule that also tags tags (decision 078)", () => {
  const product = (productId: string, score: number) => ({ productId, score });

  it("is the top suggestion when it scores at least the strong match's score", () => {
    expect(strongTopSuggestion([product("shirt", AUTO_TAG_MIN_SCORE), product("tee", 0.45)])).toEqual(product("shirt", AUTO_TAG_MIN_SCORE));
    expect(strongTopSuggestion([product("shirt", 0.94)])).toEqual(product("shirt", 0.94));
  });

  it("is none below it, where a suggestion may rest on part of a title", () => {
    expect(strongTopSuggestion([product("shirt", AUTO_TAG_MIN_SCORE - 0.001)])).toBeNull();
    expect(strongTopSuggestion([product("shirt", 0.5), product("tee", 0.45)])).toBeNull();
    expect(strongTopSuggestion([])).toBeNull();
  });

  it("is none when another product matches as well (namesakes the engine cannot tell apart)", () => {
    expect(strongTopSuggestion([product("jacket-a", 0.8), product("jacket-b", 0.8)])).toBeNull();
    // The same match as the merchant reads it ("80% match") is a tie too.
    expect(strongTopSuggestion([product("jacket-a", 0.801), product("jacket-b", 0.799)])).toBeNull();
    expect(strongTopSuggestion([product("jacket-a", 0.81), product("jacket-b", 0.79)])).toEqual(product("jacket-a", 0.81));
  });
});

describe("what the rules did, in words", () => {
  it("counts approvals and holds, and says when the Free limit stopped them", () => {
    expect(rulesOutcomeText({ approved: 3, held: 1, overLimit: 0 })).toBe("3 approved by your rules, 1 held for blocked words.");
    expect(rulesOutcomeText({ approved: 5, held: 0, overLimit: 2 })).toBe(
      "5 approved by your rules. Your rules stopped at the Free plan's 5 approved videos: 2 more videos match and stay in Draft. Upgrade to Premium for unlimited videos.",
    );
    expect(rulesOutcomeText({ approved: 0, held: 0, overLimit: 0 })).toBeNull();
  });
});
