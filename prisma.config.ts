// Prisma CLI configuration (generate, migrate, db). Route A of
// docs/decisions/002-prisma-offline-js-engine.md: with `engine: "js"` and a
// driver adapter the CLI runs its bundled WebAssembly schema engine, so it
// downloads nothing. DATABASE_URL picks the schema and the adapter, exactly as
// app/db.server.ts does at runtime (prisma/database-url.mjs).
//
// The adapters are wrapped below for the schema engine's known failures with
// them (offline-recipes.md); the app's runtime connections need none of this.
// The fourth, P1014 from `migrate dev` on a brand-new SQLite file (no
// _prisma_migrations table yet), is avoided by applying the migrations first:
// scripts/db.mjs runs `migrate deploy` before anything else and writes new
// migrations with `migrate diff`. After a deploy, a manual `prisma migrate dev`
// works too (thanks to the shadow-database wrapper below).
import pg from "pg";
import { defineConfig, type PrismaConfig } from "prisma/config";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseProvider, resolveDatabaseUrl } from "./prisma/database-url.mjs";

type AdapterFactory = Awaited<ReturnType<Extract<PrismaConfig, { engine: "js" }>["adapter"]>>;
type Adapter = Awaited<ReturnType<AdapterFactory["connect"]>>;
type Query = Parameters<Adapter["executeRaw"]>[0];

// The WebAssembly schema engine arms 10 s timers around its PostgreSQL work
// (advisory lock, migration steps) and leaves some armed, so `migrate deploy`
// and `migrate dev` idled 10 to 60 s after finishing. Unreferenced, such a
// timer still fires while the CLI waits on the database (its socket keeps
// the process alive) but no longer keeps a finished CLI from exiting.
const armTimer = globalThis.setTimeout;
globalThis.setTimeout = ((...args: Parameters<typeof armTimer>) => {
  const timer = armTimer(...args);
  if (Number(args[1]) >= 10_000) timer.unref();
  return timer;
}) as typeof setTimeout;

const url = resolveDatabaseUrl();
const provider = databaseProvider(url);
// The schema's `url = env("DATABASE_URL")` must name the same database.
process.env.DATABASE_URL = url;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: provider === "postgresql" ? "prisma/postgresql/schema.prisma" : "prisma/schema.prisma",
  adapter: async () => (provider === "postgresql" ? postgresql(url) : sqlite(url)),
});

function sqlite(url: string): AdapterFactory {
  const authToken = process.env.DATABASE_AUTH_TOKEN; // remote libsql only, as in app/db.server.ts
  const factory = new PrismaLibSQL(authToken ? { url, authToken } : { url });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => runScriptsWhole(await factory.connect()),
    connectToShadowDb: async () => runScriptsWhole(await factory.connectToShadowDb()),
  };
}

// The schema engine replays each migration into the shadow database as ONE
// executeRaw call; libsql runs the first statement and silently drops the
// rest, so diffs and drift checks come out wrong. A parameterless text with
// more than one statement goes through executeScript instead (a false
// positive, e.g. ";" inside a string, is harmless: the script runs the same).
function runScriptsWhole(adapter: Adapter): Adapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query: Query) => {
    if (query.args.length === 0 && /;\s*\S/.test(query.sql.trim())) {
      await adapter.executeScript(query.sql);
      return 0;
    }
    return executeRaw(query);
  };
  return adapter;
}

// allowExitOnIdle: the CLI never disposes the main pool; without it every
// command waits for pg's 10 s idle timeout before exiting.
function postgresql(url: string): AdapterFactory {
  const factory = new PrismaPg({ connectionString: url, allowExitOnIdle: true });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => reportCatalogTypesAsText(await factory.connect()),
    // The adapter's own shadow database ignores its database override when
    // given a connectionString and drops the database before closing its
    // pool. Ours: a fresh database, dropped only after the pool is closed.
    connectToShadowDb: async () => {
      const name = `clipcart_shadow_${process.pid}_${Date.now().toString(36)}`;
      await adminQuery(url, `CREATE DATABASE "${name}"`);
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${name}`;
      const adapter = reportCatalogTypesAsText(await new PrismaPg({ connectionString: shadowUrl.href, allowExitOnIdle: true }).connect());
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      };
      return adapter;
    },
  };
}

// The schema engine's catalog queries return columns of type `name` (oid 19)
// and `"char"` (oid 18), which the pg adapter cannot map ("Column type 'name'
// could not be deserialized"). Their values arrive as strings: report them as
// text (oid 25). Transactions run on their own connection object: patch those too.
type Fields = { fields?: { dataTypeID: number }[] };
type WithIO = { performIO(query: Query): Promise<Fields> };

function reportCatalogTypesAsText<T extends object>(queryable: T): T {
  const target = queryable as T & WithIO;
  const performIO = target.performIO.bind(target);
  target.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields ?? []) {
      if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = 25;
    }
    return result;
  };
  const withTx = queryable as T & { startTransaction?: Adapter["startTransaction"] };
  if (withTx.startTransaction) {
    const startTransaction = withTx.startTransaction.bind(withTx);
    withTx.startTransaction = async (level) => reportCatalogTypesAsText(await startTransaction(level));
  }
  return queryable;
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
