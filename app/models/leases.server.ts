/**
 * Leases on database rows (decision 025): how the background jobs share work
 * across app instances and `npm run worker` processes without doing one piece
 * twice. A leased row names its holder and the time the lease runs out; a
 * lease that ran out (its holder died or hung) is free again. The storefront
 * publisher (a shop row), the catalogue runner (a shop's catalogue state) and
 * the video mirror (mirror and upload rows, leased a round at a time) all
 * take, renew and release their leases through this one helper
 * (issue 26 item 3), on SQLite and PostgreSQL alike: every change is one
 * conditional updateMany, so two instances never both hold a row.
 */
import { randomUUID } from "node:crypto";

/** This process, as a lease holder. */
export const PROCESS_LEASE_HOLDER = randomUUID();

let roundSequence = 0;
/** A holder for one round of this process: the rows a round leased are read back by it. */
export const roundLeaseHolder = () => `${PROCESS_LEASE_HOLDER}:${++roundSequence}`;

/** The part of a Prisma model delegate a lease needs. */
interface LeasedTable<Where> {
  updateMany(args: { where: Where; data: never }): Promise<{ count: number }>;
}

export interface Leases<Where> {
  /** Rows no live holder has: a filter for finding work. */
  free(now?: Date): Where;
  /** Takes the rows `where` selects that are free or already `holder`'s, for the lease's time from `now`; answers how many it holds. */
  take(where: Where, holder: string, now?: Date): Promise<number>;
  /** Extends the lease of the rows `where` selects that `holder` still holds; 0 when another took them over. */
  renew(where: Where, holder: string): Promise<number>;
  /** Lets go of the rows `holder` still holds, writing `data` with it (a later `until` keeps others off for a while). */
  release(where: Where, holder: string, data?: Record<string, unknown>): Promise<number>;
  /**
   * Runs `work` while holding the lease of one row: null when another holder
   * has it. The lease is released afterwards whatever happens; a failure is
   * released with `onFailure(error)`'s data, then thrown.
   */
  holding<T>(where: Where, work: () => Promise<T>, options?: { holder?: string; onFailure?: (error: unknown) => Record<string, unknown> }): Promise<T | null>;
}

/**
 * The leases of one table, whose rows carry `columns.owner` (the holder) and
 * `columns.until` (when it runs out); a lease lasts `leaseMs`.
 */
export function leasesOn<Where>(table: LeasedTable<Where>, columns: { owner: string; until: string }, leaseMs: number): Leases<Where> {
  const { owner, until } = columns;
  const update = (where: unknown, data: Record<string, unknown>) => table.updateMany({ where: where as Where, data: data as never });
  const free = (now = new Date()) => ({ OR: [{ [until]: null }, { [until]: { lt: now } }] }) as Where;
  const leases: Leases<Where> = {
    free,
    async take(where, holder, now = new Date()) {
      const takeable = { OR: [{ [until]: null }, { [until]: { lt: now } }, { [owner]: holder }] };
      const { count } = await update({ AND: [where, takeable] }, { [owner]: holder, [until]: new Date(now.getTime() + leaseMs) });
      return count;
    },
    async renew(where, holder) {
      const { count } = await update({ AND: [where, { [owner]: holder }] }, { [until]: new Date(Date.now() + leaseMs) });
      return count;
    },
    async release(where, holder, data = {}) {
      const { count } = await update({ AND: [where, { [owner]: holder }] }, { [owner]: null, [until]: null, ...data });
      return count;
    },
    async holding(where, work, { holder = PROCESS_LEASE_HOLDER, onFailure } = {}) {
      if (!(await leases.take(where, holder))) return null;
      let failure: Record<string, unknown> | null = null;
      try {
        return await work();
      } catch (error) {
        failure = onFailure?.(error) ?? null;
        throw error;
      } finally {
        await leases
          .release(where, holder, failure ?? {})
          .catch((error: unknown) => console.error("A lease could not be released; it runs out by itself", error));
      }
    },
  };
  return leases;
}
