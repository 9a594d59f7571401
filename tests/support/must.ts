/**
 * Narrowing for tests under noUncheckedIndexedAccess: a value the test relies
 * on is either there, or the test fails right here with a message naming what
 * was missing (instead of a TypeError further down).
 */

/** The value, or a thrown error saying which expected value was missing. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${String(value)}`);
  return value;
}

/** The single element of a list that must hold exactly one. */
export function only<T>(items: readonly T[], what: string): T {
  if (items.length !== 1) throw new Error(`Expected exactly one ${what}, found ${items.length}`);
  return items[0] as T;
}

type Tuple<T, Length extends number, Built extends T[] = []> = Built["length"] extends Length ? Built : Tuple<T, Length, [...Built, T]>;

/** The first `count` elements as a tuple, for `const [a, b] = firstOf(list, 2, ...)`; throws when the list is shorter. */
export function firstOf<T, Count extends number>(items: readonly T[], count: Count, what: string): Tuple<T, Count> {
  if (items.length < count) throw new Error(`Expected at least ${count} ${what}, found ${items.length}`);
  return items.slice(0, count) as Tuple<T, Count>;
}
