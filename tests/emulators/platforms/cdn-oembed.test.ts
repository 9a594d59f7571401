/**
 * The platform CDNs' expiring thumbnail URLs (and that Local Shopify's
 * fileCreate can copy them while they live), Pinterest's oEmbed, and the
 * control endpoints. Its own Local Shopify, so the clock may move.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, type TestWorld } from "../shopify/test-support.js";
import { platformControl, uniqueAccount, uniquePinId } from "./client.js";
import { LOCAL_APIFY_TOKEN } from "./index.js";

let world: TestWorld;
let base: string;
let control: ReturnType<typeof platformControl>;

beforeAll(async () => {
  world = await startTestWorld();
  base = world.localShopify.url;
  control = platformControl(base);
  await control.configure({ runMs: 0 });
});
afterAll(() => world?.close());

const HOUR = 3600_000;

/** The fields of each actor's dataset items that these tests read. */
interface ActorItems {
  "clockworks~tiktok-scraper": { videoMeta: { coverUrl: string }; authorMeta: { avatar: string; nickName: string } };
  "apify~instagram-reel-scraper": { shortCode: string; displayUrl: string; ownerUsername: string; ownerFullName: string };
}

async function datasetItems<Actor extends keyof ActorItems>(actor: Actor, input: object): Promise<Array<ActorItems[Actor]>> {
  const run = (await fetch(`${base}/apify/v2/acts/${actor}/runs?waitForFinish=10`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${LOCAL_APIFY_TOKEN}` },
    body: JSON.stringify(input),
  }).then((r) => r.json())) as { data: { defaultDatasetId: string } };
  return fetch(`${base}/apify/v2/datasets/${run.data.defaultDatasetId}/items?token=${LOCAL_APIFY_TOKEN}`).then((r) => r.json());
}

/** The run's first dataset item (the test fails here when the run found nothing). */
async function firstItem<Actor extends keyof ActorItems>(actor: Actor, input: object): Promise<ActorItems[Actor]> {
  const [item] = await datasetItems(actor, input);
  expect(item, `${actor} found an item`).toBeDefined();
  return item!;
}

describe("expiring thumbnail URLs", () => {
  it("TikTok covers and avatars live about 47 hours after the run (x-expires, unix seconds), the video file 41 hours less", async () => {
    await control.clock({ offsetMs: 0 });
    const item = await firstItem("clockworks~tiktok-scraper", { profiles: [uniqueAccount()], resultsPerPage: 1 });
    const cover: string = item.videoMeta.coverUrl;
    const expires = Number(new URL(cover).searchParams.get("x-expires")) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(46.9 * HOUR);
    expect(expires - Date.now()).toBeLessThanOrEqual(47 * HOUR);
    expect(Number(new URL(item.authorMeta.avatar).searchParams.get("x-expires")) * 1000).toBe(expires);

    const ok = await fetch(cover);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/svg+xml");
    expect(await ok.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect((await fetch(item.authorMeta.avatar)).status).toBe(200);

    // Past the video file's 6 hours the cover still works.
    await control.clock({ offsetMs: 7 * HOUR });
    expect((await fetch(cover)).status).toBe(200);
    await control.clock({ offsetMs: 46 * HOUR });
    expect((await fetch(cover)).status).toBe(200);
    await control.clock({ offsetMs: 48 * HOUR });
    const expired = await fetch(cover);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("URL signature expired");
    expect((await fetch(item.authorMeta.avatar)).status).toBe(403);
    await control.clock({ offsetMs: 0 });
  });

  it("Instagram covers live about 3.4 days after the run (oe = hex expiry)", async () => {
    const item = await firstItem("apify~instagram-reel-scraper", { username: [uniqueAccount()], resultsLimit: 1 });
    const display: string = item.displayUrl;
    const expires = parseInt(new URL(display).searchParams.get("oe")!, 16) * 1000;
    expect((expires - Date.now()) / HOUR).toBeGreaterThan(81.5);
    expect((expires - Date.now()) / HOUR).toBeLessThanOrEqual(81.6);
    await control.clock({ offsetMs: 81 * HOUR });
    expect((await fetch(display)).status).toBe(200);
    await control.clock({ offsetMs: 82 * HOUR });
    expect((await fetch(display)).status).toBe(403);
    await control.clock({ offsetMs: 0 });
  });

  it("a signature that does not match is refused", async () => {
    const item = await firstItem("clockworks~tiktok-scraper", { profiles: [uniqueAccount()], resultsPerPage: 1 });
    const url = new URL(item.videoMeta.coverUrl);
    url.searchParams.set("x-expires", String(Number(url.searchParams.get("x-expires")) + 86400));
    expect((await fetch(url)).status).toBe(403);
    const noSignature = new URL(item.videoMeta.coverUrl);
    noSignature.search = "";
    expect((await fetch(noSignature)).status).toBe(403);
  });

  it("an account's thumbnail lifetime can be shortened for a test", async () => {
    const name = uniqueAccount();
    // A minute, passed on the emulator's clock: a real one-second lifetime could end before the first fetch on a busy machine.
    await control.setAccount("tiktok", name, { thumbnailTtlSeconds: 60 });
    const item = await firstItem("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1 });
    expect((await fetch(item.videoMeta.coverUrl)).status).toBe(200);
    // The expiry is in whole seconds (up to one early), and real time passes too: check well inside and well past it.
    await control.clock({ advanceMs: 30_000 });
    expect((await fetch(item.videoMeta.coverUrl)).status).toBe(200);
    await control.clock({ advanceMs: 31_000 });
    expect((await fetch(item.videoMeta.coverUrl)).status).toBe(403);
    await control.clock({ offsetMs: 0 });
  });

  it("Local Shopify's fileCreate keeps a copy while the URL lives; the copy outlives it", async () => {
    const item = await firstItem("clockworks~tiktok-scraper", { profiles: [uniqueAccount()], resultsPerPage: 1 });
    const session = await world.sessionFor("thumbs-shop");
    const gql = (query: string, variables: object) =>
      fetch(`${base}/admin/api/2025-10/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": session.accessToken! },
        body: JSON.stringify({ query, variables }),
      }).then((r) => r.json());
    const created = await gql(`mutation($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id } userErrors { code } } }`, {
      files: [{ originalSource: item.videoMeta.coverUrl, contentType: "IMAGE", alt: "cover" }],
    });
    expect(created.data.fileCreate.userErrors).toEqual([]);
    await world.localShopify.settled();
    const node = await gql(`query($id: ID!) { node(id: $id) { ... on MediaImage { fileStatus image { url } } } }`, { id: created.data.fileCreate.files[0].id });
    expect(node.data.node.fileStatus).toBe("READY");

    await control.clock({ offsetMs: 48 * HOUR });
    expect((await fetch(item.videoMeta.coverUrl)).status).toBe(403);
    const copy = await fetch(node.data.node.image.url);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/svg+xml");
    await control.clock({ offsetMs: 0 });
  });

  it("Pinterest pin images do not expire", async () => {
    const id = uniquePinId();
    const answer = await fetch(`${base}/oembed/pinterest.json?url=${encodeURIComponent(`https://www.pinterest.com/pin/${id}/`)}`).then((r) => r.json());
    await control.clock({ offsetMs: 365 * 24 * HOUR });
    expect((await fetch(answer.thumbnail_url)).status).toBe(200);
    await control.clock({ offsetMs: 0 });
  });
});

