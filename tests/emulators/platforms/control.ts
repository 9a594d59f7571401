/**
 * Test controls of the platform emulators, under /__local/platforms:
 *
 *   GET  /__local/platforms                                    options, clock, accounts with settings
 *   POST /__local/platforms/reset                              everything back to the fixtures
 *   POST /__local/platforms/config     { runMs?, slowRunMs?, videoTtlSeconds? }  run durations, video URL lifetime
 *   POST /__local/platforms/clock      { offsetMs? | advanceMs? }  the CDN's and runs' clock
 *   GET  /__local/platforms/runs       ?actorId=&contains=     runs started (actor id, input, status, items)
 *   GET  /__local/platforms/<platform>/accounts/<name>         the account: scenario, settings, posts (newest first)
 *   POST /__local/platforms/<platform>/accounts/<name>         { scenario?, runMs?, held?, flat?, captioned?, thumbnailTtlSeconds?, videoTtlSeconds? } (null clears;
 *                                                             held: true keeps its runs RUNNING, and a pin's oEmbed
 *                                                             answer waiting, until held: false)
 *   POST /__local/platforms/<platform>/accounts/<name>/posts   { count }: new posts, newest of all
 *   POST /__local/platforms/<platform>/accounts/<name>/reset
 *   GET  /__local/platforms/<platform>/posts/<id>              one post's media: removed, broken video, which file it plays
 *   POST /__local/platforms/<platform>/posts/<id>              { removed?, brokenVideo? } (null clears)
 *   POST /__local/platforms/<platform>/posts/<id>/expire-video its video URLs handed out so far answer 403 from now on
 *
 * <platform> is tiktok, instagram or pinterest; for Pinterest <name> and <id>
 * are a pin id, for an Instagram reel URL <name> may be the reel's shortcode.
 */
import { hasSubtitles } from "./subtitles.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readParams, Router, sendJson } from "../shopify/http.js";
import { videoTtlSeconds } from "./actors.js";
import { cdnUrl } from "./cdn.js";
import { EMULATED_PLATFORMS, isPinnedPost, isScenario, postShape, THUMBNAIL_TTL_SECONDS, type EmulatedPlatform } from "./fixtures.js";
import { defaultOptions, type PlatformEmulatorState } from "./state.js";
import { videoFileFor } from "./videos.js";

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function platformParam(value: string): EmulatedPlatform {
  if (!(EMULATED_PLATFORMS as string[]).includes(value)) throw new ControlError(404, `unknown platform: ${value}`);
  return value as EmulatedPlatform;
}

function nameParam(value: string): string {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(value)) throw new ControlError(400, `not an account name: ${value}`);
  return value.toLowerCase();
}

/** Post ids keep their case: Instagram shortcodes are case-sensitive. */
function postIdParam(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new ControlError(400, `not a post id: ${value}`);
  return value;
}

function optionalBoolean(body: Record<string, unknown>, key: string): boolean | null | undefined {
  const value = body[key];
  if (value === undefined || value === null || typeof value === "boolean") return value;
  throw new ControlError(400, `${key} must be true, false or null`);
}

function optionalNumber(body: Record<string, unknown>, key: string, min = 0): number | null | undefined {
  const value = body[key];
  if (value === undefined || value === null) return value as null | undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) throw new ControlError(400, `${key} must be a number >= ${min}`);
  return value;
}

