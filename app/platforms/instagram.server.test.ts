/** The Instagram importer (apify/instagram-reel-scraper) against the Apify emulator. */
import { describe, expect, it } from "vitest";
import { expectMp4 } from "../../tests/support/mp4";
import { platformControl, uniqueAccount } from "../../tests/emulators/platforms/client";
import { instagramVideo } from "./instagram.server";
import { createImporter, getImporter, ImportError } from "./index.server";

const control = platformControl();
const ACTOR = "apify/instagram-reel-scraper";

async function importError(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe("Instagram importer: account", () => {
  it("imports the latest reels with every field mapped, newest first", async () => {
    const name = uniqueAccount();
    const { videos, channel, error } = await getImporter("instagram").importChannel(`@${name}`);
    const account = await control.account("instagram", name);

    expect(error).toBeUndefined();
    expect(videos.map((v) => v.platformVideoId)).toEqual(account.posts.map((p) => p.id));
    expect(videos).toHaveLength(9);
    const [newestPost] = account.posts;
    if (!newestPost) throw new Error("The emulated account has no posts");
    expect(videos[0]).toEqual({
      platformVideoId: newestPost.id,
      title: newestPost.caption,
      authorName: expect.stringMatching(/^Shop[0-9a-f]{12}$/i),
      channelUsername: name,
      thumbnailUrl: expect.stringMatching(/\/platform-cdn\/instagram\/cover\/[A-Za-z0-9_-]{11}\.svg\?.*oh=[^&]+&oe=[0-9A-F]+$/),
      embedHtml: null,
      videoUrl: `https://www.instagram.com/p/${newestPost.id}/`,
      downloadUrl: expect.stringMatching(new RegExp(`/platform-cdn/instagram/video/${newestPost.id}\\.mp4\\?.*oh=[^&]+&oe=[0-9A-F]+$`)),
      publishedAt: new Date(newestPost.createdAt),
      // Reach (decision 082): videoPlayCount (plays, replays included), likesCount, commentsCount, videoDuration;
      // the reel scraper gives no shares (a paid option, off) and no saves.
      figures: {
        plays: newestPost.views + newestPost.likes,
        likes: newestPost.likes,
        comments: newestPost.comments,
        shares: null,
        saves: null,
        durationSeconds: newestPost.durationSec,
      },
    });
    // The reel's video file on Instagram's CDN (the importer does not ask for the actor's paid copy).
    await expectMp4(await fetch(videos[0]!.downloadUrl!));
    // The reel scraper gives no profile picture or follower count.
    expect(channel).toEqual({ username: name, displayName: videos[0]?.authorName, avatarUrl: null, followerCount: null });

    const [run] = await control.runs({ actorId: ACTOR, contains: name });
    expect(run?.input).toMatchObject({ username: [name], resultsLimit: 30, includeDownloadedVideo: false });
  });

  it("a resync finds the reels added since, first", async () => {
    const name = uniqueAccount();
    await getImporter("instagram").importChannel(name);
    const { added } = await control.addPosts("instagram", name, 2);
    const { videos } = await getImporter("instagram").importChannel(name);
    expect(videos).toHaveLength(11);
    expect(videos.slice(0, 2).map((v) => v.platformVideoId)).toEqual(added);
  });

  it("a real dataset's mix: image and carousel posts skipped and counted, the pinned reel kept, a repeated post once", async () => {
    const name = uniqueAccount("mixed");
    const { posts } = await control.account("instagram", name);
    const { videos, photoPostsSkipped } = await getImporter("instagram").importChannel(name);
    expect(photoPostsSkipped).toBe(4);
    expect(videos.map((v) => v.platformVideoId)).toEqual(posts.filter((p) => p.shape === "video").map((p) => p.id));
  });

  it("keeps what a failing run fetched", async () => {
    const result = await getImporter("instagram").importChannel(uniqueAccount("fail"));
    expect(result.videos).toHaveLength(4);
    expect(result.error?.kind).toBe("failed");
  });

  it.each([
    ["private", "private"],
    ["missing", "not_found"],
    ["empty", "empty"],
  ] as const)("a %s account fails with kind %s", async (scenario, kind) => {
    const error = await importError(getImporter("instagram").importChannel(uniqueAccount(scenario)));
    expect(error.kind).toBe(kind);
  });

  it("a private account reads in spec 8's words; what the actor said goes to the log", async () => {
    const error = await importError(getImporter("instagram").importChannel(uniqueAccount("private")));
    expect(error.message).toBe("The channel may be private or temporarily unavailable. Please try again later.");
    expect(error.detail).toBe("The actor's error item: no_items (Empty or private data for provided input)");
  });

  it("times out with kind timeout", async () => {
    const error = await importError(createImporter("instagram", { apifyWaitSecs: 1 }).importChannel(uniqueAccount("slow")));
    expect(error.kind).toBe("timeout");
  });

  it("needs a token", async () => {
    const error = await importError(createImporter("instagram", { apifyToken: undefined }).importChannel(uniqueAccount()));
    expect(error.kind).toBe("missing_token");
  });

  it.each(["with space", "a".repeat(31), "name-with-dash", "https://www.tiktok.com/@someone"])("refuses the username %j", async (input) => {
    const error = await importError(getImporter("instagram").importChannel(input));
    expect(error.kind).toBe("invalid_input");
  });

  it("takes a pasted profile URL as its username", async () => {
    const name = uniqueAccount();
    const { channel } = await getImporter("instagram").importChannel(`https://www.instagram.com/${name}/`);
    expect(channel.username).toBe(name);
  });
});

describe("Instagram importer: one reel", () => {
  it("imports a reel of a known account from its URL (sent as the actor's `username` input)", async () => {
    const name = uniqueAccount();
    const post = (await control.account("instagram", name)).posts[2];
    if (!post) throw new Error("The emulated account has fewer than three reels");
    const { video, channel } = await getImporter("instagram").importVideo(`https://www.instagram.com/reel/${post.id}/?igsh=abc`);
    expect(video).toMatchObject({ platformVideoId: post.id, title: post.caption, channelUsername: name });
    expect(channel).toMatchObject({ username: name });
    const [run] = await control.runs({ actorId: ACTOR, contains: post.id });
    expect(run?.input).toMatchObject({ username: [`https://www.instagram.com/reel/${post.id}/`], resultsLimit: 1 });
  });

  it("imports any well-formed reel URL (/p/ and /reels/ too)", async () => {
    for (const url of ["https://www.instagram.com/p/Cxyz123abcd/", "https://instagram.com/reels/DAbc_-12345/"]) {
      const { video } = await getImporter("instagram").importVideo(url);
      expect(video.videoUrl).toMatch(/^https:\/\/www\.instagram\.com\/p\/[A-Za-z0-9_-]{11}\/$/);
    }
  });

  it.each([
    ["private_Abc123", "private"],
    ["missing_Abc123", "not_found"],
    ["fail_Abc12345", "failed"],
  ])("a reel %s fails with kind %s", async (code, kind) => {
    const error = await importError(getImporter("instagram").importVideo(`https://www.instagram.com/reel/${code}/`));
    expect(error.kind).toBe(kind);
  });

  it.each([
    "https://www.instagram.com/someone/",
    "http://www.instagram.com/reel/Cabc/",
    "https://instagram.com.evil.example/reel/Cabc/",
    "javascript:alert(1)",
  ])("refuses %s", async (url) => {
    const error = await importError(getImporter("instagram").importVideo(url));
    expect(error.kind).toBe("invalid_input");
  });
});

describe("Instagram importer: untrusted content", () => {
  it("keeps script payloads as text and drops javascript:/data: URLs", async () => {
    const { videos } = await getImporter("instagram").importChannel(uniqueAccount("evil"));
    expect(videos).toHaveLength(9);
    expect(videos.map((v) => v.title)).toContain("<img src=x onerror=alert(1)> New drop");
    expect(videos.every((v) => v.authorName === "<script>alert(1)</script>")).toBe(true);
    expect(videos.every((v) => /^https:\/\/www\.instagram\.com\/(p|reel)\/[A-Za-z0-9_-]{11}\/$/.test(v.videoUrl))).toBe(true);
    expect(videos.filter((v) => v.thumbnailUrl === null).length).toBeGreaterThanOrEqual(2);
  });

  it("takes the actor's downloaded copy over the CDN's video URL, and only http(s)", () => {
    const copy = "https://api.apify.com/v2/key-value-stores/AbCdEfGhIjKlMnOpQ/records/reel-Cabc123.mp4";
    const cdn = "https://scontent.cdninstagram.com/o1/v/t16/f2/m86/video.mp4?oh=00_A&oe=6A000000";
    expect(instagramVideo({ shortCode: "Cabc123", videoUrl: cdn, downloadedVideoUrl: copy }, "me")?.downloadUrl).toBe(copy);
    expect(instagramVideo({ shortCode: "Cabc123", videoUrl: cdn }, "me")?.downloadUrl).toBe(cdn);
    expect(instagramVideo({ shortCode: "Cabc123", videoUrl: "javascript:alert(1)", downloadedVideoUrl: null }, "me")?.downloadUrl).toBeNull();
  });

  it("skips items that are not reels or have no usable shortcode", () => {
    expect(instagramVideo({ shortCode: "Cabc", type: "Image" }, null)).toBeNull();
    expect(instagramVideo({ shortCode: "C/../abc" }, null)).toBeNull();
    expect(instagramVideo({ shortCode: '"><img src=x>' }, null)).toBeNull();
    expect(instagramVideo({ url: "https://www.instagram.com/reel/Cabc123/" }, "me")).toMatchObject({ platformVideoId: "Cabc123", channelUsername: "me" });
  });
});
