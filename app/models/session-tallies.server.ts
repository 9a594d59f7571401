/**
 * Once per session, video and widget (decision 060): what each browser
 * session has been counted for today, kept in SessionTally so that the rule
 * holds whichever app instance a beacon reaches and however often a write is
 * retried.
 *
 * An upsert per batch (two: rows with a play or watch time apart, in chunks)
 * does the whole job in the database, inside the writer's transaction: a new (shop, day, session, widget, video) row
 * counts what it brings; an existing one counts only the types it did not
 * have yet (`added`), and the watch time its play still allows (`addedMs`).
 * The SET expressions read the row as it was before the update (SQL's rule on
 * both databases), so `added` and `addedMs` say what this write changed, and
 * RETURNING hands them back. Two instances writing the same row take turns on
 * its key (PostgreSQL's row lock, SQLite's single writer), so the second sees
 * the first's bits and counts none of them again.
 */
import { Prisma, databaseKind, prisma } from "~/db.server";
import { BEACON_EVENT_TYPES, type BeaconEventType } from "~/contracts/beacon-events";

/** Each counted type's bit in SessionTally.types; watch_time is counted in milliseconds, not once. */
export function tallyBit(type: BeaconEventType): number {
  return type === "watch_time" ? 0 : 1 << BEACON_EVENT_TYPES.indexOf(type);
}

/** What one batch brings for one session, widget and video on one day. */
export interface TallyInput {
  day: string;
  sessionKey: string;
  widgetId: string;
  /** "" for the widget's own impression. */
  videoId: string;
  /** tallyBit of every type the batch has for it. */
  types: number;
  /** When the batch's play (if any) may have begun, ms since 1970; 0 without a play. */
  playStartMs: number;
  /** The batch's watch time, before the caps. */
  pendingMs: number;
  /** The most one play may count as watched. */
  lengthMs: number;
  /** When the batch's latest event arrived, ms since 1970: the play's wall time ends there. */
  seenMs: number;
}

export interface TallyResult {
  input: TallyInput;
  /** The bits this write counted. */
  added: number;
  /** The watch time this write counted. */
  addedMs: number;
  /** The play's watch time counted so far, this write's included. */
  watchedMs: number;
}

type Database = Prisma.TransactionClient;

/** Rows per statement: a statement's work (and its locks) stays small. */
const ROWS_PER_UPSERT = 1000;

/** The play counted for the row: its first one (0: none yet). */
const PLAY_START = `CASE WHEN "SessionTally"."playStartMs" = 0 THEN excluded."playStartMs" ELSE "SessionTally"."playStartMs" END`;
/**
 * What the play may have counted by the time of this write: the video's
 * length, and the wall time since it began (excluded."watchSeenMs" is when
 * this write's watch time arrived).
 */
const WATCH_LIMIT = `CASE WHEN excluded."lengthMs" < excluded."watchSeenMs" - ${PLAY_START} THEN excluded."lengthMs" ELSE excluded."watchSeenMs" - ${PLAY_START} END`;
/**
 * The row's watch time after this write: never less than before, never past
 * the limit, nothing without a play, and nothing from watch time that arrived
 * no later than the watch time it last counted: a write done again (retried
 * after its commit's answer was lost, or by a second instance) adds no watch
 * time twice. (A beacon's watch times of one video in one widget are one
 * event, checkedStorefrontEvents, so no write splits them.)
 */
const WATCHED = `CASE
    WHEN ${PLAY_START} = 0 OR excluded."watchSeenMs" <= "SessionTally"."watchSeenMs" THEN "SessionTally"."watchedMs"
    WHEN "SessionTally"."watchedMs" + excluded."pendingMs" <= ${WATCH_LIMIT} THEN "SessionTally"."watchedMs" + excluded."pendingMs"
    WHEN ${WATCH_LIMIT} > "SessionTally"."watchedMs" THEN ${WATCH_LIMIT}
    ELSE "SessionTally"."watchedMs" END`;