function accountSummary(state: PlatformEmulatorState, baseUrl: string, platform: EmulatedPlatform, name: string) {
  const settings = state.account(platform, name);
  const scenario = state.scenario(platform, name);
  const all = platform === "pinterest" ? [] : state.posts(platform, name);
  const posts = all.filter((post) => !state.isRemoved(platform, post.id));
  const ttl = settings?.thumbnailTtlSeconds ?? THUMBNAIL_TTL_SECONDS[platform];
  return {
    platform,
    name,
    scenario,
    runMs: settings?.runMs ?? null,
    flat: settings?.flat ?? false,
    captioned: settings?.captioned ?? false,
    thumbnailTtlSeconds: ttl,
    videoTtlSeconds: videoTtlSeconds(state, platform, name),
    postCount: posts.length,
    removedPostIds: all.filter((post) => state.isRemoved(platform, post.id)).map((post) => post.id),
    posts: posts.map((p) => ({
      id: p.id,
      createdAt: new Date(p.createdAt).toISOString(),
      caption: p.caption,
      /** What the post is (a video, or a photo post of the `mixed` scenario) and whether it is pinned (decision 081). */
      shape: platform === "pinterest" ? "video" : postShape(platform, scenario, p),
      pinned: isPinnedPost(scenario, p),
      /** Whether the TikTok scraper lists subtitle files for it (subtitles.ts). */
      subtitles: platform === "tiktok" && postShape(platform, scenario, p) === "video" && hasSubtitles(p.index, settings?.captioned),
      url: platform === "tiktok" ? `https://www.tiktok.com/@${name}/video/${p.id}` : `https://www.instagram.com/reel/${p.id}/`,
      thumbnailUrl: cdnUrl(baseUrl, platform, "cover", p.id, ttl === null ? null : state.now() + ttl * 1000),
      /** The post's reach as the actors report it (decision 082): what an import should store. */
      views: p.views,
      likes: p.likes,
      comments: p.comments,
      shares: p.shares,
      durationSec: p.durationSec,
    })),
  };
}

function postSummary(state: PlatformEmulatorState, platform: EmulatedPlatform, id: string) {
  const media = state.mediaOf(platform, id);
  return {
    platform,
    id,
    removed: media.removed === true,
    brokenVideo: media.brokenVideo === true,
    videoGeneration: media.videoGeneration ?? 0,
    videoFile: videoFileFor(platform, id, media.brokenVideo === true),
  };
}

