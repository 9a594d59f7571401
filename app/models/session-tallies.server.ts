/**
 * Once per session, video and widget (decision 060): what each browser
 * session has been counted for today, kept in SessionTally so that the rule
 * holds whichever app instance a beacon reaches and however often a write is
 * retried.
 *
 * One upsert per batch (in chunks) does the whole job in the database, inside
 * the writer's transaction: a new (shop, day, session, widget, video) row
 * counts what it brings; an existing one counts only the types it did not
 * have yet (`added`), and the watch time its play still allows (`addedMs`).
 * The SET expressions read the row as it was before the update (SQL's rule on
 * both databases), so `added` and `addedMs` say what this write changed, and
 * RETURNING hands them back. Two instances writing the same row take turns on
 * its key (PostgreSQL's row lock, SQLite's single writer), so the second sees
 * the first's bits and counts none of them again.
 */
import { Prisma, prisma } from "~/db.server";
import { BEACON_EVENT_TYPES, type BeaconEventType } from "~/storefront/widget-data";

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

/** Rows per statement: 13 parameters each stays far below both databases' limits. */
const ROWS_PER_UPSERT = 400;

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
const ON_CONFLICT = Prisma.raw(`ON CONFLICT ("shopId", "day", "sessionKey", "widgetId", "videoId") DO UPDATE SET
    "types" = "SessionTally"."types" | excluded."types",
    "added" = excluded."types" & ~"SessionTally"."types",
    "playStartMs" = ${PLAY_START},
    "watchedMs" = ${WATCHED},
    "addedMs" = ${WATCHED} - "SessionTally"."watchedMs",
    "pendingMs" = excluded."pendingMs",
    "lengthMs" = excluded."lengthMs",
    "watchSeenMs" = CASE WHEN excluded."watchSeenMs" > "SessionTally"."watchSeenMs" THEN excluded."watchSeenMs" ELSE "SessionTally"."watchSeenMs" END
  WHERE (excluded."types" & ~"SessionTally"."types") <> 0 OR excluded."pendingMs" > 0
  RETURNING "day", "sessionKey", "widgetId", "videoId", "added", "addedMs", "watchedMs"`);

/** A new row's watch time: what the same rule gives from nothing. */
function firstWatched(input: TallyInput): number {
  if (!input.playStartMs) return 0;
  return Math.max(0, Math.min(input.pendingMs, input.lengthMs, input.seenMs - input.playStartMs));
}

const keyOf = (row: { day: string; sessionKey: string; widgetId: string; videoId: string }) =>
  `${row.day}\u0000${row.sessionKey}\u0000${row.widgetId}\u0000${row.videoId}`;

/**
 * Adds the batch's inputs (at most one per key) to the shop's tallies, in
 * `db`'s transaction; answers what each input counted, leaving out those that
 * counted nothing. Rows go in key order, so that concurrent writers lock them
 * in the same order and cannot deadlock each other.
 */
export async function tallySessions(db: Database, shopId: string, inputs: readonly TallyInput[]): Promise<TallyResult[]> {
  const byKey = new Map(inputs.map((input) => [keyOf(input), input]));
  const ordered = [...byKey.keys()].sort();
  const results: TallyResult[] = [];
  for (let start = 0; start < ordered.length; start += ROWS_PER_UPSERT) {
    const values = ordered.slice(start, start + ROWS_PER_UPSERT).map((key) => {
      const input = byKey.get(key)!;
      const watched = firstWatched(input);
      // Without watch time the row has none to date: a later write's watch time of the same moment still counts.
      const watchSeenMs = input.pendingMs > 0 ? input.seenMs : 0;
      return Prisma.sql`(${shopId}, ${input.day}, ${input.sessionKey}, ${input.widgetId}, ${input.videoId}, ${input.types}, ${input.types},
        ${input.playStartMs}, ${watched}, ${watched}, ${input.pendingMs}, ${input.lengthMs}, ${watchSeenMs})`;
    });
    const rows = await db.$queryRaw<
      Array<{
        day: string;
        sessionKey: string;
        widgetId: string;
        videoId: string;
        added: number | bigint;
        addedMs: number | bigint;
        watchedMs: number | bigint;
      }>
    >`
      INSERT INTO "SessionTally" ("shopId", "day", "sessionKey", "widgetId", "videoId", "types", "added", "playStartMs", "watchedMs", "addedMs", "pendingMs", "lengthMs", "watchSeenMs")
      VALUES ${Prisma.join(values)} ${ON_CONFLICT}`;
    for (const row of rows) {
      const input = byKey.get(keyOf(row));
      const added = Number(row.added);
      const addedMs = Number(row.addedMs);
      if (input && (added || addedMs > 0)) results.push({ input, added, addedMs, watchedMs: Number(row.watchedMs) });
    }
  }
  return results;
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
