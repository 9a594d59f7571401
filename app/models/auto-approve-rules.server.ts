/**
 * Auto-approve rules (issue 16 item 2, decision 054): the merchant's rules and
 * blocked words, and applying them to the videos an import has just created.
 *
 * - A rule approves a new video from one of its connected accounts, or with
 *   one of its hashtags, into its widgets; blocked words (the shop's, for every
 *   rule) keep a new video in Draft, flagged with the words found.
 * - Only videos the import created are looked at: a video already in the
 *   library is never changed by a rule, and neither is one the merchant
 *   moderated or that was held.
 * - Approval goes through the merchant's own path (approveNewVideoByRule):
 *   the shop's lock and the Free plan's limit, so imports running at once
 *   never pass 5 approved videos on Free. At the limit the rules stop, and the
 *   import's result says so.
 * - A rule may also tag each video it approves with its top suggested product
 *   when the match is strong (decision 078): the approval marks the video, and
 *   the tag is made through the tagging model right after the batch, or by the
 *   catalogue runner when the catalogue or its index is not ready yet.
 */
import { z } from "zod";
import { prisma, type AutoApproveRule, type Prisma } from "~/db.server";
import { AUTO_APPROVE } from "~/constants";
import { AUTO_APPROVE_TEXT } from "~/messages";
import type { AutoApproveData, AutoApproveRuleDto } from "~/rules/api-types";
import {
  NO_RULES_OUTCOME,
  checkRule,
  decideForNewVideo,
  parseBlockedWords,
  type CheckedRule,
  type MatchableRule,
  type RuleInput,
  type RulesOutcome,
} from "~/rules/auto-approve";
import { idInput, textInput } from "~/rules/text-input";
import { DomainValidationError, FreePlanLimitError, RecordNotFoundError } from "~/rules/domain-errors";
import { listChannels } from "~/models/channels.server";
import { listWidgetSummaries } from "~/models/widgets.server";
import { afterApprovals, approveNewVideoByRule } from "~/models/videos.server";
import { tagTopSuggestionsOfRules } from "~/models/suggestions.server";
import { catalogueReadiness } from "~/models/catalogue-readiness.server";
import { signalWork } from "~/models/background-work.server";

/** A JSON array of strings as stored; anything unreadable is empty (a hand-edited row cannot break the page or an import). */
function storedList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- the merchant's rules

function toRuleDto(rule: AutoApproveRule, channelIds: ReadonlySet<string>, widgetIds: ReadonlySet<string>): AutoApproveRuleDto {
  return {
    id: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    channel_ids: storedList(rule.channelIds).filter((id) => channelIds.has(id)),
    hashtags: storedList(rule.hashtags),
    all_widgets: rule.allWidgets,
    widget_ids: rule.allWidgets ? [] : storedList(rule.widgetIds).filter((id) => widgetIds.has(id)),
    tag_top_suggestion: rule.tagTopSuggestion,
    min_plays: rule.minPlays,
    min_likes: rule.minLikes,
  };
}

