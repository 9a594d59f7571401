/**
 * The platform emulators' in-memory state: per-account settings (scenario
 * overrides, added posts), Apify runs and datasets, options and the clock.
 * Not persisted: a restart of the demo starts from the deterministic fixtures.
 */
import { randomBytes } from "node:crypto";
import { accountPosts, addedPostTime, scenarioFromName, type AccountSettings, type EmulatedPlatform, type Post, type Scenario } from "./fixtures.js";

export interface EmulatorOptions {
  /** How long an ordinary run takes. */
  runMs: number;
  /** How long a `slow` run takes (default longer than the app's 120 s wait). */
  slowRunMs: number;
}

export function defaultOptions(env: NodeJS.ProcessEnv = process.env): EmulatorOptions {
  const num = (value: string | undefined, fallback: number) =>
    value !== undefined && value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return {
    runMs: num(env.PLATFORM_EMULATOR_RUN_MS, 200),
    slowRunMs: num(env.PLATFORM_EMULATOR_SLOW_RUN_MS, 150_000),
  };
}

export type RunStatus = "READY" | "RUNNING" | "SUCCEEDED" | "FAILED" | "TIMING-OUT" | "TIMED-OUT" | "ABORTING" | "ABORTED";
export const TERMINAL: RunStatus[] = ["SUCCEEDED", "FAILED", "TIMED-OUT", "ABORTED"];

export interface DatasetState {
  id: string;
  runId: string;
  createdAt: number;
  modifiedAt: number;
  items: unknown[];
}

export interface RunState {
  id: string;
  actorId: string;
  actId: string;
  input: unknown;
  inputBodyLen: number;
  status: RunStatus;
  statusMessage: string | null;
  exitCode: number | null;
  startedAt: number;
  finishedAt: number | null;
  timeoutSecs: number;
  memoryMbytes: number;
  datasetId: string;
  keyValueStoreId: string;
  requestQueueId: string;
  userAgent: string;
  log: string[];
  timer: NodeJS.Timeout | null;
  waiters: Set<() => void>;
}

/** Apify ids: 17 characters of [A-Za-z0-9]. */
export function apifyId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(17)].map((b) => alphabet[b % alphabet.length]).join("");
}

export class PlatformEmulatorState {
  options: EmulatorOptions;
  clockOffsetMs = 0;
  accounts = new Map<string, AccountSettings>();
  runs = new Map<string, RunState>();
  datasets = new Map<string, DatasetState>();
  /** Instagram shortcode -> account, filled as accounts' posts are generated, so a reel URL finds its owner. */
  shortcodeOwners = new Map<string, string>();

  constructor(options: EmulatorOptions = defaultOptions()) {
    this.options = { ...options };
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  private key(platform: EmulatedPlatform, name: string): string {
    return `${platform}:${name.toLowerCase()}`;
  }

  account(platform: EmulatedPlatform, name: string): AccountSettings | undefined {
    return this.accounts.get(this.key(platform, name));
  }

  /** Sets the given settings; null clears one, undefined leaves it as it is. */
  updateAccount(
    platform: EmulatedPlatform,
    name: string,
    patch: { [K in Exclude<keyof AccountSettings, "addedPosts">]?: AccountSettings[K] | null },
  ): AccountSettings {
    const current = this.accounts.get(this.key(platform, name)) ?? { addedPosts: [] };
    const next: AccountSettings = { ...current };
    for (const [k, v] of Object.entries(patch) as Array<[keyof AccountSettings, unknown]>) {
      if (v === undefined) continue;
      if (v === null) delete next[k];
      else (next as unknown as Record<string, unknown>)[k] = v;
    }
    this.accounts.set(this.key(platform, name), next);
    return next;
  }

  resetAccount(platform: EmulatedPlatform, name: string): void {
    this.accounts.delete(this.key(platform, name));
  }

  scenario(platform: EmulatedPlatform, name: string): Scenario {
    return this.account(platform, name)?.scenario ?? scenarioFromName(platform, name);
  }

  posts(platform: EmulatedPlatform, name: string): Post[] {
    const posts = accountPosts(platform, name.toLowerCase(), this.account(platform, name));
    if (platform === "instagram") for (const p of posts) this.shortcodeOwners.set(p.id, name.toLowerCase());
    return posts;
  }

  /** New posts, newer than every existing one: a resync finds exactly these. */
  addPosts(platform: EmulatedPlatform, name: string, count: number): Post[] {
    const existing = this.posts(platform, name);
    const settings = this.updateAccount(platform, name, {});
    const now = this.now();
    for (let i = 0; i < count; i++) settings.addedPosts.push(addedPostTime(existing, now, i));
    const ids = new Set(existing.map((p) => p.id));
    return this.posts(platform, name).filter((p) => !ids.has(p.id));
  }

  reset(options: EmulatorOptions = defaultOptions()): void {
    for (const run of this.runs.values()) if (run.timer) clearTimeout(run.timer);
    for (const run of this.runs.values()) for (const wake of run.waiters) wake();
    this.accounts.clear();
    this.runs.clear();
    this.datasets.clear();
    this.shortcodeOwners.clear();
    this.clockOffsetMs = 0;
    this.options = { ...options };
  }
}
