// The app's Prisma client (server only), one per process.
//
// DATABASE_URL chooses the database at runtime, without regenerating:
//   file:... or libsql:...            SQLite through @prisma/adapter-libsql
//   postgres://... or postgresql://...  PostgreSQL through @prisma/adapter-pg
// Unset: file:./prisma/dev.sqlite, relative to the project root.
// Both clients are generated from the same models (scripts/db.mjs generate),
// so their API is the same; the SQLite client's types stand for both.
// See docs/decisions/002-prisma-offline-js-engine.md.
import { Prisma, PrismaClient } from "../prisma/generated/sqlite/client";
import { PrismaClient as PostgresPrismaClient } from "../prisma/generated/postgresql/client";
import { databaseProvider, resolveDatabaseUrl } from "../prisma/database-url.mjs";

export { Prisma, PrismaClient };
export type {
  AnalyticsEvent,
  Channel,
  ImportJob,
  LibraryView,
  OrderAttribution,
  ProductTag,
  ReviewPrompt,
  Session,
  Shop,
  SisterVerification,
  Video,
  WebhookDelivery,
  Widget,
  WidgetVideo,
} from "../prisma/generated/sqlite/client";

type AdapterFactory = NonNullable<NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"]>;

/** The database this process uses: DATABASE_URL resolved (relative SQLite paths made absolute). */
export const databaseUrl: string = resolveDatabaseUrl();
export const databaseKind: "sqlite" | "postgresql" = databaseProvider(databaseUrl);

const BUSY_TIMEOUT = { sql: "PRAGMA busy_timeout = 5000", args: [], argTypes: [] };

type SqliteAdapter = Awaited<ReturnType<InstanceType<typeof import("@prisma/adapter-libsql").PrismaLibSQL>["connect"]>>;

/**
 * busy_timeout is a property of one connection, and @libsql/client (0.15)
 * hands its connection to each transaction and lazily opens a new one, without
 * the pragma, for whatever follows. Without this, every query after the first
 * transaction (and every later transaction) failed at once with "database is
 * locked" while another process wrote. So: set it in each transaction, and
 * again on the next connection after one started.
 */
function keepBusyTimeout(adapter: SqliteAdapter) {
  let newConnection = false;
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    const transaction = await startTransaction(isolationLevel);
    newConnection = true;
    // BEGIN is deferred: no lock is taken before this runs.
    await transaction.executeRaw(BUSY_TIMEOUT);
    return transaction;
  };
  const executeRaw = adapter.executeRaw.bind(adapter);
  const beforeNextQuery = async () => {
    if (!newConnection) return;
    newConnection = false;
    await executeRaw(BUSY_TIMEOUT);
  };
  adapter.executeRaw = async (query) => (await beforeNextQuery(), executeRaw(query));
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => (await beforeNextQuery(), queryRaw(query));
  const executeScript = adapter.executeScript.bind(adapter);
  adapter.executeScript = async (script) => (await beforeNextQuery(), executeScript(script));
}

// The adapters are imported on first connection, so a PostgreSQL deployment
// never loads libsql's native module (and SQLite never loads pg).
function sqliteAdapter(url: string): AdapterFactory {
  return {
    provider: "sqlite",
    adapterName: "@prisma/adapter-libsql",
    async connect() {
      const { PrismaLibSQL } = await import("@prisma/adapter-libsql");
      const authToken = process.env.DATABASE_AUTH_TOKEN; // remote libsql only
      const adapter = await new PrismaLibSQL(authToken ? { url, authToken } : { url }).connect();
      if (url.startsWith("file:")) {
        // Another process writing (a job, a test worker) makes this one wait
        // up to 5 s instead of failing at once with SQLITE_BUSY.
        keepBusyTimeout(adapter);
        await adapter.executeRaw(BUSY_TIMEOUT);
      }
      return adapter;
    },
  };
}

function postgresAdapter(url: string): AdapterFactory {
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async connect() {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      // Tables live in the database's public schema (migrations create them there).
      return new PrismaPg({ connectionString: url }).connect();
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
  // eslint-disable-next-line no-var
  var prismaGlobal: PrismaClient | undefined;
}

export const prisma: PrismaClient =
  process.env.NODE_ENV === "production"
    ? createPrismaClient()
    : (globalThis.prismaGlobal ??= createPrismaClient());

export default prisma;
