/**
 * The platforms' video files: each actor hands out a downloadable video URL
 * the way the real one does (only when asked, where the real one needs a
 * flag), the URLs serve real MP4s with byte ranges, expire like the images'
 * URLs, and the controls remove a post, expire its video URLs or break its
 * video. Its own Local Shopify, so the clock and the options may change.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectMp4, startsLikeMp4 } from "../../support/mp4.js";
import { startLocalShopify, type LocalShopify } from "../shopify/server.js";
import { platformControl, uniqueAccount, uniquePinId } from "./client.js";
import { LOCAL_APIFY_TOKEN } from "./index.js";

let local: LocalShopify;
let base: string;
let control: ReturnType<typeof platformControl>;

beforeAll(async () => {
  local = await startLocalShopify({ port: 0, appUrl: "http://localhost:3999" });
  base = local.url;
  control = platformControl(base);
  await control.configure({ runMs: 0 });
});
afterAll(() => local?.close());

const HOUR = 3600_000;
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/platform-videos/${name}`, import.meta.url));

/** The fields of each actor's dataset items that these tests read. */
interface TikTokItem {
  id: string;
  mediaUrls: string[];
  videoMeta: { coverUrl: string; downloadAddr?: string };
  error?: string;
}
interface ReelItem {
  shortCode: string;
  displayUrl: string;
  videoUrl: string;
  downloadedVideoUrl?: string;
}
interface PinItem {
  id: string;
  is_video: boolean;
  images: { orig: { url: string } };
  videos: { video_list: { V_720P: { url: string; width: number; height: number; duration: number; thumbnail: string } } } | null;
}
interface ActorItems {
  "clockworks~tiktok-scraper": TikTokItem;
  "apify~instagram-reel-scraper": ReelItem;
  "epctex~pinterest-scraper": PinItem;
}

async function datasetItems<Actor extends keyof ActorItems>(actor: Actor, input: object): Promise<Array<ActorItems[Actor]>> {
  const started = await fetch(`${base}/apify/v2/acts/${actor}/runs?waitForFinish=10`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${LOCAL_APIFY_TOKEN}` },
    body: JSON.stringify(input),
  });
  expect(started.status, `${actor} started`).toBe(201);
  const run = (await started.json()) as { data: { defaultDatasetId: string } };
  return fetch(`${base}/apify/v2/datasets/${run.data.defaultDatasetId}/items?token=${LOCAL_APIFY_TOKEN}`).then((r) => r.json());
}

async function firstItem<Actor extends keyof ActorItems>(actor: Actor, input: object): Promise<ActorItems[Actor]> {
  const [item] = await datasetItems(actor, input);
  expect(item, `${actor} found an item`).toBeDefined();
  return item!;
}

/** A TikTok account's newest video with its downloaded copy's URL. */
async function tiktokDownload(name = uniqueAccount()): Promise<{ id: string; url: string }> {
  const item = await firstItem("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1, shouldDownloadVideos: true });
  expect(item.mediaUrls).toHaveLength(1);
  return { id: item.id, url: item.mediaUrls[0]! };
}

describe("the actors hand out a downloadable video URL only when asked", () => {
  it("TikTok: shouldDownloadVideos saves the video to the run's key-value store; mediaUrls and videoMeta.downloadAddr point to it", async () => {
    const name = uniqueAccount();
    const plain = await firstItem("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1 });
    expect(plain.mediaUrls).toEqual([]);
    expect(plain.videoMeta).not.toHaveProperty("downloadAddr");
    const explicitNo = await firstItem("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1, shouldDownloadVideos: false });
    expect(explicitNo.mediaUrls).toEqual([]);

    const item = await firstItem("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1, shouldDownloadVideos: true });
    const [url] = item.mediaUrls;
    expect(url).toMatch(new RegExp(`^${base}/apify/v2/key-value-stores/[A-Za-z0-9]{17}/records/video-${name}-\\d{14}-${item.id}\\?signature=[A-Za-z0-9_-]+$`));
    expect(item.videoMeta.downloadAddr).toBe(url);

    // The signed URL needs no token, as a record URL shared by the actor.
    const bytes = await expectMp4(await fetch(url!));
    expect(bytes.equals(fixture((await control.post("tiktok", item.id)).videoFile))).toBe(true);
  });

  it("TikTok: the same for a post URL, and a flattened dataset carries the flattened key", async () => {
    const name = uniqueAccount("flat");
    const { posts } = await control.account("tiktok", name);
    const postUrl = posts[3]!.url;
    const [item] = (await datasetItems("clockworks~tiktok-scraper", { postURLs: [postUrl], shouldDownloadVideos: true })) as unknown as Array<
      Record<string, unknown>
    >;
    expect(item?.["videoMeta.downloadAddr"]).toEqual((item?.mediaUrls as string[])[0]);
    await expectMp4(await fetch(item?.["videoMeta.downloadAddr"] as string));
  });

  it("TikTok: refuses a download flag that is not a boolean, like the actor's input schema", async () => {
    const response = await fetch(`${base}/apify/v2/acts/clockworks~tiktok-scraper/runs`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${LOCAL_APIFY_TOKEN}` },
      body: JSON.stringify({ profiles: ["x"], shouldDownloadVideos: "yes" }),
    });
    expect(response.status).toBe(400);
  });

  it("Instagram: videoUrl (the CDN's, expiring) always; downloadedVideoUrl only with includeDownloadedVideo", async () => {
    const name = uniqueAccount();
    const plain = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1 });
    expect(plain).not.toHaveProperty("downloadedVideoUrl");
    expect(plain.videoUrl).toMatch(new RegExp(`^${base}/platform-cdn/instagram/video/${plain.shortCode}\\.mp4\\?_nc_cat=1&oh=[^&]+&oe=[0-9A-F]+$`));
    const cdnBytes = await expectMp4(await fetch(plain.videoUrl));

    const item = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1, includeDownloadedVideo: true });
    expect(item.downloadedVideoUrl).toMatch(new RegExp(`^${base}/apify/v2/key-value-stores/[A-Za-z0-9]{17}/records/reel-${item.shortCode}\\.mp4\\?signature=`));
    expect((await expectMp4(await fetch(item.downloadedVideoUrl!))).equals(cdnBytes)).toBe(true);
  });

  it("Pinterest: a video pin's videos.video_list.V_720P is on the pin CDN and never expires; an image pin has no videos", async () => {
    const pinId = uniquePinId();
    const pin = await firstItem("epctex~pinterest-scraper", { startUrls: [{ url: `https://www.pinterest.com/pin/${pinId}/` }] });
    expect(pin).toMatchObject({ id: pinId, is_video: true });
    const v720 = pin.videos?.video_list.V_720P;
    expect(v720).toEqual({
      url: `${base}/platform-cdn/pinterest/video/${pinId}.mp4`,
      width: 720,
      height: 1280,
      duration: expect.any(Number),
      thumbnail: pin.images.orig.url,
    });
    await control.clock({ offsetMs: 365 * 24 * HOUR });
    await expectMp4(await fetch(v720!.url));
    await control.clock({ offsetMs: 0 });

    const imagePin = await firstItem("epctex~pinterest-scraper", { startUrls: [`https://www.pinterest.com/pin/${uniquePinId("100")}/`] });
    expect(imagePin).toMatchObject({ is_video: false, videos: null });
    await expect(control.expireVideo("pinterest", pinId)).rejects.toThrow(/do not expire/);
  });
});

