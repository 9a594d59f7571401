/**
 * For tests (unit, e2e): the platform emulators' control endpoints over HTTP,
 * and unique account names. Tests share one emulator, so each test uses its
 * own accounts and never changes global settings it does not own.
 */
import { randomBytes } from "node:crypto";
import type { EmulatedPlatform, PostShape, Scenario } from "./fixtures.js";

export interface AccountSummary {
  platform: EmulatedPlatform;
  name: string;
  scenario: Scenario;
  runMs: number | null;
  /** Its TikTok items come as a dataset view exports them (the `flat` control). */
  flat: boolean;
  /** Every video post has subtitle files (the `captioned` control). */
  captioned: boolean;
  thumbnailTtlSeconds: number | null;
  /** The lifetime of the video URLs its runs hand out (null: they never expire). */
  videoTtlSeconds: number | null;
  /** Posts the platform still shows: without the removed ones. */
  postCount: number;
  /** `shape`: a video, or a photo post of the `mixed` scenario; `pinned`: listed first by its runs (decision 081). */
  posts: Array<{
    id: string;
    createdAt: string;
    caption: string;
    shape: PostShape;
    pinned: boolean;
    /** Whether the post has subtitle files (decision 084). */
    subtitles: boolean;
    url: string;
    thumbnailUrl: string;
    /** Its reach figures as the actors report them (decision 082). */
    views: number;
    likes: number;
    comments: number;
    shares: number;
    durationSec: number;
  }>;
  removedPostIds: string[];
}

/** What a test set about one post's (or pin's) media. */
export interface PostMediaSummary {
  platform: EmulatedPlatform;
  id: string;
  removed: boolean;
  brokenVideo: boolean;
  /** How often its video URLs were made to expire. */
  videoGeneration: number;
  /** The file in tests/fixtures/platform-videos/ its video URLs serve. */
  videoFile: string;
}

export interface EmulatorOptionsSummary {
  runMs: number;
  slowRunMs: number;
  videoTtlSeconds: number | null;
}

export interface RunSummary {
  id: string;
  actorId: string;
  input: Record<string, unknown>;
  status: string;
  statusMessage: string | null;
  startedAt: string;
  finishedAt: string | null;
  datasetId: string;
  itemCount: number;
}

/** A fresh account name, optionally with a scenario prefix: uniqueAccount("private") -> "private_k3j9x2q1". */
export function uniqueAccount(scenario?: Exclude<Scenario, "normal">): string {
  const suffix = randomBytes(6).toString("hex");
  return scenario ? `${scenario}_${suffix}` : `shop${suffix}`;
}

/** A fresh pin id with a scenario's digit prefix (fixtures.ts PIN_PREFIXES), or a plain one. */
export function uniquePinId(prefix = "7"): string {
  const digits = [...randomBytes(12)].map((b) => b % 10).join("");
  return `${prefix}${digits}`.slice(0, 18);
}

export function platformControl(baseUrl: string = process.env.LOCAL_SHOPIFY_URL ?? "") {
  if (!baseUrl) throw new Error("platformControl needs Local Shopify's URL (LOCAL_SHOPIFY_URL)");
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/__local/platforms${path}`, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} /__local/platforms${path}: ${response.status} ${JSON.stringify(json)}`);
    return json as T;
  }
  const account = (platform: EmulatedPlatform, name: string) => `/${platform}/accounts/${encodeURIComponent(name)}`;
  const post = (platform: EmulatedPlatform, id: string) => `/${platform}/posts/${encodeURIComponent(id)}`;
  return {
    account: (platform: EmulatedPlatform, name: string) => call<AccountSummary>("GET", account(platform, name)),
    /** Scenario, run duration or thumbnail lifetime of one account (or pin id / reel shortcode); null clears. */
    setAccount: (
      platform: EmulatedPlatform,
      name: string,
      settings: {
        scenario?: Scenario | null;
        runMs?: number | null;
        held?: boolean | null;
        /** Its TikTok items as a dataset view exports them: flattened keys, no `id`. */
        flat?: boolean | null;
        captioned?: boolean | null;
        thumbnailTtlSeconds?: number | null;
        videoTtlSeconds?: number | null;
      },
    ) => call<AccountSummary>("POST", account(platform, name), settings),
    addPosts: (platform: EmulatedPlatform, name: string, count: number) =>
      call<AccountSummary & { added: string[] }>("POST", `${account(platform, name)}/posts`, { count }),
    resetAccount: (platform: EmulatedPlatform, name: string) => call<AccountSummary>("POST", `${account(platform, name)}/reset`),
    post: (platform: EmulatedPlatform, id: string) => call<PostMediaSummary>("GET", post(platform, id)),
    /** Removed: gone from its account, its media answer 404. Broken video: its video URLs serve the undecodable file. */
    setPost: (platform: EmulatedPlatform, id: string, settings: { removed?: boolean | null; brokenVideo?: boolean | null }) =>
      call<PostMediaSummary>("POST", post(platform, id), settings),
    /** The post's video URLs handed out so far answer 403 "URL signature expired"; a fresh run hands out working ones. */
    expireVideo: (platform: EmulatedPlatform, id: string) => call<PostMediaSummary>("POST", `${post(platform, id)}/expire-video`),
    runs: (filter: { actorId?: string; contains?: string } = {}) => {
      const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as Array<[string, string]>);
      return call<RunSummary[]>("GET", `/runs${query.size ? `?${query}` : ""}`);
    },
    /** Global: only for a test that owns the emulator. */
    configure: (options: { runMs?: number; slowRunMs?: number; videoTtlSeconds?: number | null }) =>
      call<{ options: EmulatorOptionsSummary }>("POST", "/config", options),
    /** Global: only for a test that owns the emulator. */
    clock: (change: { offsetMs?: number; advanceMs?: number }) => call<{ clockOffsetMs: number; now: string }>("POST", "/clock", change),
    /** Global: only for a test that owns the emulator. */
    reset: () => call<{ ok: true }>("POST", "/reset"),
  };
}