describe("Pinterest oEmbed emulator", () => {
  const oembed = (url: string) => fetch(`${base}/oembed/pinterest.json?url=${encodeURIComponent(url)}`);

  it("answers any well-formed pin URL with a pin seeded by its id", async () => {
    const id = uniquePinId();
    const first = await (await oembed(`https://www.pinterest.com/pin/${id}/`)).json();
    const again = await (await oembed(`https://uk.pinterest.com/pin/a-slug--${id}/`)).json();
    expect(first).toEqual(again);
    expect(first).toMatchObject({
      type: "rich",
      version: "1.0",
      provider_name: "Pinterest",
      title: expect.any(String),
      author_name: expect.any(String),
      author_url: expect.stringMatching(/^https:\/\/www\.pinterest\.com\/\w+\/$/),
      thumbnail_url: `${base}/platform-cdn/pinterest/pin/${id}.svg`,
      thumbnail_width: 236,
      html: expect.stringMatching(new RegExp(`^<iframe src="https://assets\\.pinterest\\.com/ext/embed\\.html\\?id=${id}"`)),
    });
  });

  it("answers an image pin exactly like a video pin: nothing in oEmbed says which it is", async () => {
    const video = await (await oembed(`https://www.pinterest.com/pin/${uniquePinId()}/`)).json();
    const image = await (await oembed(`https://www.pinterest.com/pin/${uniquePinId("100")}/`)).json();
    expect(Object.keys(image).sort()).toEqual(Object.keys(video).sort());
    expect(image).toMatchObject({ type: video.type, thumbnail_width: video.thumbnail_width, width: video.width, height: video.height });
    expect(Object.keys(image).filter((key) => /video/i.test(key))).toEqual([]);
  });

  it("answers 404 for what is not a pin URL and 400 without url", async () => {
    expect((await oembed("https://www.pinterest.com/someone/")).status).toBe(404);
    expect((await fetch(`${base}/oembed/pinterest.json`)).status).toBe(400);
  });

  it("takes scenarios from the pin id's first digits", async () => {
    expect((await oembed(`https://www.pinterest.com/pin/${uniquePinId("404")}/`)).status).toBe(404);
    expect((await oembed(`https://www.pinterest.com/pin/${uniquePinId("403")}/`)).status).toBe(403);
    expect((await oembed(`https://www.pinterest.com/pin/${uniquePinId("500")}/`)).status).toBe(500);
    const evil = await (await oembed(`https://www.pinterest.com/pin/${uniquePinId("666")}/`)).json();
    expect(evil.html).toContain("<script>alert(1)</script>");
    expect(evil.thumbnail_url).toBe("javascript:alert(1)");
  });

  it("answers a held pin once the test releases it, not before", async () => {
    const id = uniquePinId();
    await control.setAccount("pinterest", id, { held: true });
    let answered = false;
    const answer = oembed(`https://www.pinterest.com/pin/${id}/`).then((response) => {
      answered = true;
      return response;
    });
    // Still waiting after other requests went and came back.
    expect((await oembed(`https://www.pinterest.com/pin/${uniquePinId()}/`)).status).toBe(200);
    expect(answered).toBe(false);
    await control.setAccount("pinterest", id, { held: false });
    expect((await answer).status).toBe(200);
  });
});