/** The rules page: rules (naming only accounts and widgets that still exist), blocked words, accounts, widgets, plan. */
export async function loadAutoApprovePage(shopId: string): Promise<AutoApproveData> {
  const [rules, shop, channels, widgets, approvedCount] = await Promise.all([
    prisma.autoApproveRule.findMany({ where: { shopId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.shop.findUnique({ where: { id: shopId }, select: { plan: true, blockedWords: true } }),
    listChannels(shopId),
    listWidgetSummaries(shopId),
    prisma.video.count({ where: { shopId, enabled: true } }),
  ]);
  if (!shop) throw new RecordNotFoundError("Shop");
  const channelIds = new Set(channels.map((channel) => channel.id));
  const widgetIds = new Set(widgets.map((widget) => widget.id));
  return {
    rules: rules.map((rule) => toRuleDto(rule, channelIds, widgetIds)),
    blocked_words: storedList(shop.blockedWords),
    channels,
    widgets,
    plan: { plan: shop.plan === "premium" ? "premium" : "free", approved_count: approvedCount },
  };
}

/** The rule's input checked, with its accounts and widgets the shop's own. */
async function checkedRule(tx: Prisma.TransactionClient, shopId: string, input: RuleInput): Promise<CheckedRule> {
  const checked = checkRule(input);
  if (!checked.ok) throw new DomainValidationError(Object.values(checked.errors)[0]!);
  const { rule } = checked;
  if (rule.channelIds.length) {
    const found = await tx.channel.count({ where: { shopId, id: { in: rule.channelIds } } });
    if (found !== rule.channelIds.length) throw new DomainValidationError(AUTO_APPROVE_TEXT.unknownAccount);
  }
  if (rule.widgetIds.length) {
    const found = await tx.widget.count({ where: { shopId, id: { in: rule.widgetIds } } });
    if (found !== rule.widgetIds.length) throw new DomainValidationError(AUTO_APPROVE_TEXT.unknownWidget);
  }
  return rule;
}

function ruleColumns(rule: CheckedRule) {
  return {
    name: rule.name,
    enabled: rule.enabled,
    channelIds: JSON.stringify(rule.channelIds),
    hashtags: JSON.stringify(rule.hashtags),
    allWidgets: rule.allWidgets,
    widgetIds: JSON.stringify(rule.widgetIds),
    tagTopSuggestion: rule.tagTopSuggestion,
    minPlays: rule.minPlays,
    minLikes: rule.minLikes,
  };
}

/** Takes the shop's row lock (PostgreSQL) or the write lock (SQLite), so two requests at once cannot pass the rule count. */
async function lockShop(tx: Prisma.TransactionClient, shopId: string) {
  const locked = await tx.$executeRaw`UPDATE "Shop" SET "plan" = "plan" WHERE "id" = ${shopId}`;
  if (!locked) throw new RecordNotFoundError("Shop");
}

async function ruleDto(shopId: string, rule: AutoApproveRule): Promise<AutoApproveRuleDto> {
  const [channels, widgets] = await Promise.all([
    prisma.channel.findMany({ where: { shopId }, select: { id: true } }),
    prisma.widget.findMany({ where: { shopId }, select: { id: true } }),
  ]);
  return toRuleDto(rule, new Set(channels.map((row) => row.id)), new Set(widgets.map((row) => row.id)));
}

/**
 * Creations queue behind the shop's lock, one at a time: Prisma's default transaction (2 s to start, 5 s in all)
 * failed the last of 24 at once on a busy database (a db-suite run under load kept 18 of the 20 allowed).
 */
const RULE_CREATION_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

export async function createAutoApproveRule(shopId: string, input: RuleInput): Promise<AutoApproveRuleDto> {
  const rule = await prisma.$transaction(async (tx) => {
    await lockShop(tx, shopId);
    if ((await tx.autoApproveRule.count({ where: { shopId } })) >= AUTO_APPROVE.maxRules) throw new DomainValidationError(AUTO_APPROVE_TEXT.tooManyRules);
    return tx.autoApproveRule.create({ data: { shopId, ...ruleColumns(await checkedRule(tx, shopId, input)) } });
  }, RULE_CREATION_TRANSACTION);
  return ruleDto(shopId, rule);
}

export async function updateAutoApproveRule(shopId: string, ruleId: string, input: RuleInput): Promise<AutoApproveRuleDto> {
  const rule = await prisma.$transaction(async (tx) => {
    const columns = ruleColumns(await checkedRule(tx, shopId, input));
    const { count } = await tx.autoApproveRule.updateMany({ where: { id: ruleId, shopId }, data: columns });
    if (!count) throw new RecordNotFoundError("Rule");
    return tx.autoApproveRule.findUniqueOrThrow({ where: { id: ruleId } });
  });
  return ruleDto(shopId, rule);
}

export async function deleteAutoApproveRule(shopId: string, ruleId: string): Promise<void> {
  const { count } = await prisma.autoApproveRule.deleteMany({ where: { id: ruleId, shopId } });
  if (!count) throw new RecordNotFoundError("Rule");
}

/** Replaces the shop's blocked words; resolves to them as stored. */
export async function setBlockedWords(shopId: string, input: string | readonly string[]): Promise<string[]> {
  const parsed = parseBlockedWords(input);
  if (!parsed.ok) throw new DomainValidationError(parsed.error);
  const { count } = await prisma.shop.updateMany({ where: { id: shopId }, data: { blockedWords: JSON.stringify(parsed.value) } });
  if (!count) throw new RecordNotFoundError("Shop");
  return parsed.value;
}

// ---------------------------------------------------------------- applying them to an import's new videos

/** The shop's rules that are on, with their accounts and widgets as they are now, and its blocked words. */
async function rulesInForce(shopId: string): Promise<{ rules: MatchableRule[]; blockedWords: string[] }> {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { blockedWords: true, autoApproveRules: { where: { enabled: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!shop) return { rules: [], blockedWords: [] };
  const blockedWords = storedList(shop.blockedWords);
  if (!shop.autoApproveRules.length) return { rules: [], blockedWords };
  const rows = shop.autoApproveRules.map((rule) => ({ rule, channelIds: storedList(rule.channelIds), widgetIds: storedList(rule.widgetIds) }));
  const [channels, widgets] = await Promise.all([
    prisma.channel.findMany({ where: { shopId, id: { in: rows.flatMap((row) => row.channelIds) } }, select: { id: true, platform: true, username: true } }),
    prisma.widget.findMany({ where: { shopId, id: { in: rows.flatMap((row) => row.widgetIds) } }, select: { id: true } }),
  ]);
  const widgetIds = new Set(widgets.map((widget) => widget.id));
  const rules = rows.map(({ rule, channelIds, widgetIds: ruleWidgets }) => ({
    id: rule.id,
    accounts: channels.filter((channel) => channelIds.includes(channel.id)),
    hashtags: storedList(rule.hashtags),
    allWidgets: rule.allWidgets,
    widgetIds: ruleWidgets.filter((id) => widgetIds.has(id)),
    tagTopSuggestion: rule.tagTopSuggestion,
    minPlays: rule.minPlays,
    minLikes: rule.minLikes,
  }));
  return { rules, blockedWords };
}

/**
 * Applies the shop's rules to videos an import has just created (their ids,
 * in the order they were saved): held for blocked words, approved by a
 * matching rule until the Free plan's limit, or left as they are; a video
 * approved by a rule that also tags gets its strong top suggestion (decision
 * 078). Call it once per batch of new videos, right after they are saved; it
 * changes no other video, and calling it again changes nothing more. Resolves
 * to what it did.
 */
export async function applyAutoApproveRules(shopId: string, createdIds: readonly string[]): Promise<RulesOutcome> {
  if (!createdIds.length) return NO_RULES_OUTCOME;
  const { rules, blockedWords } = await rulesInForce(shopId);
  if (!rules.length && !blockedWords.length) return NO_RULES_OUTCOME;
  const videos = await prisma.video.findMany({
    where: { shopId, id: { in: [...createdIds] }, enabled: false, approvedAt: null, heldWords: null },
    select: { id: true, platform: true, channelId: true, channelUsername: true, title: true, playCount: true, likeCount: true },
  });
  const byId = new Map(videos.map((video) => [video.id, video]));
  const outcome = { ...NO_RULES_OUTCOME };
  const toTag: string[] = [];
  let limitReached = false;
  for (const id of createdIds) {
    const video = byId.get(id);
    if (!video) continue;
    const decision = decideForNewVideo(video, rules, blockedWords);
    if (decision.kind === "hold") {
      // Still untouched: the merchant may have approved it since it was read.
      const { count } = await prisma.video.updateMany({
        where: { id, shopId, enabled: false, approvedAt: null },
        data: { heldWords: JSON.stringify(decision.words) },
      });
      outcome.held += count;
    } else if (decision.kind === "approve") {
      if (limitReached) {
        outcome.overLimit += 1;
        continue;
      }
      try {
        if (await approveNewVideoByRule(shopId, id, decision.widgetIds, { tagTopSuggestion: decision.tagTopSuggestion })) {
          outcome.approved += 1;
          if (decision.tagTopSuggestion) toTag.push(id);
        }
      } catch (error) {
        // Deleted meanwhile (with its account, or by the merchant): nothing to approve.
        if (error instanceof RecordNotFoundError) continue;
        if (!(error instanceof FreePlanLimitError)) throw error;
        limitReached = true;
        outcome.overLimit += 1;
      }
    }
  }
  if (outcome.approved > 0) await afterApprovals(shopId);
  if (toTag.length) await tagApprovedVideos(shopId, toTag);
  return outcome;
}

/**
 * The tags of the rules that also tag, for the videos they just approved
 * (decision 078). The approval marked each video, so whatever is not done
 * here (no catalogue read yet, an index still being built, a failure) is done
 * by the catalogue runner, which is asked for the catalogue's read when
 * nobody did; the import never fails for it.
 */
async function tagApprovedVideos(shopId: string, videoIds: string[]): Promise<void> {
  try {
    const { settled } = await tagTopSuggestionsOfRules(shopId, { videoIds });
    // The runner comes back to the marks left: at once when the catalogue was read, after its first read otherwise.
    if (settled < videoIds.length && (await catalogueReadiness(shopId)) === "ready") signalWork("catalogue");
  } catch (error) {
    console.error(`The auto-approve rules' tags of shop ${shopId} were left to the catalogue runner`, error);
  }
}

// ---------------------------------------------------------------- request bodies

const idList = (field: string) => z.array(idInput(field).max(100)).max(200, `${field} has too many values`);

/** A rule as POST and PATCH /api/auto-approve-rules take it; the model checks the rest (checkRule) with the merchant's words. */
export const autoApproveRuleInput = z.object({
  shopId: z.string().optional(),
  name: textInput("name", { collapseSpaces: true }).max(500, "name is too long"),
  enabled: z.boolean().default(true),
  channelIds: idList("channelIds").default([]),
  hashtags: z.union([textInput("hashtags").max(5000, "hashtags is too long"), z.array(textInput("hashtags").max(500)).max(200)]).default([]),
  allWidgets: z.boolean().default(false),
  widgetIds: idList("widgetIds").default([]),
  tagTopSuggestion: z.boolean().default(false),
  // Typed text ("10,000") or a number; checkRule says what is wrong with it in the merchant's words (decision 082).
  minPlays: z.union([z.number(), z.string().max(40, "minPlays is too long"), z.null()]).optional(),
  minLikes: z.union([z.number(), z.string().max(40, "minLikes is too long"), z.null()]).optional(),
});

/** PUT /api/auto-approve-rules/blocked-words: the words as a list or as typed (commas, lines). */
export const blockedWordsInput = z.object({
  shopId: z.string().optional(),
  words: z.union([textInput("words", { multiline: true }).max(20_000, "words is too long"), z.array(textInput("words").max(500)).max(1000)]),
});
