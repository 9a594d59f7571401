// The app's Prisma client (server only), one per process.
//
// DATABASE_URL chooses the database at runtime, without regenerating:
//   file:...                           SQLite through better-sqlite3 (app/db-sqlite.server.ts)
//   libsql:...                         a remote libsql server through @prisma/adapter-libsql
//   postgres://... or postgresql://...  PostgreSQL through @prisma/adapter-pg, with a bounded pool
// Unset: file:./prisma/dev.sqlite, relative to the project root.
// Both clients are generated from the same models (scripts/db.mjs generate),
// so their API is the same; the SQLite client's types stand for both.
// See docs/decisions/002-prisma-offline-js-engine.md.
import { Prisma, PrismaClient } from "../prisma/generated/sqlite/client";
import { PrismaClient as PostgresPrismaClient } from "../prisma/generated/postgresql/client";
import { databaseProvider, resolveDatabaseUrl } from "../prisma/database-url.mjs";
import { serverEnv } from "./env.server";

export { Prisma, PrismaClient };
export type {
  AnalyticsEvent,
  AutoApproveRule,
  Channel,
  ImportJob,
  LibraryView,
  MediaIssue,
  OrderAttribution,
  ProductTag,
  ReviewPrompt,
  Session,
  Shop,
  SisterVerification,
  StagedUpload,
  Video,
  VideoCaption,
  VideoMirror,
  VideoUpload,
  WebhookDelivery,
  Widget,
  WidgetVideo,
} from "../prisma/generated/sqlite/client";

type AdapterFactory = NonNullable<NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"]>;

/** The database this process uses: DATABASE_URL resolved (relative SQLite paths made absolute). */
export const databaseUrl: string = resolveDatabaseUrl();
export const databaseKind: "sqlite" | "postgresql" = databaseProvider(databaseUrl);

// The adapters are imported on first connection, so a PostgreSQL deployment
// never loads SQLite's native module (and SQLite never loads pg).
function sqliteAdapter(url: string): AdapterFactory {
  return {
    provider: "sqlite",
    adapterName: url.startsWith("file:") ? "clipcart-better-sqlite3" : "@prisma/adapter-libsql",
    async connect() {
      if (url.startsWith("file:")) {
        // One connection, statements and transactions in turn, busy waits off the event loop (decision 024).
        const { serializedSqliteAdapter } = await import("./db-sqlite.server");
        return serializedSqliteAdapter(url).connect();
      }
      // A remote libsql server (Turso): HTTP, no local files to leak.
      const { PrismaLibSQL } = await import("@prisma/adapter-libsql");
      return new PrismaLibSQL({ url, authToken: serverEnv.DATABASE_AUTH_TOKEN }).connect();
    },
  };
}

/** Upper bounds for one process's use of PostgreSQL (decision 024); DATABASE_POOL_MAX overrides the pool size. */
export const POSTGRES_LIMITS = {
  /** Connections this process may hold; several instances share the server's max_connections. */
  poolMax: serverEnv.DATABASE_POOL_MAX,
  /**
   * Waiting for a free connection longer than this is a transient failure
   * (503), not a hang. Generous: 50 approvals of one shop queue behind its row
   * lock, each holding a connection while it waits.
   */
  connectionTimeoutMs: 15_000,
  /** Idle connections are closed, so a quiet instance holds few. */
  idleTimeoutMs: 30_000,
  /**
   * A statement waiting this long for a row lock gives up (503 with a retry) instead of queueing forever.
   * DATABASE_LOCK_TIMEOUT_MS overrides it; it is read when the pool is created (on connecting), so the
   * database suite can shorten it for the one test that waits it out (tests/db/database-resilience.test.ts).
   */
  lockTimeoutMs: serverEnv.DATABASE_LOCK_TIMEOUT_MS,
  statementTimeoutMs: 30_000,
  /** The server ends a transaction left open this long (a crashed request), releasing its locks. */
  idleInTransactionTimeoutMs: 60_000,
};