/** What an upsert hands back of each row it wrote: its key as one text (as keyOf writes it), and what it counted. */
const RETURNING = `RETURNING "day" || ' ' || "sessionKey" || ' ' || "widgetId" || ' ' || "videoId" AS "key", "added"`;
const CONFLICT = `ON CONFLICT ("shopId", "day", "sessionKey", "widgetId", "videoId") DO UPDATE SET
    "types" = "SessionTally"."types" | excluded."types",
    "added" = excluded."types" & ~"SessionTally"."types"`;
/** Rows that bring types only (most of them: the cards seen): their bits are all there is to settle. */
const TYPES_ONLY = Prisma.raw(`${CONFLICT}
  WHERE (excluded."types" & ~"SessionTally"."types") <> 0
  ${RETURNING}`);
/** Rows that bring a play or watch time: the play's start and the watch time as well. */
const WITH_WATCHING = Prisma.raw(`${CONFLICT},
    "playStartMs" = ${PLAY_START},
    "watchedMs" = ${WATCHED},
    "addedMs" = ${WATCHED} - "SessionTally"."watchedMs",
    "pendingMs" = excluded."pendingMs",
    "lengthMs" = excluded."lengthMs",
    "watchSeenMs" = CASE WHEN excluded."watchSeenMs" > "SessionTally"."watchSeenMs" THEN excluded."watchSeenMs" ELSE "SessionTally"."watchSeenMs" END
  WHERE (excluded."types" & ~"SessionTally"."types") <> 0 OR excluded."pendingMs" > 0
  ${RETURNING}, "addedMs", "watchedMs"`);

/**
 * A batch's rows as a table, from one JSON parameter: a parameter per value
 * costs microseconds each in Prisma, and a busy store's batch holds thousands
 * of rows. Each element is an array: [day, sessionKey, widgetId, videoId,
 * types] and, for rows with watching, [..., playStartMs, watchedMs,
 * pendingMs, lengthMs, watchSeenMs]. Both databases read an element's item
 * with `->>` (as text in PostgreSQL, hence the casts).
 */
function rowsOf(rows: unknown[][]) {
  const json = JSON.stringify(rows);
  return databaseKind === "postgresql" ? Prisma.sql`jsonb_array_elements(CAST(${json} AS jsonb)) AS "row"("value")` : Prisma.sql`json_each(${json}) AS "row"`;
}
const item = (index: number, type?: "INTEGER" | "BIGINT") => (type ? `CAST("row"."value" ->> ${index} AS ${type})` : `"row"."value" ->> ${index}`);
const KEY_AND_TYPES = `${item(0)}, ${item(1)}, ${item(2)}, ${item(3)}, ${item(4, "INTEGER")}, ${item(4, "INTEGER")}`;
const TYPES_ONLY_ITEMS = Prisma.raw(KEY_AND_TYPES);
const WITH_WATCHING_ITEMS = Prisma.raw(
  `${KEY_AND_TYPES}, ${item(5, "BIGINT")}, ${item(6, "BIGINT")}, ${item(6, "BIGINT")}, ${item(7, "BIGINT")}, ${item(8, "BIGINT")}, ${item(9, "BIGINT")}`,
);

/** A new row's watch time: what the same rule gives from nothing. */
function firstWatched(input: TallyInput): number {
  if (!input.playStartMs) return 0;
  return Math.max(0, Math.min(input.pendingMs, input.lengthMs, input.seenMs - input.playStartMs));
}

/** Session keys and ids have no space ([\w-]): joined by one, they make a key no two rows share. */
const keyOf = (row: { day: string; sessionKey: string; widgetId: string; videoId: string }) => `${row.day} ${row.sessionKey} ${row.widgetId} ${row.videoId}`;

type Returned = { key: string; added: number | bigint; addedMs?: number | bigint; watchedMs?: number | bigint };

