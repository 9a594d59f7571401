/**
 * A real database failure, for tests of what a failed write leaves behind: a
 * trigger that aborts one kind of write to one table for the rows of one
 * test's shop (or line), so nothing else running on the database notices.
 * The app's code paths are untouched: the database refuses, as a full disk, a
 * lock timeout or a constraint would. Works on SQLite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { databaseKind, prisma } from "../../app/db.server";

type Operation = "INSERT" | "UPDATE" | "DELETE";

const INJECTED_FAILURE = "clipcart test: injected database failure";

const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;
const identifier = (value: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw new Error(`Not a plain identifier: ${value}`);
  return `"${value}"`;
};

/**
 * Makes every `operation` on `table` whose row has `column` = `value` fail
 * until the returned function is called (call it in a `finally`).
 */
export async function failWrites(table: string, operation: Operation, column: string, value: string): Promise<() => Promise<void>> {
  const name = `clipcart_test_fault_${randomBytes(6).toString("hex")}`;
  const row = operation === "DELETE" ? "OLD" : "NEW";
  const condition = `${row}.${identifier(column)} = ${quoteLiteral(value)}`;
  if (databaseKind === "postgresql") {
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION ${quoteLiteral(INJECTED_FAILURE)}; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" BEFORE ${operation} ON ${identifier(table)} FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION "${name}"()`,
    );
    return async () => {
      await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${name}" ON ${identifier(table)}`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS "${name}"()`);
    };
  }
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER "${name}" BEFORE ${operation} ON ${identifier(table)} FOR EACH ROW WHEN ${condition} BEGIN SELECT RAISE(ABORT, ${quoteLiteral(INJECTED_FAILURE)}); END`,
  );
  return async () => {
    await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${name}"`);
  };
}

/** What Shopify sees of a webhook handler: its response, or a 500 when it throws (as Remix answers an uncaught error). */
export async function statusShopifySees(handling: Promise<Response>): Promise<number> {
  try {
    return (await handling).status;
  } catch (error) {
    if (error instanceof Response) return error.status;
    return 500;
  }
}