function postgresAdapter(url: string): AdapterFactory {
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async connect() {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      // Tables live in the database's public schema (migrations create them there).
      return new PrismaPg({
        connectionString: url,
        max: POSTGRES_LIMITS.poolMax,
        connectionTimeoutMillis: POSTGRES_LIMITS.connectionTimeoutMs,
        idleTimeoutMillis: POSTGRES_LIMITS.idleTimeoutMs,
        lock_timeout: POSTGRES_LIMITS.lockTimeoutMs,
        statement_timeout: POSTGRES_LIMITS.statementTimeoutMs,
        idle_in_transaction_session_timeout: POSTGRES_LIMITS.idleInTransactionTimeoutMs,
        application_name: "clipcart",
      }).connect();
    },
  };
}

function createPrismaClient(): PrismaClient {
  if (databaseKind === "postgresql") {
    // Same models, same API: only the generated query plans differ.
    return new PostgresPrismaClient({ adapter: postgresAdapter(databaseUrl) }) as unknown as PrismaClient;
  }
  return new PrismaClient({ adapter: sqliteAdapter(databaseUrl) });
}

declare global {
  // Survives module reloads in development (Shopify's template does the same).

  var prismaGlobal: PrismaClient | undefined;
}

export const prisma: PrismaClient = serverEnv.NODE_ENV === "production" ? createPrismaClient() : (globalThis.prismaGlobal ??= createPrismaClient());

export default prisma;

/**
 * A failure that says "not now" rather than "no": the database is busy or
 * locked by another process, a connection or a transaction could not be had
 * in time, a lock or statement timed out, a serialization conflict or a
 * deadlock, the server is restarting. Retrying later can succeed, so such a
 * failure is answered 503 with Retry-After (webhooks: Shopify retries) and
 * never recorded as a merchant's error.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, kind, originalCode, extendedCode, message, cause, meta } = current as {
      code?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      extendedCode?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof code === "string") {
      // Prisma: can't reach / timed out / closed connection / pool timeout; transaction API timeouts; write conflict or
      // deadlock; too many connections.
      if (["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034", "P2037"].includes(code)) return true;
      // PostgreSQL SQLSTATEs: connection exceptions (08), insufficient resources (53), shutdown (57P0x), serialization
      // failure, deadlock, lock not available, query canceled (statement timeout), idle-in-transaction timeout.
      if (kind === "postgres" || /^[0-9A-Z]{5}$/.test(code)) {
        if (/^(08|53|57P0)/.test(code) || ["40001", "40P01", "55P03", "57014", "25P03"].includes(code)) return true;
      }
      if (/^SQLITE_(BUSY|LOCKED)|^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/.test(code)) return true;
    }
    if (typeof originalCode === "string" && /^SQLITE_(BUSY|LOCKED)/.test(originalCode)) return true;
    // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
    if (kind === "sqlite" && typeof extendedCode === "number" && [5, 6].includes(extendedCode & 0xff)) return true;
    // The driver adapters' names for them (SocketTimeout is also SQLite's SQLITE_BUSY).
    if (["SocketTimeout", "TooManyConnections", "TransactionWriteConflict", "ConnectionClosed", "DatabaseNotReachable"].includes(String(kind))) {
      return true;
    }
    if (typeof message === "string" && /database is locked|timeout exceeded when trying to connect|Connection terminated unexpectedly/i.test(message)) {
      return true;
    }
    // Prisma keeps the driver's error under meta.driverAdapterError; the adapters under cause.
    pending.push(cause, meta?.driverAdapterError);
  }
  return false;
}

/** Seconds a client should wait before retrying after a transient database failure. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * Whether the database takes a write now: null when it does, else why not.
 * The probe is an UPDATE that matches no row, which still needs what any write
 * needs (SQLite's write lock, a PostgreSQL connection that is not read-only)
 * and changes nothing.
 */
export async function databaseAcceptsWrites(): Promise<string | null> {
  try {
    await prisma.$executeRaw`UPDATE "Shop" SET "plan" = "plan" WHERE 1 = 0`;
    return null;
  } catch (error) {
    return isTransientDatabaseError(error) ? "busy or unreachable" : (error as Error).message.split("\n").pop()!.slice(0, 200);
  }
}
