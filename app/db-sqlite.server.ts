/**
 * The embedded database's driver (decision 024): one better-sqlite3
 * connection per process, shared by every query and transaction in turn.
 *
 * Why not the driver Prisma's adapters usually pair with SQLite:
 * - @libsql/client hands its connection to each transaction and opens a new
 *   one for what follows, never closing the old: open files grew by ~6 per
 *   approval until the process hit its file limit (SQLITE_CANTOPEN).
 * - @prisma/adapter-better-sqlite3 keeps one connection but lets a query from
 *   elsewhere in the process run inside another caller's open transaction
 *   (and be rolled back with it). So this wrapper takes the adapter's type
 *   mapping and adds what it lacks: a process-wide turn for every statement
 *   and transaction on the one connection.
 *
 * Another process may hold the write lock (a worker, a migration, a backup).
 * better-sqlite3 is synchronous, so SQLite's own busy timeout would block the
 * event loop for as long as it waits; instead it is kept short and the wait
 * happens here, asynchronously, with backoff, up to a budget. Then the
 * caller gets a busy error (answered as 503 with Retry-After, see
 * isTransientDatabaseError) and the connection is left as it was: no
 * transaction, no lock. Transactions start with BEGIN IMMEDIATE, so the lock
 * is taken at the start (where waiting is safe) and never needs an upgrade
 * halfway through, which could only fail.
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

/** How long SQLite itself may block the event loop waiting for a lock. */
const SQLITE_BUSY_TIMEOUT_MS = 20;
/** How long a statement keeps retrying a busy database before its caller is told (503). */
const STATEMENT_BUSY_BUDGET_MS = 1800;
/**
 * How long a transaction's BEGIN keeps retrying while another process writes.
 * Prisma's maxWait cannot cut this short (it is checked once BEGIN returns,
 * and a late BEGIN is rolled back at once), so this is the bound a caller
 * waits before a transient failure (503); contention between processes'
 * short transactions resolves far sooner.
 */
const TRANSACTION_BUSY_BUDGET_MS = 5_000;
/**
 * Polls are cheap (a refused BEGIN costs microseconds) and another process's
 * transactions are short: poll often, or a process that keeps winning the
 * lock starves the others. Jitter keeps processes from polling in step.
 */
const BACKOFF_MS = [1, 2, 4, 8, 16, 25];
const JITTER_MS = 10;
const BEGIN_IMMEDIATE: SqlQuery = { sql: "BEGIN IMMEDIATE", args: [], argTypes: [] };

/** The part of better-sqlite3's Database this module uses. */
interface Database {
  readonly inTransaction: boolean;
  prepare(sql: string): { run(): unknown };
  pragma(source: string): unknown;
}
type Inner = SqlDriverAdapter & { client: Database };

/** A first-come, first-served turn on the connection. */
class Turns {
  #tail: Promise<void> = Promise.resolve();
  take(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const granted = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return granted;
  }
}

/** SQLITE_BUSY / SQLITE_LOCKED (and their extended codes) as the adapter reports them. */
function isSqliteBusy(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error as { code?: unknown; cause?: unknown; originalCode?: unknown } | undefined; current && !seen.has(current);) {
    seen.add(current);
    for (const code of [current.code, current.originalCode]) {
      if (typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it does not fail busy, waiting between tries, within the budget. */
async function whileBusy<T>(attempt: () => Promise<T>, budgetMs = STATEMENT_BUSY_BUDGET_MS): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const wait = BACKOFF_MS[Math.min(tries, BACKOFF_MS.length - 1)]! + Math.random() * JITTER_MS;
      if (!isSqliteBusy(error) || Date.now() + wait > deadline) throw error;
      await sleep(wait);
    }
  }
}

class SerializedSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName = "clipcart-better-sqlite3";
  readonly #turns = new Turns();

  constructor(readonly inner: Inner) {}

  get connection(): Database {
    return this.inner.client;
  }

  async #inTurn<T>(work: () => Promise<T>): Promise<T> {
    // A busy statement gives up its turn while it waits, so reads queued behind it still run.
    return whileBusy(async () => {
      const release = await this.#turns.take();
      try {
        return await work();
      } finally {
        release();
      }
    });
  }

  queryRaw(query: SqlQuery) {
    return this.#inTurn(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery) {
    return this.#inTurn(() => this.inner.executeRaw(query));
  }

  executeScript(script: string) {
    return this.#inTurn(() => this.inner.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") return this.inner.startTransaction(isolationLevel); // the adapter's own refusal
    const release = await whileBusy(async () => {
      const turn = await this.#turns.take();
      try {
        await this.inner.executeRaw(BEGIN_IMMEDIATE);
        return turn;
      } catch (error) {
        turn();
        throw error;
      }
    }, TRANSACTION_BUSY_BUDGET_MS);
    return new SqliteTransaction(this, release);
  }

  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  async dispose() {
    const release = await this.#turns.take();
    try {
      await this.inner.dispose();
    } finally {
      release();
    }
  }
}

/**
 * A transaction on the shared connection, holding the turn from BEGIN to its
 * end. Prisma sends COMMIT / ROLLBACK itself (usePhantomQuery: false), then
 * calls commit() / rollback(); whatever happened, the connection is left
 * outside any transaction before the turn passes on.
 */
class SqliteTransaction implements Transaction {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly options = { usePhantomQuery: false };
  #release: (() => void) | null;

  constructor(
    private readonly adapter: SerializedSqliteAdapter,
    release: () => void,
  ) {
    this.adapterName = adapter.adapterName;
    this.#release = release;
  }

  queryRaw(query: SqlQuery) {
    return this.adapter.inner.queryRaw(query);
  }

  executeRaw(query: SqlQuery) {
    return this.adapter.inner.executeRaw(query);
  }

  #end() {
    const release = this.#release;
    this.#release = null;
    if (!release) return;
    try {
      if (this.adapter.connection.inTransaction) this.adapter.connection.prepare("ROLLBACK").run();
    } finally {
      release();
    }
  }

  async commit() {
    this.#end();
  }

  async rollback() {
    this.#end();
  }
}

/** The Prisma adapter factory for a `file:` URL. */
export function serializedSqliteAdapter(url: string): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSQLite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });
  return {
    provider: "sqlite",
    adapterName: "clipcart-better-sqlite3",
    async connect() {
      const inner = (await factory.connect()) as Inner;
      // WAL: readers never wait for the writer (scripts/db.mjs sets it at deploy; a property of the file).
      inner.client.pragma("journal_mode = WAL");
      inner.client.pragma("synchronous = NORMAL");
      inner.client.pragma("foreign_keys = ON");
      return new SerializedSqliteAdapter(inner);
    },
  };
}