export function platformControlRouter(state: PlatformEmulatorState, baseUrl: () => string): Router {
  const json =
    (fn: (req: IncomingMessage, url: URL, params: string[]) => unknown) => async (req: IncomingMessage, res: ServerResponse, url: URL, params: string[]) => {
      try {
        sendJson(res, 200, await fn(req, url, params));
      } catch (error) {
        sendJson(res, (error as { status?: number }).status ?? 400, { error: (error as Error).message });
      }
    };
  const ACCOUNT = "/__local/platforms/([^/]+)/accounts/([^/]+)";
  const POST = "/__local/platforms/([^/]+)/posts/([^/]+)";
  return new Router()
    .on(
      "GET",
      /^\/__local\/platforms$/,
      json(() => ({
        options: state.options,
        clockOffsetMs: state.clockOffsetMs,
        now: new Date(state.now()).toISOString(),
        accounts: [...state.accounts.entries()].map(([key, settings]) => ({ key, ...settings })),
      })),
    )
    .on(
      "POST",
      /^\/__local\/platforms\/reset$/,
      json(() => (state.reset(defaultOptions()), { ok: true })),
    )
    .on(
      "POST",
      /^\/__local\/platforms\/config$/,
      json(async (req) => {
        const body = await readParams(req);
        const runMs = optionalNumber(body, "runMs");
        const slowRunMs = optionalNumber(body, "slowRunMs");
        const videoTtl = optionalNumber(body, "videoTtlSeconds");
        if (runMs != null) state.options.runMs = runMs;
        if (slowRunMs != null) state.options.slowRunMs = slowRunMs;
        // null is meaningful here: back to each platform's own lifetime.
        if (videoTtl !== undefined) state.options.videoTtlSeconds = videoTtl;
        return { options: state.options };
      }),
    )
    .on(
      "POST",
      /^\/__local\/platforms\/clock$/,
      json(async (req) => {
        const body = await readParams(req);
        const offsetMs = body.offsetMs;
        const advanceMs = body.advanceMs;
        if (typeof offsetMs === "number" && Number.isFinite(offsetMs)) state.clockOffsetMs = offsetMs;
        else if (typeof advanceMs === "number" && Number.isFinite(advanceMs)) state.clockOffsetMs += advanceMs;
        else throw new ControlError(400, "offsetMs or advanceMs (a number) is required");
        return { clockOffsetMs: state.clockOffsetMs, now: new Date(state.now()).toISOString() };
      }),
    )
    .on(
      "GET",
      /^\/__local\/platforms\/runs$/,
      json((_req, url) => {
        const actorId = url.searchParams.get("actorId");
        const contains = url.searchParams.get("contains")?.toLowerCase();
        return [...state.runs.values()]
          .filter((run) => (!actorId || run.actorId === actorId) && (!contains || JSON.stringify(run.input).toLowerCase().includes(contains)))
          .map((run) => ({
            id: run.id,
            actorId: run.actorId,
            input: run.input,
            status: run.status,
            statusMessage: run.statusMessage,
            startedAt: new Date(run.startedAt).toISOString(),
            finishedAt: run.finishedAt === null ? null : new Date(run.finishedAt).toISOString(),
            datasetId: run.datasetId,
            itemCount: state.datasets.get(run.datasetId)?.items.length ?? 0,
          }));
      }),
    )
    .on(
      "GET",
      new RegExp(`^${ACCOUNT}$`),
      json((_req, _url, [platform = "", name = ""]) => accountSummary(state, baseUrl(), platformParam(platform), nameParam(name))),
    )
    .on(
      "POST",
      new RegExp(`^${ACCOUNT}$`),
      json(async (req, _url, [p = "", n = ""]) => {
        const platform = platformParam(p);
        const name = nameParam(n);
        const body = await readParams(req);
        if (body.scenario !== undefined && body.scenario !== null && !isScenario(body.scenario))
          throw new ControlError(400, `unknown scenario: ${body.scenario}`);
        state.updateAccount(platform, name, {
          scenario: body.scenario,
          runMs: optionalNumber(body, "runMs"),
          held: optionalBoolean(body, "held"),
          flat: optionalBoolean(body, "flat"),
          captioned: optionalBoolean(body, "captioned"),
          thumbnailTtlSeconds: optionalNumber(body, "thumbnailTtlSeconds", -1e9),
          videoTtlSeconds: optionalNumber(body, "videoTtlSeconds", -1e9),
        });
        return accountSummary(state, baseUrl(), platform, name);
      }),
    )
    .on(
      "POST",
      new RegExp(`^${ACCOUNT}/posts$`),
      json(async (req, _url, [p = "", n = ""]) => {
        const platform = platformParam(p);
        if (platform === "pinterest") throw new ControlError(400, "Pinterest has no accounts to add posts to");
        const name = nameParam(n);
        const { count = 1 } = await readParams(req);
        if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > 100)
          throw new ControlError(400, "count must be an integer from 1 to 100");
        const added = state.addPosts(platform, name, count);
        return { added: added.map((post) => post.id), ...accountSummary(state, baseUrl(), platform, name) };
      }),
    )
    .on(
      "POST",
      new RegExp(`^${ACCOUNT}/reset$`),
      json((_req, _url, [p = "", n = ""]) => {
        const platform = platformParam(p);
        const name = nameParam(n);
        state.resetAccount(platform, name);
        return accountSummary(state, baseUrl(), platform, name);
      }),
    )
    .on(
      "GET",
      new RegExp(`^${POST}$`),
      json((_req, _url, [p = "", id = ""]) => postSummary(state, platformParam(p), postIdParam(id))),
    )
    .on(
      "POST",
      new RegExp(`^${POST}$`),
      json(async (req, _url, [p = "", i = ""]) => {
        const platform = platformParam(p);
        const id = postIdParam(i);
        const body = await readParams(req);
        state.updateMedia(platform, id, { removed: optionalBoolean(body, "removed"), brokenVideo: optionalBoolean(body, "brokenVideo") });
        return postSummary(state, platform, id);
      }),
    )
    .on(
      "POST",
      new RegExp(`^${POST}/expire-video$`),
      json((_req, _url, [p = "", i = ""]) => {
        const platform = platformParam(p);
        const id = postIdParam(i);
        if (platform === "pinterest") throw new ControlError(400, "Pinterest's video URLs do not expire");
        state.expireVideoUrls(platform, id);
        return postSummary(state, platform, id);
      }),
    );
}
