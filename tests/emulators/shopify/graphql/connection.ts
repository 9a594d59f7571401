/**
 * Relay connections the way the Admin API pages: `first`/`last` (one of them
 * required, at most 250), opaque `after`/`before` cursors, `edges`, `nodes`
 * and a `pageInfo` whose hasNext/hasPrevious look at the whole list.
 */
import { GraphQLError } from "graphql";

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

const MAX_PAGE = 250;

/** Shopify cursors are base64 JSON like {"last_id":123,"last_value":"123"}. */
function cursorFor(key: number | string): string {
  return Buffer.from(JSON.stringify({ last_id: key, last_value: String(key) })).toString("base64");
}

function indexOfCursor(keys: Array<number | string>, cursor: string): number {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")).last_id;
  } catch {
    key = undefined;
  }
  const index = keys.indexOf(key as number | string);
  if (index < 0) throw new GraphQLError("Invalid cursor for current pagination sort.", { extensions: { code: "BAD_REQUEST" } });
  return index;
}

export function connection<T>(
  items: T[],
  args: PageArgs,
  keyOf: (item: T) => number | string,
  view: (item: T) => unknown,
  options: { requirePageSize?: boolean } = {},
) {
  const { first, last, after, before } = args;
  if (options.requirePageSize !== false && first == null && last == null) {
    throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  }
  for (const [name, value] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (value != null && (value < 0 || value > MAX_PAGE)) {
      throw new GraphQLError(`The ${name} argument must be between 0 and ${MAX_PAGE}.`, { extensions: { code: "BAD_REQUEST" } });
    }
  }
  const list = args.reverse ? [...items].reverse() : items;
  const keys = list.map(keyOf);
  let start = after ? indexOfCursor(keys, after) + 1 : 0;
  let end = before ? indexOfCursor(keys, before) : list.length;
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);
  const page = list.slice(start, Math.max(start, end));
  const edges = page.map((item) => ({ cursor: cursorFor(keyOf(item)), node: view(item) }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < list.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