describe("video files", () => {
  it("answer byte ranges (206), a suffix range, HEAD, and 416 past the end", async () => {
    const { id, url } = await tiktokDownload();
    const whole = fixture((await control.post("tiktok", id)).videoFile);

    const head = await fetch(url, { headers: { Range: "bytes=0-7" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe(`bytes 0-7/${whole.length}`);
    expect(head.headers.get("content-type")).toBe("video/mp4");
    const first = Buffer.from(await head.arrayBuffer());
    expect(startsLikeMp4(first)).toBe(true);
    expect(first.equals(whole.subarray(0, 8))).toBe(true);

    const tail = await fetch(url, { headers: { Range: "bytes=-16" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 16))).toBe(true);

    const open = await fetch(url, { headers: { Range: `bytes=${whole.length - 10}-` } });
    expect(open.headers.get("content-range")).toBe(`bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`);

    const beyond = await fetch(url, { headers: { Range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${whole.length}`);

    const onlyHeaders = await fetch(url, { method: "HEAD" });
    expect(onlyHeaders.status).toBe(200);
    expect(onlyHeaders.headers.get("content-length")).toBe(String(whole.length));

    // A client holding another version of the file (If-Range no longer matches) gets all of this one.
    const stale = await fetch(url, { headers: { Range: "bytes=0-7", "If-Range": '"another-version"' } });
    expect(stale.status).toBe(200);
    const etag = stale.headers.get("etag")!;
    await stale.arrayBuffer();
    expect((await fetch(url, { headers: { Range: "bytes=0-7", "If-Range": etag } })).status).toBe(206);
  });

  it("are the same file for the same post in every run, and differ across posts", async () => {
    const name = uniqueAccount();
    const first = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1 });
    const again = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1 });
    expect((await expectMp4(await fetch(first.videoUrl))).equals(await expectMp4(await fetch(again.videoUrl)))).toBe(true);

    const { posts } = await control.account("instagram", name);
    const files = await Promise.all(posts.map(async (post) => (await control.post("instagram", post.id)).videoFile));
    expect(new Set(files).size).toBeGreaterThan(1);
    expect(files.every((file) => /^video-[1-5]\.mp4$/.test(file))).toBe(true);
  });
});

describe("expiring video URLs", () => {
  it("TikTok's downloaded copy: the signed URL answers 403 after 6 hours, a fresh run's works; the token still reads the record", async () => {
    const name = uniqueAccount();
    const { url } = await tiktokDownload(name);
    const signature = Buffer.from(new URL(url).searchParams.get("signature")!, "base64url").toString("utf8");
    const expires = Number(signature.split(".")[0]) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(5.9 * HOUR);
    expect(expires - Date.now()).toBeLessThanOrEqual(6 * HOUR);

    await control.clock({ offsetMs: 7 * HOUR });
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: { type: "insufficient-permissions", message: "The signature of this URL has expired" } });
    const withToken = new URL(url);
    withToken.searchParams.delete("signature");
    await expectMp4(await fetch(withToken, { headers: { Authorization: `Bearer ${LOCAL_APIFY_TOKEN}` } }));

    const fresh = await tiktokDownload(name);
    await expectMp4(await fetch(fresh.url));
    await control.clock({ offsetMs: 0 });
  });

  it("Instagram's videoUrl answers 403 'URL signature expired' about 33 hours after the run, long before its cover; a fresh run's works", async () => {
    const name = uniqueAccount();
    const item = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1 });
    const expires = parseInt(new URL(item.videoUrl).searchParams.get("oe")!, 16) * 1000;
    expect((expires - Date.now()) / HOUR).toBeGreaterThan(32.9);
    expect((expires - Date.now()) / HOUR).toBeLessThanOrEqual(33);
    await control.clock({ offsetMs: 32 * HOUR });
    expect((await fetch(item.videoUrl, { headers: { Range: "bytes=0-7" } })).status).toBe(206);
    await control.clock({ offsetMs: 34 * HOUR });
    const expired = await fetch(item.videoUrl);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("URL signature expired");
    expect((await fetch(item.displayUrl)).status).toBe(200);
    const fresh = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1 });
    await expectMp4(await fetch(fresh.videoUrl));
    await control.clock({ offsetMs: 0 });
  });

  it("expire-video makes the post's URLs handed out so far answer 403 at once; URLs handed out later work", async () => {
    const name = uniqueAccount();
    const reel = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1, includeDownloadedVideo: true });
    const other = (await datasetItems("apify~instagram-reel-scraper", { username: [name], resultsLimit: 2 }))[1]!;
    expect((await control.expireVideo("instagram", reel.shortCode)).videoGeneration).toBe(1);

    const cdn = await fetch(reel.videoUrl);
    expect(cdn.status).toBe(403);
    expect(await cdn.text()).toBe("URL signature expired");
    expect((await fetch(reel.downloadedVideoUrl!)).status).toBe(403);
    // Its cover and the account's other reels are not touched.
    expect((await fetch(reel.displayUrl)).status).toBe(200);
    await expectMp4(await fetch(other.videoUrl));

    const fresh = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1, includeDownloadedVideo: true });
    await expectMp4(await fetch(fresh.videoUrl));
    await expectMp4(await fetch(fresh.downloadedVideoUrl!));

    const tiktok = await tiktokDownload();
    await control.expireVideo("tiktok", tiktok.id);
    expect((await fetch(tiktok.url)).status).toBe(403);
  });

  it("the lifetime is configurable per account and for the whole emulator; expired_ accounts get expired URLs", async () => {
    const name = uniqueAccount();
    expect((await control.setAccount("tiktok", name, { videoTtlSeconds: 60 })).videoTtlSeconds).toBe(60);
    const short = await tiktokDownload(name);
    const expiresIn = (url: string) =>
      Number(Buffer.from(new URL(url).searchParams.get("signature")!, "base64url").toString().split(".")[0]) * 1000 - Date.now();
    expect(expiresIn(short.url)).toBeLessThanOrEqual(60_000);
    await control.clock({ offsetMs: 2 * 60_000 });
    expect((await fetch(short.url)).status).toBe(403);
    await control.clock({ offsetMs: 0 });

    expect((await control.configure({ videoTtlSeconds: 120 })).options.videoTtlSeconds).toBe(120);
    const reel = await firstItem("apify~instagram-reel-scraper", { username: [uniqueAccount()], resultsLimit: 1 });
    const oe = parseInt(new URL(reel.videoUrl).searchParams.get("oe")!, 16) * 1000;
    expect(oe - Date.now()).toBeLessThanOrEqual(120_000);
    expect((await control.configure({ videoTtlSeconds: null })).options.videoTtlSeconds).toBeNull();

    const expired = await tiktokDownload(uniqueAccount("expired"));
    expect((await fetch(expired.url)).status).toBe(403);
  });

  it("a tampered or missing signature is refused; without token or signature the record needs the token", async () => {
    const { url } = await tiktokDownload();
    const tampered = new URL(url);
    tampered.searchParams.set("signature", Buffer.from(`${Math.floor(Date.now() / 1000) + 86_400}.forged`).toString("base64url"));
    expect((await fetch(tampered)).status).toBe(403);
    const bare = new URL(url);
    bare.search = "";
    const noToken = await fetch(bare);
    expect(noToken.status).toBe(401);
    expect((await noToken.json()).error.type).toBe("token-not-provided");
    expect((await fetch(bare, { headers: { Authorization: "Bearer apify_api_wrong" } })).status).toBe(401);
  });
});

describe("removed posts and broken videos", () => {
  it("a removed post is gone from its account and its post URL; its downloaded copy and cover answer 404", async () => {
    const name = uniqueAccount();
    const [newest] = await datasetItems("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1, shouldDownloadVideos: true });
    await expectMp4(await fetch(newest!.mediaUrls[0]!));

    expect(await control.setPost("tiktok", newest!.id, { removed: true })).toMatchObject({ removed: true });
    expect((await fetch(newest!.mediaUrls[0]!)).status).toBe(404);
    expect((await fetch(newest!.videoMeta.coverUrl)).status).toBe(404);

    const account = await control.account("tiktok", name);
    expect(account).toMatchObject({ postCount: 11, removedPostIds: [newest!.id] });
    const items = await datasetItems("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 30 });
    expect(items.map((i) => i.id)).not.toContain(newest!.id);
    const [byUrl] = await datasetItems("clockworks~tiktok-scraper", { postURLs: [`https://www.tiktok.com/@${name}/video/${newest!.id}`] });
    expect(byUrl?.error).toMatch(/not found/i);

    await control.setPost("tiktok", newest!.id, { removed: null });
    expect((await control.account("tiktok", name)).postCount).toBe(12);
    expect((await fetch(newest!.videoMeta.coverUrl)).status).toBe(200);
  });

  it("a removed reel's or pin's video and image answer 404 (Pinterest's oEmbed as well)", async () => {
    const reel = await firstItem("apify~instagram-reel-scraper", { username: [uniqueAccount()], resultsLimit: 1 });
    await control.setPost("instagram", reel.shortCode, { removed: true });
    expect((await fetch(reel.videoUrl)).status).toBe(404);
    expect((await fetch(reel.displayUrl)).status).toBe(404);
    const [byUrl] = (await datasetItems("apify~instagram-reel-scraper", {
      username: [`https://www.instagram.com/reel/${reel.shortCode}/`],
    })) as unknown as Array<{
      error?: string;
    }>;
    expect(byUrl?.error).toBe("not_found");

    const pinId = uniquePinId();
    const pinUrl = `https://www.pinterest.com/pin/${pinId}/`;
    const pin = await firstItem("epctex~pinterest-scraper", { startUrls: [pinUrl] });
    await control.setPost("pinterest", pinId, { removed: true });
    expect((await fetch(pin.videos!.video_list.V_720P.url)).status).toBe(404);
    expect((await fetch(pin.images.orig.url)).status).toBe(404);
    expect((await fetch(`${base}/oembed/pinterest.json?url=${encodeURIComponent(pinUrl)}`)).status).toBe(404);
    expect(await datasetItems("epctex~pinterest-scraper", { startUrls: [pinUrl] })).toEqual([]);
  });

  it("a post set up to fail processing serves the undecodable file: MP4 by name, type and first box, nothing playable after", async () => {
    const name = uniqueAccount();
    const reel = await firstItem("apify~instagram-reel-scraper", { username: [name], resultsLimit: 1, includeDownloadedVideo: true });
    expect(await control.setPost("instagram", reel.shortCode, { brokenVideo: true })).toMatchObject({ brokenVideo: true, videoFile: "broken.mp4" });
    const broken = fixture("broken.mp4");
    for (const url of [reel.videoUrl, reel.downloadedVideoUrl!]) {
      const bytes = await expectMp4(await fetch(url));
      expect(bytes.equals(broken)).toBe(true);
      expect(bytes.includes(Buffer.from("moov"))).toBe(false);
    }
    await control.setPost("instagram", reel.shortCode, { brokenVideo: false });
    expect((await expectMp4(await fetch(reel.videoUrl))).equals(broken)).toBe(false);
  });

  it("refuse post ids and settings they do not understand", async () => {
    await expect(control.setPost("tiktok", "../etc", { removed: true })).rejects.toThrow(/404|not a post id/);
    await expect(control.setPost("tiktok", "7123", { removed: "yes" as unknown as boolean })).rejects.toThrow(/removed must be/);
  });
});
