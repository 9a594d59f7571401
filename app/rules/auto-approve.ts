/**
 * Auto-approve rules (issue 16 item 2, decision 054), the pure part: what a
 * merchant may type into a rule and the blocked words, and what the rules
 * decide for one new video. Client-safe: the rules page checks a form with
 * the same functions the server checks the request with.
 *
 * Words are compared folded: compatibility-normalised (NFKD), accents
 * dropped, lowercased, every run of characters that are not letters or
 * numbers read as one space. So "#Giveaway!" contains "giveaway",
 * "free_shipping" contains "free shipping", and "Café" is "cafe".
 */
import { AUTO_APPROVE, AUTO_TAG_MIN_SCORE } from "~/constants";
import { AUTO_APPROVE_TEXT } from "~/messages";
import { matchPercent } from "./suggestion-review";

/** Text as rules compare it (see above); words separated by single spaces, no spaces at the ends. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Scripts written without spaces between words: a blocked word is found inside a longer run of letters. */
const UNSPACED_SCRIPTS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

// ---------------------------------------------------------------- parsing what the merchant typed

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Hashtags typed as "#summer, linen #SALE": without "#", folded, each once, in the order typed. */
export function parseHashtags(input: string | readonly string[]): Parsed<string[]> {
  const parts = (typeof input === "string" ? input.split(/[\s,]+/) : input.flatMap((part) => part.split(/[\s,]+/))).map((part) => part.trim());
  const hashtags: string[] = [];
  for (const part of parts) {
    const bare = part.replace(/^#+/, "");
    if (!bare) continue;
    if (!/^[\p{L}\p{N}\p{M}_]+$/u.test(bare)) return { ok: false, error: AUTO_APPROVE_TEXT.hashtagInvalid(part) };
    if ([...bare].length > AUTO_APPROVE.hashtagMaxLength) return { ok: false, error: AUTO_APPROVE_TEXT.hashtagTooLong };
    const key = hashtagKey(bare);
    if (!hashtags.includes(key)) hashtags.push(key);
  }
  if (hashtags.length > AUTO_APPROVE.maxHashtagsPerRule) return { ok: false, error: AUTO_APPROVE_TEXT.tooManyHashtags };
  return { ok: true, value: hashtags };
}

/** A hashtag as rules compare it: folded, underscores kept (#free_shipping is one tag). */
function hashtagKey(tag: string): string {
  return tag.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Blocked words typed one per line or separated by commas: phrases allowed,
 * stored as typed (trimmed, spaces collapsed) and each once ignoring case.
 */
export function parseBlockedWords(input: string | readonly string[]): Parsed<string[]> {
  const parts = typeof input === "string" ? input.split(/[,\n\r]+/) : input.flatMap((part) => part.split(/[,\n\r]+/));
  const words: string[] = [];
  const keys = new Set<string>();
  for (const raw of parts) {
    const word = raw.normalize("NFC").replace(/\s+/g, " ").trim();
    if (!word) continue;
    if ([...word].length > AUTO_APPROVE.blockedWordMaxLength) return { ok: false, error: AUTO_APPROVE_TEXT.blockedWordTooLong(word) };
    const key = foldText(word);
    if (!key) return { ok: false, error: AUTO_APPROVE_TEXT.blockedWordInvalid(word) };
    if (keys.has(key)) continue;
    keys.add(key);
    words.push(word);
  }
  if (words.length > AUTO_APPROVE.maxBlockedWords) return { ok: false, error: AUTO_APPROVE_TEXT.tooManyBlockedWords };
  return { ok: true, value: words };
}

/** A rule as the form or the API sends it. */
export interface RuleInput {
  name: string;
  enabled: boolean;
  channelIds: readonly string[];
  /** Typed text ("#a, #b") or a list. */
  hashtags: string | readonly string[];
  allWidgets: boolean;
  widgetIds: readonly string[];
  /** Also tag each video it approves with its top suggested product when the match is strong (decision 078); off when absent. */
  tagTopSuggestion?: boolean;
  /** Approve only videos with at least this many plays / likes (decision 082): typed text or a number; empty or absent = no minimum. */
  minPlays?: string | number | null;
  minLikes?: string | number | null;
}

export interface CheckedRule {
  name: string;
  enabled: boolean;
  channelIds: string[];
  hashtags: string[];
  allWidgets: boolean;
  widgetIds: string[];
  tagTopSuggestion: boolean;
  minPlays: number | null;
  minLikes: number | null;
}

export type RuleField = "name" | "source" | "hashtags" | "widgets" | "minPlays" | "minLikes";

/**
 * A minimum as typed: empty (or null) is none; otherwise a whole number from
 * 0, digits only, thousands separators allowed ("10,000", "10 000"), at most
 * AUTO_APPROVE.minimumFigureMax. 0 means none too.
 */
export function parseMinimum(input: string | number | null | undefined, what: "plays" | "likes"): Parsed<number | null> {
  if (input === null || input === undefined) return { ok: true, value: null };
  const text = typeof input === "number" ? String(input) : input.replace(/[\s,_'\u00a0\u202f]/g, "");
  if (text === "") return { ok: true, value: null };
  if (!/^\d{1,15}$/.test(text)) return { ok: false, error: AUTO_APPROVE_TEXT.minimumInvalid(what) };
  const value = Number(text);
  if (value > AUTO_APPROVE.minimumFigureMax) return { ok: false, error: AUTO_APPROVE_TEXT.minimumTooLarge(what) };
  return { ok: true, value: value === 0 ? null : value };
}

/** A rule's input checked field by field: the rule to store, or one message per field that is wrong. */
export function checkRule(input: RuleInput): { ok: true; rule: CheckedRule } | { ok: false; errors: Partial<Record<RuleField, string>> } {
  const errors: Partial<Record<RuleField, string>> = {};
  const name = input.name.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!name) errors.name = AUTO_APPROVE_TEXT.nameRequired;
  else if ([...name].length > AUTO_APPROVE.nameMaxLength) errors.name = AUTO_APPROVE_TEXT.nameTooLong;
  const channelIds = [...new Set(input.channelIds)];
  const hashtags = parseHashtags(input.hashtags);
  if (!hashtags.ok) errors.hashtags = hashtags.error;
  else if (!channelIds.length && !hashtags.value.length) errors.source = AUTO_APPROVE_TEXT.sourceRequired;
  const widgetIds = input.allWidgets ? [] : [...new Set(input.widgetIds)];
  if (!input.allWidgets && !widgetIds.length) errors.widgets = AUTO_APPROVE_TEXT.widgetsRequired;
  const minPlays = parseMinimum(input.minPlays, "plays");
  if (!minPlays.ok) errors.minPlays = minPlays.error;
  const minLikes = parseMinimum(input.minLikes, "likes");
  if (!minLikes.ok) errors.minLikes = minLikes.error;
  if (Object.keys(errors).length || !hashtags.ok || !minPlays.ok || !minLikes.ok) return { ok: false, errors };
  return {
    ok: true,
    rule: {
      name,
      enabled: input.enabled,
      channelIds,
      hashtags: hashtags.value,
      allWidgets: input.allWidgets,
      widgetIds,
      tagTopSuggestion: input.tagTopSuggestion === true,
      minPlays: minPlays.value,
      minLikes: minLikes.value,
    },
  };
}

// ---------------------------------------------------------------- matching

/** The hashtags of a caption, as rules compare them. */
export function captionHashtags(caption: string | null | undefined): string[] {
  if (!caption) return [];
  return [...new Set([...caption.matchAll(/#([\p{L}\p{N}\p{M}_]+)/gu)].map((match) => hashtagKey(match[1]!)))];
}

/** The blocked words (as the merchant wrote them) found in `text`: whole words or phrases, or inside unspaced scripts. */
export function blockedWordsIn(text: string | null | undefined, blockedWords: readonly string[]): string[] {
  if (!text || !blockedWords.length) return [];
  const folded = ` ${foldText(text)} `;
  return blockedWords.filter((word) => {
    const key = foldText(word);
    if (!key) return false;
    return UNSPACED_SCRIPTS.test(key) ? folded.includes(key) : folded.includes(` ${key} `);
  });
}

/** A connected account a rule names, as it is now. */
export interface RuleAccount {
  id: string;
  platform: string;
  /** Lowercased, without "@" (channelUsernameKey). */
  username: string;
}

/** A rule ready to match: its accounts still connected, its widgets still there. */
export interface MatchableRule {
  id: string;
  accounts: readonly RuleAccount[];
  hashtags: readonly string[];
  allWidgets: boolean;
  widgetIds: readonly string[];
  /** Also tags each video it approves with its top suggestion when the match is strong (decision 078). */
  tagTopSuggestion: boolean;
  /** Approves only videos with at least these plays / likes (decision 082); null = no minimum. Absent: none. */
  minPlays?: number | null;
  minLikes?: number | null;
}

export interface NewVideo {
  platform: string;
  channelId: string | null;
  channelUsername: string | null;
  title: string | null;
  /** Its platform's figures at import (decision 082); null or absent = unknown, which meets no minimum. */
  playCount?: number | null;
  likeCount?: number | null;
}

/** At least `minimum` (none asked: always); an unknown figure never meets a minimum (decision 082). */
function meets(figure: number | null | undefined, minimum: number | null | undefined): boolean {
  if (minimum === null || minimum === undefined) return true;
  return typeof figure === "number" && figure >= minimum;
}

export type RuleDecision =
  | { kind: "none" }
  /** Blocked words win over every rule: the video stays in Draft, flagged with them. */
  | { kind: "hold"; words: string[] }
  /**
   * widgetIds empty with allWidgets: every widget of the shop. tagTopSuggestion: one of the matching rules also
   * tags the video's top suggested product when the match is strong (decision 078).
   */
  | { kind: "approve"; allWidgets: boolean; widgetIds: string[]; ruleIds: string[]; tagTopSuggestion: boolean };

/**
 * A video is from an account when it was imported through it, or when its
 * post names the same username on the same platform (a single video imported
 * by URL from a connected account's profile).
 */
function fromAccount(video: NewVideo, account: RuleAccount): boolean {
  if (video.channelId && video.channelId === account.id) return true;
  const username = video.channelUsername?.trim().replace(/^@+/, "").toLowerCase();
  return !!username && video.platform === account.platform && username === account.username;
}

/**
 * What the rules do with one video an import has just created: held for
 * blocked words in its caption, approved into the widgets of every matching
 * rule (its account or hashtag, and its minimum plays and likes if it has any) (every widget if one of them says so), or nothing. A rule whose widgets
 * were all deleted approves nothing.
 */
export function decideForNewVideo(video: NewVideo, rules: readonly MatchableRule[], blockedWords: readonly string[]): RuleDecision {
  const words = blockedWordsIn(video.title, blockedWords);
  if (words.length) return { kind: "hold", words };
  const hashtags = captionHashtags(video.title);
  const matching = rules.filter(
    (rule) =>
      (rule.allWidgets || rule.widgetIds.length > 0) &&
      meets(video.playCount, rule.minPlays) &&
      meets(video.likeCount, rule.minLikes) &&
      (rule.accounts.some((account) => fromAccount(video, account)) || rule.hashtags.some((tag) => hashtags.includes(tag))),
  );
  if (!matching.length) return { kind: "none" };
  const allWidgets = matching.some((rule) => rule.allWidgets);
  const widgetIds = allWidgets ? [] : [...new Set(matching.flatMap((rule) => rule.widgetIds))];
  return {
    kind: "approve",
    allWidgets,
    widgetIds,
    ruleIds: matching.map((rule) => rule.id),
    tagTopSuggestion: matching.some((rule) => rule.tagTopSuggestion),
  };
}

/**
 * The product a rule that also tags (decision 078) tags to a video it
 * approved: its top suggestion when it scores AUTO_TAG_MIN_SCORE or more and
 * no other suggestion matches as well (namesakes the engine cannot tell apart,
 * decision 069, are left for the merchant); otherwise none. Suggestions come
 * best first, as the engine gives them.
 */
export function strongTopSuggestion<T extends { score: number }>(suggestions: readonly T[]): T | null {
  const [top, next] = suggestions;
  if (!top || top.score < AUTO_TAG_MIN_SCORE) return null;
  if (next && matchPercent(next.score) >= matchPercent(top.score)) return null;
  return top;
}

// ---------------------------------------------------------------- what the rules did

export interface RulesOutcome {
  approved: number;
  held: number;
  /** Matched a rule but stayed in Draft: the Free plan's limit was reached. */
  overLimit: number;
}

export const NO_RULES_OUTCOME: RulesOutcome = { approved: 0, held: 0, overLimit: 0 };

export function addRulesOutcomes(a: RulesOutcome, b: RulesOutcome): RulesOutcome {
  return { approved: a.approved + b.approved, held: a.held + b.held, overLimit: a.overLimit + b.overLimit };
}

/** "3 approved by your rules, 1 held for blocked words." and, at the Free limit, that the rules stopped; null when the rules did nothing. */
export function rulesOutcomeText(outcome: RulesOutcome | null | undefined): string | null {
  if (!outcome) return null;
  const parts: string[] = [];
  if (outcome.approved > 0) parts.push(AUTO_APPROVE_TEXT.rulesApproved(outcome.approved));
  if (outcome.held > 0) parts.push(AUTO_APPROVE_TEXT.rulesHeld(outcome.held));
  const sentences: string[] = [];
  if (parts.length) sentences.push(`${capitalize(parts.join(", "))}.`);
  if (outcome.overLimit > 0) sentences.push(AUTO_APPROVE_TEXT.rulesStoppedAtLimit(outcome.overLimit));
  return sentences.length ? sentences.join(" ") : null;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
