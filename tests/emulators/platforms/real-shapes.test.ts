/**
 * The item shapes real actor datasets carry besides plain full videos
 * (issue 28 item 1, decision 081), as the emulated actors push them: TikTok
 * items flattened by a dataset view without `id` (the `flat` scenario or
 * control), and the `mixed` scenario's photo slideshows, Instagram image and
 * carousel posts, pinned posts, repeated posts and empty `mediaUrls`; and
 * Instagram's error item for a private account.
 */
import { ApifyClient } from "apify-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalShopify, type LocalShopify } from "../shopify/server.js";
import { platformControl, uniqueAccount } from "./client.js";
import { LOCAL_APIFY_TOKEN } from "./index.js";

let local: LocalShopify;
let client: ApifyClient;
let control: ReturnType<typeof platformControl>;

beforeAll(async () => {
  local = await startLocalShopify({ port: 0, appUrl: "http://localhost:3999" });
  client = new ApifyClient({ token: LOCAL_APIFY_TOKEN, baseUrl: `${local.url}/apify`, maxRetries: 0 });
  control = platformControl(local.url);
  await control.configure({ runMs: 20 });
});
afterAll(() => local?.close());

type Item = Record<string, unknown>;

async function items(actorId: string, input: Record<string, unknown>): Promise<Item[]> {
  const run = await client.actor(actorId).call(input, { log: null });
  expect(run.status).toBe("SUCCEEDED");
  return (await client.dataset(run.defaultDatasetId).listItems()).items as Item[];
}

const tiktok = (input: Record<string, unknown>) => items("clockworks/tiktok-scraper", input);
const reels = (input: Record<string, unknown>) => items("apify/instagram-reel-scraper", input);

describe("TikTok datasets exported through a view", () => {
  it("flat_ accounts: dotted keys, no `id`; webVideoUrl names the post", async () => {
    const name = uniqueAccount("flat");
    const { posts } = await control.account("tiktok", name);
    const [first, ...rest] = await tiktok({ profiles: [name], resultsPerPage: 3 });
    expect(rest).toHaveLength(2);
    expect(first).not.toHaveProperty("id");
    expect(first).not.toHaveProperty("authorMeta");
    expect(first).toMatchObject({
      webVideoUrl: `https://www.tiktok.com/@${name}/video/${posts[0]!.id}`,
      "authorMeta.name": name,
      "videoMeta.coverUrl": expect.stringContaining("/platform-cdn/tiktok/cover/"),
      "videoMeta.duration": expect.any(Number),
    });
  });

  it("the `flat` control flattens any account's items, and clears with null", async () => {
    const name = uniqueAccount();
    expect((await control.setAccount("tiktok", name, { flat: true })).flat).toBe(true);
    const [flat] = await tiktok({ profiles: [name] });
    expect(flat).not.toHaveProperty("id");
    expect(flat?.["authorMeta.name"]).toBe(name);
    await control.setAccount("tiktok", name, { flat: null });
    const [full] = await tiktok({ profiles: [name] });
    expect(full).toMatchObject({ id: expect.stringMatching(/^\d{19}$/), authorMeta: { name } });
  });
});

describe("the mixed scenario: what real datasets carry besides plain videos", () => {
  it("TikTok: slideshows with no video (empty mediaUrls even when downloads are asked), the pinned post first, the newest twice", async () => {
    const name = uniqueAccount("mixed");
    const { posts } = await control.account("tiktok", name);
    const slideshows = posts.filter((post) => post.shape === "slideshow").map((post) => post.id);
    const pinned = posts.filter((post) => post.pinned).map((post) => post.id);
    expect(slideshows).toHaveLength(3);
    expect(pinned).toHaveLength(1);

    const listed = await tiktok({ profiles: [name], resultsPerPage: 12, shouldDownloadVideos: true });
    expect(listed).toHaveLength(13);
    expect(listed[0]).toMatchObject({ id: pinned[0], isPinned: true, isSlideshow: false });
    expect(listed[12]).toEqual({ ...listed.find((item) => item.id === posts[0]!.id), mediaUrls: expect.any(Array), videoMeta: expect.any(Object) });
    for (const item of listed) {
      const slideshow = slideshows.includes(item.id as string);
      expect(item.isSlideshow).toBe(slideshow);
      if (slideshow) {
        expect(item.mediaUrls).toEqual([]);
        expect(item.videoMeta).not.toHaveProperty("duration");
        expect(item.videoMeta).not.toHaveProperty("downloadAddr");
      } else {
        expect((item.mediaUrls as string[]).length).toBe(1);
      }
    }
    // Without the download add-on every item's mediaUrls is empty, as the actor's.
    expect((await tiktok({ profiles: [name], resultsPerPage: 12 })).every((item) => (item.mediaUrls as string[]).length === 0)).toBe(true);
  });

  it("TikTok: mixed and flat together (scenario and control)", async () => {
    const name = uniqueAccount("mixed");
    await control.setAccount("tiktok", name, { flat: true });
    const listed = await tiktok({ profiles: [name], resultsPerPage: 12 });
    expect(listed.filter((item) => item.isSlideshow === true)).toHaveLength(3);
    expect(listed.some((item) => "id" in item)).toBe(false);
  });

  it("Instagram: image and carousel posts without a video, the pinned reel first, the newest twice", async () => {
    const name = uniqueAccount("mixed");
    const { posts } = await control.account("instagram", name);
    const listed = await reels({ username: [name], resultsLimit: 9, includeDownloadedVideo: true });
    expect(listed).toHaveLength(10);
    const byShape = (shape: string) => posts.filter((post) => post.shape === shape).map((post) => post.id);
    expect(byShape("image")).toHaveLength(2);
    expect(byShape("sidecar")).toHaveLength(2);
    expect(listed[0]).toMatchObject({ shortCode: posts.find((post) => post.pinned)!.id, type: "Video", isPinned: true });
    expect(listed[9]?.shortCode).toBe(posts[0]!.id);
    for (const item of listed) {
      if (byShape("image").includes(item.shortCode as string)) {
        expect(item).toMatchObject({ type: "Image", isPinned: false });
        expect(item).not.toHaveProperty("videoUrl");
        expect(item).not.toHaveProperty("downloadedVideoUrl");
      } else if (byShape("sidecar").includes(item.shortCode as string)) {
        expect(item).toMatchObject({ type: "Sidecar", childPosts: [{ type: "Image" }, { type: "Image" }] });
        expect(item).not.toHaveProperty("videoUrl");
      } else {
        expect(item).toMatchObject({ type: "Video", videoUrl: expect.any(String), downloadedVideoUrl: expect.any(String) });
      }
    }
  });

  it("Instagram: a private account's error item, as apify/instagram-reel-scraper pushes it", async () => {
    const name = uniqueAccount("private");
    expect(await reels({ username: [name] })).toEqual([
      {
        url: `https://www.instagram.com/${name}`,
        inputUrl: `https://www.instagram.com/${name}`,
        requestErrorMessages: [],
        error: "no_items",
        errorDescription: "Empty or private data for provided input",
      },
    ]);
  });
});
