/**
 * A small subset of Shopify's search syntax (the `query:` argument):
 *   free text        linen shirt       every word must start a word of the default fields
 *   field:value      vendor:"Glow Botanics", vendor:'Hearth & Loom', status:active (case-insensitive)
 *   prefix           title:lin*
 *   comparisons      id:>100, created_at:>=2024-02-01, inventory_total:0
 *   negation         -tag:sale, NOT vendor:x
 *   boolean          a OR b, a AND b (AND binds tighter; juxtaposition means AND)
 * Unknown fields match nothing, so a filter the emulator doesn't know fails visibly.
 */

interface Term {
  field?: string;
  op: ":" | ">" | "<" | ">=" | "<=";
  value: string;
  prefix: boolean;
  negate: boolean;
}

export type FieldValue = string | number | boolean | null | undefined | Array<string | number>;

export interface SearchSpec<T> {
  /** Text searched by free-text terms (split into words). */
  text: (item: T) => string;
  /** Field name -> value(s). Fields listed in `tokenized` match word by word like free text. */
  fields: Record<string, (item: T) => FieldValue>;
  tokenized?: string[];
}

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  const re = /\s*(-?[\w.]+:(?:[<>]=?)?(?:"[^"]*"|'[^']*')|"[^"]*"|'[^']*'|\(|\)|[^\s()]+)/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(query))) if (match[1]) tokens.push(match[1]);
  return tokens;
}

function parseTerm(token: string, negate: boolean): Term {
  if (token.startsWith("-")) return parseTerm(token.slice(1), !negate);
  const match = /^([\w.]+):(>=|<=|>|<)?(.*)$/.exec(token);
  let value = match?.[3] ?? token;
  value = value.replace(/^"(.*)"$|^'(.*)'$/, "$1$2");
  const prefix = value.endsWith("*");
  if (prefix) value = value.slice(0, -1);
  return { field: match?.[1]?.toLowerCase(), op: (match?.[2] as Term["op"]) ?? ":", value: value.toLowerCase(), prefix, negate };
}

/** Returns OR-groups of AND-ed terms. Parentheses are ignored (flat precedence). */
function parseSearch(query: string): Term[][] {
  const groups: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokenize(query)) {
    if (token === "(" || token === ")" || token === "AND") continue;
    if (token === "OR") groups.push([]);
    else if (token === "NOT") negateNext = true;
    else {
      groups.at(-1)!.push(parseTerm(token, negateNext));
      negateNext = false;
    }
  }
  return groups.filter((group) => group.length);
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function matchesWords(text: string, value: string): boolean {
  const needle = words(value);
  const hay = words(text);
  // Each searched word must start some word of the text (Shopify matches prefixes of words).
  return needle.every((word) => hay.some((candidate) => candidate.startsWith(word)));
}

function compare(actual: string | number, term: Term): boolean {
  const numeric = typeof actual === "number" && term.value !== "" && !Number.isNaN(Number(term.value));
  const a = numeric ? (actual as number) : String(actual).toLowerCase();
  const b = numeric ? Number(term.value) : term.value;
  switch (term.op) {
    case ">":
      return a > b;
    case "<":
      return a < b;
    case ">=":
      return a >= b;
    case "<=":
      return a <= b;
    default:
      return term.prefix ? String(a).startsWith(String(b)) : a === b;
  }
}

function matchesTerm<T>(item: T, term: Term, spec: SearchSpec<T>): boolean {
  let result: boolean;
  if (!term.field) result = matchesWords(spec.text(item), term.value);
  else if (!(term.field in spec.fields)) result = false;
  else {
    const raw = spec.fields[term.field]?.(item);
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== null && v !== undefined) as Array<string | number | boolean>;
    if (spec.tokenized?.includes(term.field) && term.op === ":") {
      result = values.some((v) => matchesWords(String(v), term.value));
    } else {
      result = values.some((v) => compare(typeof v === "boolean" ? String(v) : v, term));
    }
  }
  return term.negate ? !result : result;
}

export function filterBySearch<T>(items: T[], query: string | null | undefined, spec: SearchSpec<T>): T[] {
  if (!query || !query.trim()) return items;
  const groups = parseSearch(query);
  if (!groups.length) return items;
  return items.filter((item) => groups.some((group) => group.every((term) => matchesTerm(item, term, spec))));
}
