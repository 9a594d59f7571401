/**
 * The platform emulators' in-memory state: per-account settings (scenario
 * overrides, added posts), per-post media settings (removed, broken video,
 * video URLs expired), Apify runs with their datasets and key-value stores,
 * options and the clock. Not persisted: a restart of the demo starts from the
 * deterministic fixtures.
 */
import { randomBytes } from "node:crypto";
import { accountPosts, addedPostTime, scenarioFromName, type AccountSettings, type EmulatedPlatform, type Post, type Scenario } from "./fixtures.js";

export interface EmulatorOptions {
  /** How long an ordinary run takes. */
  runMs: number;
  /** How long a `slow` run takes (default longer than the app's 120 s wait). */
  slowRunMs: number;
  /** Lifetime of every signed video URL handed out from now on; null: each platform's own (VIDEO_TTL_SECONDS). */
  videoTtlSeconds: number | null;
}

export function defaultOptions(env: NodeJS.ProcessEnv = process.env): EmulatorOptions {
  const num = <T>(value: string | undefined, fallback: T) => (value !== undefined && value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback);
  return {
    runMs: num(env.PLATFORM_EMULATOR_RUN_MS, 200),
    slowRunMs: num(env.PLATFORM_EMULATOR_SLOW_RUN_MS, 150_000),
    videoTtlSeconds: num(env.PLATFORM_EMULATOR_VIDEO_TTL_SECONDS, null),
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

/** A video file an actor saved to its run's key-value store: which post's video it is a copy of. */
export interface StoredVideo {
  platform: EmulatedPlatform;
  postId: string;
}

export interface KeyValueStoreState {
  id: string;
  runId: string;
  records: Map<string, StoredVideo>;
}

/** What a test changed about one post's media (control endpoints); absent = as the fixtures make it. */
export interface PostMediaSettings {
  /** Taken down by its creator or the platform: gone from the account, its media answer 404. */
  removed?: boolean;
  /** Its video file is the undecodable one (the "fails processing" case). */
  brokenVideo?: boolean;
  /** Bumped by "expire now": video URLs signed for an older generation answer 403 "URL signature expired". */
  videoGeneration?: number;
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
  keyValueStores = new Map<string, KeyValueStoreState>();
  /** `<platform>:<post id>` -> what a test changed about that post's media. */
  postMedia = new Map<string, PostMediaSettings>();
  /** Instagram shortcode -> account, filled as accounts' posts are generated, so a reel URL finds its owner. */
  shortcodeOwners = new Map<string, string>();
  /** Runs of held accounts, waiting for their release: how each ends. */
  private heldRuns = new Map<string, Array<() => void>>();

  constructor(options: EmulatorOptions = defaultOptions()) {
    this.options = { ...options };
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  key(platform: EmulatedPlatform, name: string): string {
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
    if (!next.held) this.releaseRuns(this.key(platform, name));
    return next;
  }

  holdRun(accounts: string[], complete: () => void): void {
    let pending = accounts.length;
    const once = () => {
      if (--pending === 0) complete();
    };
    for (const account of accounts) this.heldRuns.set(account, [...(this.heldRuns.get(account) ?? []), once]);
  }

  /**
   * Resolves when the account is released (held: false), or at once when it is not held; `gone` (the client
   * going away) also ends the wait. For answers that are not runs (Pinterest's oEmbed).
   */
  whileHeld(platform: EmulatedPlatform, name: string, gone: (end: () => void) => void): Promise<void> {
    if (!this.account(platform, name)?.held) return Promise.resolve();
    return new Promise((resolve) => {
      this.holdRun([this.key(platform, name)], resolve);
      gone(resolve);
    });
  }

  private releaseRuns(account: string): void {
    const waiting = this.heldRuns.get(account);
    this.heldRuns.delete(account);
    for (const complete of waiting ?? []) complete();
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

  /** The posts the platform still shows: without the removed ones (what a profile scrape finds). */
  visiblePosts(platform: EmulatedPlatform, name: string): Post[] {
    return this.posts(platform, name).filter((post) => !this.isRemoved(platform, post.id));
  }

  mediaOf(platform: EmulatedPlatform, postId: string): PostMediaSettings {
    return this.postMedia.get(`${platform}:${postId}`) ?? {};
  }

  updateMedia(platform: EmulatedPlatform, postId: string, patch: { removed?: boolean | null; brokenVideo?: boolean | null }): PostMediaSettings {
    const next: PostMediaSettings = { ...this.mediaOf(platform, postId) };
    if (patch.removed !== undefined) next.removed = patch.removed ?? undefined;
    if (patch.brokenVideo !== undefined) next.brokenVideo = patch.brokenVideo ?? undefined;
    this.postMedia.set(`${platform}:${postId}`, next);
    return next;
  }

  /** Every video URL of the post handed out so far stops working now; URLs handed out later work. */
  expireVideoUrls(platform: EmulatedPlatform, postId: string): PostMediaSettings {
    const current = this.mediaOf(platform, postId);
    const next = { ...current, videoGeneration: (current.videoGeneration ?? 0) + 1 };
    this.postMedia.set(`${platform}:${postId}`, next);
    return next;
  }

  isRemoved(platform: EmulatedPlatform, postId: string): boolean {
    return this.mediaOf(platform, postId).removed === true;
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
    this.heldRuns.clear();
    this.runs.clear();
    this.datasets.clear();
    this.keyValueStores.clear();
    this.postMedia.clear();
    this.shortcodeOwners.clear();
    this.clockOffsetMs = 0;
    this.options = { ...options };
  }
}
