// One source of truth: the PostgreSQL schema is the SQLite one with its
// provider swapped, and both providers have the same migrations.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, SCHEMA, postgresSchemaFrom } from "../../scripts/db.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (p: string) => readFileSync(path.join(ROOT, p), "utf8");
const migrations = (p: string) =>
  readdirSync(path.join(ROOT, p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe("the two schemas", () => {
  it("prisma/postgresql/schema.prisma is generated from prisma/schema.prisma (run: node scripts/db.mjs generate)", () => {
    expect(read(SCHEMA.postgresql)).toBe(postgresSchemaFrom(read(SCHEMA.sqlite)));
  });

  it("differ only in provider and client output", () => {
    const pgSchema = read(SCHEMA.postgresql);
    expect(pgSchema).toContain('provider = "postgresql"');
    expect(pgSchema).toContain('output              = "../generated/postgresql"');
    const code = pgSchema.replace(/\/\/.*$/gm, "");
    expect(code, "native types would not exist on the other provider").not.toMatch(/@db\./);
  });

  it("have migrations of the same names, each locked to its provider", () => {
    expect(migrations(MIGRATIONS.postgresql)).toEqual(migrations(MIGRATIONS.sqlite));
    expect(read(`${MIGRATIONS.sqlite}/migration_lock.toml`)).toContain('provider = "sqlite"');
    expect(read(`${MIGRATIONS.postgresql}/migration_lock.toml`)).toContain('provider = "postgresql"');
  });
});