describe("control endpoints", () => {
  it("set an account's scenario, which overrides its name's prefix, and clear it again", async () => {
    const name = uniqueAccount("private");
    expect((await control.account("tiktok", name)).scenario).toBe("private");
    expect((await control.setAccount("tiktok", name, { scenario: "evil" })).scenario).toBe("evil");
    const item = await firstItem("clockworks~tiktok-scraper", { profiles: [name], resultsPerPage: 1 });
    expect(item.authorMeta.nickName).toContain("onerror");
    expect((await control.setAccount("tiktok", name, { scenario: null })).scenario).toBe("private");
  });

  it("add posts newer than all others; reset forgets them", async () => {
    const name = uniqueAccount();
    const before = await control.account("instagram", name);
    expect(before.postCount).toBe(9);
    const { added, posts } = await control.addPosts("instagram", name, 2);
    expect(posts.slice(0, 2).map((p) => p.id)).toEqual(added);
    expect(posts.slice(2)).toEqual(before.posts.map((p) => ({ ...p, thumbnailUrl: expect.any(String) })));
    const items = await datasetItems("apify~instagram-reel-scraper", { username: [name], resultsLimit: 2 });
    expect(items.map((i) => i.shortCode)).toEqual(added);
    expect((await control.resetAccount("instagram", name)).postCount).toBe(9);
  });

  it("refuse unknown platforms, scenarios and bad counts", async () => {
    await expect(control.account("myspace" as "tiktok", "x")).rejects.toThrow(/404/);
    await expect(control.setAccount("tiktok", "x", { scenario: "haunted" as "evil" })).rejects.toThrow(/unknown scenario/);
    await expect(control.addPosts("tiktok", "x", 0)).rejects.toThrow(/count/);
    await expect(control.addPosts("pinterest", "123", 1)).rejects.toThrow(/Pinterest/);
  });

  it("a URL import of an unknown reel still answers, owned by an account its prefix names", async () => {
    const item = await firstItem("apify~instagram-reel-scraper", { username: ["https://www.instagram.com/reel/evil_Ab12cd/"] });
    expect(item).toMatchObject({ shortCode: "evil_Ab12cd", ownerUsername: "evil_creator", ownerFullName: "<script>alert(1)</script>" });
  });
});