/**
 * Adds the batch's inputs (at most one per key) to the shop's tallies, in
 * `db`'s transaction; answers what each input counted, leaving out those that
 * counted nothing. Rows go in key order, so that concurrent writers lock them
 * in the same order and cannot deadlock each other; rows with a play or watch
 * time go in statements of their own, after the others (fewer items to read
 * for most rows).
 */
export async function tallySessions(db: Database, shopId: string, inputs: readonly TallyInput[]): Promise<TallyResult[]> {
  const byKey = new Map(inputs.map((input) => [keyOf(input), input]));
  const typesOnly: unknown[][] = [];
  const withWatching: unknown[][] = [];
  for (const key of [...byKey.keys()].sort()) {
    const input = byKey.get(key)!;
    const { day, sessionKey, widgetId, videoId, types, playStartMs, pendingMs, lengthMs } = input;
    if (!playStartMs && !pendingMs) typesOnly.push([day, sessionKey, widgetId, videoId, types]);
    else {
      // Without watch time the row has none to date: a later write's watch time of the same moment still counts.
      const watchSeenMs = pendingMs > 0 ? input.seenMs : 0;
      withWatching.push([day, sessionKey, widgetId, videoId, types, playStartMs, firstWatched(input), pendingMs, lengthMs, watchSeenMs]);
    }
  }
  const results: TallyResult[] = [];
  for (let start = 0; start < typesOnly.length; start += ROWS_PER_UPSERT) {
    const rows = rowsOf(typesOnly.slice(start, start + ROWS_PER_UPSERT));
    collect(
      byKey,
      results,
      await db.$queryRaw<Returned[]>`INSERT INTO "SessionTally" ("shopId", "day", "sessionKey", "widgetId", "videoId", "types", "added")
        SELECT CAST(${shopId} AS TEXT), ${TYPES_ONLY_ITEMS} FROM ${rows} WHERE true ${TYPES_ONLY}`,
    );
  }
  for (let start = 0; start < withWatching.length; start += ROWS_PER_UPSERT) {
    const rows = rowsOf(withWatching.slice(start, start + ROWS_PER_UPSERT));
    collect(
      byKey,
      results,
      await db.$queryRaw<Returned[]>`INSERT INTO "SessionTally" ("shopId", "day", "sessionKey", "widgetId", "videoId", "types", "added",
          "playStartMs", "watchedMs", "addedMs", "pendingMs", "lengthMs", "watchSeenMs")
        SELECT CAST(${shopId} AS TEXT), ${WITH_WATCHING_ITEMS} FROM ${rows} WHERE true ${WITH_WATCHING}`,
    );
  }
  return results;
}

/** What an upsert's rows counted, as results of their inputs; rows that counted nothing are left out. */
function collect(byKey: ReadonlyMap<string, TallyInput>, results: TallyResult[], written: readonly Returned[]) {
  for (const row of written) {
    const input = byKey.get(row.key);
    const added = Number(row.added);
    const addedMs = Number(row.addedMs ?? 0);
    if (input && (added || addedMs > 0)) results.push({ input, added, addedMs, watchedMs: Number(row.watchedMs ?? 0) });
  }
}

/**
 * Deletes the tallies of days before `today` (UTC): past their day they
 * decide nothing, and the session keys they hold must not outlive it. Shop by
 * shop, so that no statement holds a long lock however many rows a busy day
 * left. Returns how many rows went.
 */
export async function deleteEndedSessionTallies(today: string): Promise<number> {
  const shops = await prisma.$queryRaw<Array<{ shopId: string }>>`SELECT DISTINCT "shopId" FROM "SessionTally" WHERE "day" < ${today}`;
  let deleted = 0;
  for (const { shopId } of shops) deleted += (await prisma.sessionTally.deleteMany({ where: { shopId, day: { lt: today } } })).count;
  return deleted;
}
