import { afterEach, beforeEach } from "vitest";

// A unit test fails when something it runs writes to console.error or
// console.warn without the test saying it expects that: an unexpected log is
// usually a swallowed failure (a rejected promise, a React warning) that the
// assertions did not see. Tests of failure paths declare the log they cause
// with expectConsoleError / expectConsoleWarn.

type Level = "error" | "warn";
type Expectation = { level: Level; pattern: RegExp; seen: boolean; untilEndOfFile: boolean };
type Logged = { level: Level; text: string };

const expectations: Expectation[] = [];
let logged: Logged[] = [];
let insideTest = false;

/** What console.error/warn received, as one line of text (errors by their stack, which starts with the message). */
function describeArguments(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === "string" ? arg : safeJson(arg))).join(" ");
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function declare(level: Level, pattern: RegExp) {
  // Declared inside a test (or its beforeEach): for that test only. Declared at
  // the top of a file or in beforeAll: for every test of the file, and not
  // required to be seen by each of them.
  expectations.push({ level, pattern, seen: false, untilEndOfFile: !insideTest });
}

/** The running test expects console.error with a message matching `pattern` (and fails if none comes). */
export function expectConsoleError(pattern: RegExp) {
  declare("error", pattern);
}

/** The running test expects console.warn with a message matching `pattern` (and fails if none comes). */
export function expectConsoleWarn(pattern: RegExp) {
  declare("warn", pattern);
}

/** Replaces console.error/warn for the test file; called once by the unit project's setup file. */
export function installConsoleGuard() {
  for (const level of ["error", "warn"] as const) {
    const original = console[level].bind(console);
    // A plain function rather than vi.spyOn: tests that spy on the console
    // themselves and restore their mocks must get this guard back, not the original.
    console[level] = (...args: unknown[]) => {
      const text = describeArguments(args);
      const expected = expectations.find((expectation) => expectation.level === level && expectation.pattern.test(text));
      if (expected) {
        expected.seen = true;
        return;
      }
      // Outside a test (module load, beforeAll/afterAll) nothing can fail: show it.
      if (insideTest) logged.push({ level, text });
      else original(...args);
    };
  }

  beforeEach(() => {
    insideTest = true;
    logged = [];
  });

  // The setup file's afterEach runs after the test file's own (hooks unwind as a
  // stack), so logs written by a test's cleanup are caught too.
  afterEach(() => {
    insideTest = false;
    const unexpected = logged;
    const missing = expectations.filter((expectation) => !expectation.untilEndOfFile && !expectation.seen);
    logged = [];
    for (let index = expectations.length - 1; index >= 0; index--) {
      if (!expectations[index]?.untilEndOfFile) expectations.splice(index, 1);
    }
    const problems = [
      ...unexpected.map((entry) => `unexpected console.${entry.level}: ${entry.text}`),
      ...missing.map((expectation) => `expected console.${expectation.level} matching ${String(expectation.pattern)}, none was written`),
    ];
    if (problems.length) {
      throw new Error(`${problems.join("\n")}\n(declare an expected log with expectConsoleError/expectConsoleWarn from tests/support/console-guard.ts)`);
    }
  });
}
