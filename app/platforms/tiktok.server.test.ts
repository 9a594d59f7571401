/**
 * The TikTok importer against the Apify emulator inside the unit run's Local
 * Shopify (tests/emulators/platforms), through the real apify-client. Each
 * test uses its own account names; scenarios come from their prefixes.
 */
import { ApifyClient } from "apify-client";
import { describe, expect, it } from "vitest";
import { expectMp4 } from "../../tests/support/mp4";
import { platformControl, uniqueAccount } from "../../tests/emulators/platforms/client";
import { createImporter, getImporter, ImportError } from "./index.server";
import { tiktokVideo } from "./tiktok.server";

const control = platformControl();
const ACTOR = "clockworks/tiktok-scraper";

async function importError(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe("TikTok importer: account", () => {
  it("imports the latest videos with every field mapped, newest first, and records the actor input", async () => {
    const name = uniqueAccount();
    const { videos, channel, error } = await getImporter("tiktok").importChannel(` @${name.toUpperCase()} `);
    const account = await control.account("tiktok", name);

    expect(error).toBeUndefined();
    expect(videos).toHaveLength(12);
    expect(videos.map((v) => v.platformVideoId)).toEqual(account.posts.map((p) => p.id));
    const [newestPost] = account.posts;
    if (!newestPost) throw new Error("The emulated account has no posts");
    const [first] = videos;
    expect(first).toEqual({
      platformVideoId: newestPost.id,
      title: newestPost.caption,
      authorName: expect.stringMatching(/^Shop[0-9a-f]{12}$/),
      channelUsername: name,
      thumbnailUrl: expect.stringMatching(
        new RegExp(`^${process.env.LOCAL_SHOPIFY_URL}/platform-cdn/tiktok/cover/${first?.platformVideoId}\\.svg\\?x-expires=\\d+&x-signature=`),
      ),
      embedHtml: null,
      videoUrl: `https://www.tiktok.com/@${name}/video/${first?.platformVideoId}`,
      // The importer does not ask the actor to download videos (a paid add-on), so there is no file URL.
      downloadUrl: null,
      publishedAt: new Date(newestPost.createdAt),
      // Reach (decision 082): playCount, diggCount, commentCount, shareCount, collectCount, videoMeta.duration.
      figures: {
        plays: newestPost.views,
        likes: newestPost.likes,
        comments: newestPost.comments,
        shares: newestPost.shares,
        saves: Math.floor(newestPost.likes / 7),
        durationSeconds: newestPost.durationSec,
      },
      captions: expect.any(Array) as unknown,
    });
    // The post's subtitle files (decision 084): TikTok's languages as store languages, the speech-recognition one as the video's own.
    const withCaptions = videos.find((video) => video.captions?.length);
    expect(withCaptions?.captions?.map((caption) => [caption.lang, caption.spoken])).toEqual([
      ["fr", false],
      ["en", true],
      ["es", false],
    ]);
    expect(withCaptions?.captions?.[0]?.url).toMatch(/\/platform-cdn\/tiktok\/subtitle\/\d+-fra-FR\.vtt\?x-expires=\d+&x-signature=/);
    const times = videos.map((v) => v.publishedAt!.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(channel).toEqual({
      username: name,
      displayName: first?.authorName,
      avatarUrl: expect.stringContaining(`/platform-cdn/tiktok/avatar/${name}.svg?x-expires=`),
      followerCount: expect.any(Number),
    });

    const [run] = await control.runs({ actorId: ACTOR, contains: name });
    expect(run).toMatchObject({ status: "SUCCEEDED", itemCount: 12 });
    expect(run?.input).toMatchObject({
      profiles: [name],
      resultsPerPage: 30,
      profileSorting: "latest",
      shouldDownloadVideos: false,
      shouldDownloadCovers: false,
      shouldDownloadSubtitles: true,
    });
  });

  it("asks for at most `limit` videos", async () => {
    const name = uniqueAccount();
    const { videos } = await getImporter("tiktok").importChannel(name, { limit: 5 });
    const account = await control.account("tiktok", name);
    expect(videos.map((v) => v.platformVideoId)).toEqual(account.posts.slice(0, 5).map((p) => p.id));
  });

  it('reads datasets with flattened keys ("authorMeta.name") the same way', async () => {
    const name = uniqueAccount("flat");
    const { videos, channel } = await getImporter("tiktok").importChannel(name);
    expect(videos).toHaveLength(12);
    expect(videos[0]?.thumbnailUrl).toContain("/platform-cdn/tiktok/cover/");
    expect(videos[0]?.authorName).toMatch(/^Flat [0-9a-f]{12}$/i);
    expect(channel).toMatchObject({ username: name, displayName: videos[0]?.authorName, followerCount: expect.any(Number) });
    // The view's export carries no `id`: each comes from the item's webVideoUrl.
    const { posts } = await control.account("tiktok", name);
    expect(videos.map((v) => v.platformVideoId)).toEqual(posts.map((p) => p.id));
    // Its figures too, "videoMeta.duration" among them (decision 082).
    expect(videos[0]?.figures).toEqual({
      plays: posts[0]?.views,
      likes: posts[0]?.likes,
      comments: posts[0]?.comments,
      shares: posts[0]?.shares,
      saves: Math.floor(posts[0]!.likes / 7),
      durationSeconds: posts[0]?.durationSec,
    });
  });

  it("a real dataset's mix: slideshows skipped and counted, the pinned video kept in its place, a repeated post once", async () => {
    const name = uniqueAccount("mixed");
    const { posts } = await control.account("tiktok", name);
    const { videos, photoPostsSkipped } = await getImporter("tiktok").importChannel(name);
    expect(photoPostsSkipped).toBe(3);
    expect(videos.map((v) => v.platformVideoId)).toEqual(posts.filter((p) => p.shape === "video").map((p) => p.id));
    expect(videos.map((v) => v.platformVideoId)).toContain(posts.find((p) => p.pinned)?.id);
  });

  it("a resync finds the posts added since, first", async () => {
    const name = uniqueAccount();
    const importer = getImporter("tiktok");
    const before = await importer.importChannel(name);
    const { added } = await control.addPosts("tiktok", name, 3);
    const after = await importer.importChannel(name);
    expect(after.videos).toHaveLength(15);
    expect(after.videos.slice(0, 3).map((v) => v.platformVideoId)).toEqual(added);
    expect(after.videos.slice(3).map((v) => v.platformVideoId)).toEqual(before.videos.map((v) => v.platformVideoId));
  });

  it("keeps what a failing run fetched before it failed, and says why", async () => {
    const name = uniqueAccount("fail");
    const result = await getImporter("tiktok").importChannel(name);
    expect(result.videos).toHaveLength(6);
    expect(result.channel.username).toBe(name);
    // The merchant reads a plain reason; Apify's own words are kept for the server log.
    expect(result.error).toEqual({
      kind: "failed",
      message: "The platform did not return the videos this time. Please try again later.",
      detail: expect.stringContaining("failed: Request blocked"),
    });
  });

  it.each([
    ["private", "private"],
    ["missing", "not_found"],
    ["empty", "empty"],
  ] as const)("a %s account fails with kind %s", async (scenario, kind) => {
    const error = await importError(getImporter("tiktok").importChannel(uniqueAccount(scenario)));
    expect(error.kind).toBe(kind);
  });

  it("gives up after APIFY_WAIT_SECS with kind timeout and aborts the run on Apify", async () => {
    const name = uniqueAccount("slow");
    const started = Date.now();
    const error = await importError(createImporter("tiktok", { apifyWaitSecs: 1 }).importChannel(name));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(8000);
    const [run] = await control.runs({ actorId: ACTOR, contains: name });
    expect(run?.status).toBe("ABORTED");
  });

  it("waits for a run that finishes within the wait", async () => {
    const name = uniqueAccount("slow");
    await control.setAccount("tiktok", name, { runMs: 600 });
    const { videos } = await createImporter("tiktok", { apifyWaitSecs: 5 }).importChannel(name);
    expect(videos).toHaveLength(12);
  });

  it("stops when the caller aborts, and aborts the run", async () => {
    const name = uniqueAccount("slow");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const error = await importError(getImporter("tiktok").importChannel(name, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: "failed", message: "The import was cancelled" });
    // The slow run takes 150 s: ending within a few seconds of the abort, even on a busy machine, means the wait was cut short.
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect.poll(async () => (await control.runs({ actorId: ACTOR, contains: name }))[0]?.status).toBe("ABORTED");
  });

  it("without APIFY_TOKEN fails with kind missing_token, before calling Apify", async () => {
    const name = uniqueAccount();
    const error = await importError(createImporter("tiktok", { apifyToken: undefined }).importChannel(name));
    expect(error.kind).toBe("missing_token");
    expect(await control.runs({ contains: name })).toEqual([]);
  });

  it("a token Apify rejects is reported as missing_token, without the token", async () => {
    const token = "apify_api_not-the-right-one";
    const error = await importError(createImporter("tiktok", { apifyToken: token }).importChannel(uniqueAccount()));
    expect(error.kind).toBe("missing_token");
    expect(error.message).toBe("Video import is not set up correctly. Please contact support.");
    expect(error.detail).toContain("401");
    expect(error.detail).not.toContain(token);
    expect(error.message).not.toContain(token);
  });

  it.each(["bad name!", "", "@", "a".repeat(40), "name/../x", "<script>"])("refuses the username %j before calling Apify", async (input) => {
    const error = await importError(getImporter("tiktok").importChannel(input));
    expect(error.kind).toBe("invalid_input");
  });
});

describe("TikTok importer: one video", () => {
  it("imports a video from its URL, with its account", async () => {
    const name = uniqueAccount();
    const account = await control.account("tiktok", name);
    const post = account.posts[4];
    if (!post) throw new Error("The emulated account has fewer than five videos");
    const { video, channel } = await getImporter("tiktok").importVideo(post.url);
    expect(video).toMatchObject({ platformVideoId: post.id, title: post.caption, channelUsername: name, videoUrl: post.url });
    expect(channel).toMatchObject({ username: name, followerCount: expect.any(Number) });
    const [run] = await control.runs({ actorId: ACTOR, contains: post.id });
    expect(run?.input).toMatchObject({ postURLs: [post.url], resultsPerPage: 1 });
  });

  it("imports from a short link (the actor resolves it)", async () => {
    const { video } = await getImporter("tiktok").importVideo("https://vm.tiktok.com/ZMabc1234/");
    expect(video.platformVideoId).toMatch(/^\d{19}$/);
  });

  it.each([
    ["private", "private"],
    ["missing", "not_found"],
    ["fail", "failed"],
  ] as const)("a video of a %s account fails with kind %s", async (scenario, kind) => {
    const error = await importError(getImporter("tiktok").importVideo(`https://www.tiktok.com/@${uniqueAccount(scenario)}/video/7300000000000000001`));
    expect(error.kind).toBe(kind);
  });

  it.each([
    "https://www.tiktok.evil.example/@a/video/1",
    "http://www.tiktok.com/@a/video/1",
    "javascript:alert(1)",
    "https://www.tiktok.com/@a",
    "https://www.tiktok.com/@a/photo/7300000000000000001",
    "https://www.instagram.com/reel/Cabc/",
    "not a url",
  ])("refuses %s", async (url) => {
    const error = await importError(getImporter("tiktok").importVideo(url));
    expect(error.kind).toBe("invalid_input");
  });
});

describe("TikTok importer: the video file", () => {
  it("a dataset asked for downloads gives each video the URL of the actor's copy, which serves the MP4", async () => {
    const name = uniqueAccount();
    const client = new ApifyClient({ token: process.env.APIFY_TOKEN, baseUrl: `${process.env.LOCAL_SHOPIFY_URL}/apify`, maxRetries: 0 });
    const run = await client.actor(ACTOR).call({ profiles: [name], resultsPerPage: 2, shouldDownloadVideos: true }, { log: null });
    const { items } = await client.dataset(run.defaultDatasetId).listItems();
    const videos = items.map((item) => tiktokVideo(item, name));
    expect(videos).toHaveLength(2);
    for (const [index, video] of videos.entries()) {
      expect(video?.downloadUrl).toBe((items[index]?.mediaUrls as string[])[0]);
      await expectMp4(await fetch(video!.downloadUrl!));
    }
  });
});

describe("TikTok importer: posts read again (the media refresher, decision 083)", () => {
  it("one run for many posts, their fresh covers; the paid download only when files are asked for; a removed post is missing", async () => {
    const name = uniqueAccount();
    const importer = getImporter("tiktok");
    const { posts } = await control.account("tiktok", name);
    const asked = posts.slice(0, 3).map((post) => ({ platformVideoId: post.id, videoUrl: `https://www.tiktok.com/@${name}/video/${post.id}` }));
    await control.setPost("tiktok", asked[2]!.platformVideoId, { removed: true });

    const covers = await importer.lookupPosts!(asked);
    expect([...covers.keys()].sort()).toEqual(
      asked
        .slice(0, 2)
        .map((post) => post.platformVideoId)
        .sort(),
    );
    for (const video of covers.values()) {
      expect(Number(new URL(video.thumbnailUrl!).searchParams.get("x-expires")) * 1000 - Date.now()).toBeGreaterThan(46.9 * 3_600_000);
      expect(video.downloadUrl).toBeNull();
    }
    const files = await importer.lookupPosts!(asked.slice(0, 2), { withVideoFiles: true });
    for (const video of files.values()) await expectMp4(await fetch(video.downloadUrl!));

    const runs = (await control.runs({ actorId: ACTOR, contains: asked[0]!.platformVideoId })).filter((run) => "postURLs" in (run.input as object));
    expect(
      runs.map((run) => [(run.input as { postURLs: string[] }).postURLs.length, (run.input as { shouldDownloadVideos: boolean }).shouldDownloadVideos]),
    ).toEqual([
      [3, false],
      [2, true],
    ]);
  });
});

describe("TikTok importer: untrusted content", () => {
  it("keeps script payloads as text and drops javascript:/data: URLs", async () => {
    const name = uniqueAccount("evil");
    const { videos, channel } = await getImporter("tiktok").importChannel(name);
    expect(videos).toHaveLength(12);
    expect(videos.map((v) => v.title)).toContain("<script>alert(1)</script> Summer sale");
    expect(videos.map((v) => v.title)).toContain('<a href="javascript:alert(1)">Shop now</a>');
    expect(videos[0]?.authorName).toBe("<img src=x onerror=alert(1)>Evil Shop");
    for (const video of videos) {
      expect(video.videoUrl).toMatch(/^https:\/\/www\.tiktok\.com\/@evil_[0-9a-f]{12}\/video\/\d{19}$/);
      expect(video.thumbnailUrl === null || video.thumbnailUrl.startsWith("http://localhost")).toBe(true);
    }
    expect(videos.filter((v) => v.thumbnailUrl === null).length).toBeGreaterThanOrEqual(2);
    expect(channel.avatarUrl).toBeNull();
  });

  it("drops items whose id is not a TikTok id", () => {
    for (const id of ['1" onload=alert(1)', "javascript:alert(1)", "../../123", "12/../34", "", null]) {
      expect(tiktokVideo({ id, text: "x" }, "someone")).toBeNull();
    }
    expect(tiktokVideo({ id: 7300000000000000001n.toString(), text: "  hi \u0000 " }, "someone")).toMatchObject({
      title: "hi",
      videoUrl: "https://www.tiktok.com/@someone/video/7300000000000000001",
    });
  });

  it("takes the downloaded copy's URL from mediaUrls, else videoMeta.downloadAddr, and only http(s)", () => {
    const id = "7300000000000000001";
    const copy = "https://api.apify.com/v2/key-value-stores/AbCdEfGhIjKlMnOpQ/records/video-a-20261101090022-7300000000000000001";
    expect(tiktokVideo({ id, mediaUrls: ["javascript:alert(1)", copy] }, "a")?.downloadUrl).toBe(copy);
    expect(tiktokVideo({ id, mediaUrls: [], videoMeta: { downloadAddr: copy } }, "a")?.downloadUrl).toBe(copy);
    expect(tiktokVideo({ id, "videoMeta.downloadAddr": copy }, "a")?.downloadUrl).toBe(copy);
    expect(tiktokVideo({ id, mediaUrls: ["data:video/mp4;base64,AAAA"], videoMeta: { downloadAddr: "file:///etc/passwd" } }, "a")?.downloadUrl).toBeNull();
    expect(tiktokVideo({ id, mediaUrls: "not a list" }, "a")?.downloadUrl).toBeNull();
  });

  it("expired_* accounts hand out thumbnail URLs that already answer 403", async () => {
    const { videos } = await getImporter("tiktok").importChannel(uniqueAccount("expired"));
    const response = await fetch(videos[0]?.thumbnailUrl ?? "");
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("URL signature expired");
  });
});
