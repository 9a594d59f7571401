// How DATABASE_URL is read: the same rules for the CLI, the app and the scripts.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_DATABASE_URL, databaseProvider, projectRoot, resolveDatabaseUrl } from "../../prisma/database-url.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("DATABASE_URL", () => {
  it("defaults to prisma/dev.sqlite under the project root (found from this module, not the working directory)", () => {
    expect(DEFAULT_DATABASE_URL).toBe("file:./prisma/dev.sqlite");
    expect(projectRoot()).toBe(ROOT);
    expect(resolveDatabaseUrl("")).toBe(`file:${ROOT}/prisma/dev.sqlite`);
    expect(resolveDatabaseUrl("", "/srv/app")).toBe("file:/srv/app/prisma/dev.sqlite");
  });

  it("keeps absolute SQLite paths, drops Prisma-style parameters libsql would reject", () => {
    expect(resolveDatabaseUrl("file:/data/clipcart.sqlite?connection_limit=1")).toBe("file:/data/clipcart.sqlite");
    expect(resolveDatabaseUrl("file:///data/clipcart.sqlite")).toBe("file:/data/clipcart.sqlite");
  });

  it("chooses the provider by scheme", () => {
    expect(databaseProvider("file:./x.sqlite")).toBe("sqlite");
    expect(databaseProvider("libsql://db.example.turso.io")).toBe("sqlite");
    expect(databaseProvider("postgres://u@h/db")).toBe("postgresql");
    expect(databaseProvider("postgresql://u:p@h:5432/db?schema=app")).toBe("postgresql");
    expect(resolveDatabaseUrl("postgresql://u@h/db")).toBe("postgresql://u@h/db");
    expect(() => databaseProvider("mysql://h/db")).toThrow(/DATABASE_URL must start with/);
  });
});
