// The database DATABASE_URL names carries every migration of its provider,
// and the schema's tables answer. `node scripts/db.mjs test-both` runs this on
// databases it has just created and migrated.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseKind, databaseUrl, prisma, Prisma } from "../../app/db.server";
import { must } from "../support/must";

const ROOT = path.resolve(import.meta.dirname, "../..");
const folder = databaseKind === "postgresql" ? "prisma/postgresql/migrations" : "prisma/migrations";
const migrationNames = readdirSync(path.join(ROOT, folder), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe(`migrations on ${databaseKind}`, () => {
  it("DATABASE_URL chose the matching client", () => {
    expect(databaseKind).toBe(/^postgres(ql)?:/.test(databaseUrl) ? "postgresql" : "sqlite");
  });

  it("every migration folder is applied, finished and not rolled back", async () => {
    expect(migrationNames[0]).toMatch(/^\d{14}_init$/);
    const applied = await prisma.$queryRawUnsafe<{ migration_name: string; finished: unknown; rolled_back: unknown }[]>(
      'SELECT migration_name, finished_at AS finished, rolled_back_at AS rolled_back FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(applied.map((m) => m.migration_name)).toEqual(migrationNames);
    for (const m of applied) {
      expect(m.finished, m.migration_name).not.toBeNull();
      expect(m.rolled_back, m.migration_name).toBeNull();
    }
  });

  it("every model's table answers", async () => {
    const client = prisma as unknown as Record<string, { count(): Promise<number> }>;
    for (const model of Object.values(Prisma.ModelName)) {
      const delegate = client[model.charAt(0).toLowerCase() + model.slice(1)];
      await expect(must(delegate, `the ${model} delegate`).count(), model).resolves.toBeTypeOf("number");
    }
  });

  it.runIf(databaseKind === "sqlite")("SQLite enforces foreign keys (cascades depend on it)", async () => {
    const [row] = await prisma.$queryRawUnsafe<{ foreign_keys: number | bigint }[]>("PRAGMA foreign_keys");
    expect(Number(row?.foreign_keys)).toBe(1);
  });
});
