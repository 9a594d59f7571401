/**
 * The shapes real actor datasets carry (issue 28 item 1, decision 081), fed
 * straight through the importers' item reading: full and flattened TikTok
 * items (the latter without `id`), photo slideshows, empty `mediaUrls`,
 * repeated and pinned posts, Instagram image and carousel posts and error items.
 */
import { describe, expect, it } from "vitest";
import { noVideos, readVideoItems, type ItemReading } from "./apify.server";
import { instagramVideo, instagramVideoId, isInstagramPhotoPost } from "./instagram.server";
import { isTikTokPhotoPost, tiktokVideo, tiktokVideoId } from "./tiktok.server";

const tiktok: ItemReading = { toVideo: (item) => tiktokVideo(item, "fallback"), videoIdOf: tiktokVideoId, isPhotoPost: isTikTokPhotoPost };
const instagram: ItemReading = { toVideo: (item) => instagramVideo(item, "fallback"), videoIdOf: instagramVideoId, isPhotoPost: isInstagramPhotoPost };

const ID = "7311111111111111111";
const page = (id: string) => `https://www.tiktok.com/@maker/video/${id}`;

/** An item as the actor pushes it. */
const full = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  text: `caption ${id}`,
  createTimeISO: "2026-11-01T12:00:00.000Z",
  webVideoUrl: page(id),
  authorMeta: { name: "maker", nickName: "Maker", avatar: "https://p16.example.com/a.jpg", fans: 10 },
  videoMeta: { coverUrl: `https://p16.example.com/${id}.jpg`, duration: 12 },
  mediaUrls: [],
  isSlideshow: false,
  isPinned: false,
  ...extra,
});

/** The same item exported through a dataset view: dotted keys, no `id`. */
const flat = (id: string, extra: Record<string, unknown> = {}) => ({
  text: `caption ${id}`,
  createTimeISO: "2026-11-01T12:00:00.000Z",
  webVideoUrl: page(id),
  "authorMeta.name": "maker",
  "authorMeta.nickName": "Maker",
  "videoMeta.coverUrl": `https://p16.example.com/${id}.jpg`,
  "videoMeta.duration": 12,
  mediaUrls: [],
  isSlideshow: false,
  isPinned: false,
  ...extra,
});

describe("TikTok items as real datasets carry them", () => {
  it("reads a flattened item without `id` exactly as the full one, its id from webVideoUrl", () => {
    const fromFull = tiktokVideo(full(ID), null);
    const fromFlat = tiktokVideo(flat(ID), null);
    expect(fromFlat).toEqual(fromFull);
    expect(fromFlat).toMatchObject({
      platformVideoId: ID,
      channelUsername: "maker",
      authorName: "Maker",
      thumbnailUrl: `https://p16.example.com/${ID}.jpg`,
      videoUrl: page(ID),
      downloadUrl: null,
    });
  });

  it("takes the id from `url` when there is no webVideoUrl either", () => {
    const { webVideoUrl: _, ...item } = flat(ID);
    expect(tiktokVideo({ ...item, url: page(ID) }, null)?.platformVideoId).toBe(ID);
    expect(tiktokVideoId({ url: "https://www.tiktok.com/@maker" })).toBeNull();
    expect(tiktokVideo({ text: "nothing names the post" }, null)).toBeNull();
  });

  it("empty mediaUrls: no downloaded copy (videoMeta.downloadAddr when there is one)", () => {
    expect(tiktokVideo(full(ID, { mediaUrls: [] }), null)?.downloadUrl).toBeNull();
    expect(tiktokVideo(flat(ID, { "videoMeta.downloadAddr": "https://api.apify.com/v2/key-value-stores/s/records/v" }), null)?.downloadUrl).toBe(
      "https://api.apify.com/v2/key-value-stores/s/records/v",
    );
  });

  it("skips photo slideshows and counts each once; keeps pinned videos; merges a post the dataset repeats", () => {
    const items = [
      full("7300000000000000009", { isPinned: true, createTimeISO: "2026-01-01T00:00:00.000Z" }),
      flat("7300000000000000001"),
      full("7300000000000000002", { isSlideshow: true }),
      flat("7300000000000000003", { isSlideshow: true }),
      flat("7300000000000000003", { isSlideshow: true }),
      full("7300000000000000001"),
      flat("7300000000000000004", { mediaUrls: [] }),
    ];
    const { videos, photoPosts, itemFailure } = readVideoItems(items, tiktok, "account");
    expect(videos.map((v) => v.platformVideoId)).toEqual(["7300000000000000009", "7300000000000000001", "7300000000000000004"]);
    expect(photoPosts).toBe(2);
    expect(itemFailure).toBeNull();
  });

  it("an account of slideshows only says it has no videos and why", () => {
    const { videos, photoPosts } = readVideoItems([full(ID, { isSlideshow: true }), flat("7300000000000000002", { isSlideshow: true })], tiktok, "account");
    expect(videos).toEqual([]);
    expect(noVideos("@maker has no public videos", photoPosts)).toEqual({
      kind: "empty",
      message: "@maker has no public videos. 2 photo posts skipped: Clipcart imports videos only.",
    });
  });

  it("an error item turns into spec 8's words, and never counts as a photo post", () => {
    const items = [{ url: "https://www.tiktok.com/@maker", input: "maker", error: "This account is private", isSlideshow: true }];
    const { videos, photoPosts, itemFailure } = readVideoItems(items, tiktok, "account");
    expect([videos, photoPosts]).toEqual([[], 0]);
    expect(itemFailure).toEqual({
      kind: "private",
      message: "The channel may be private or temporarily unavailable. Please try again later.",
      detail: "The actor's error item: This account is private",
    });
  });
});

const reel = (shortCode: string, extra: Record<string, unknown> = {}) => ({
  inputUrl: "https://www.instagram.com/maker",
  type: "Video",
  shortCode,
  url: `https://www.instagram.com/p/${shortCode}/`,
  caption: `caption ${shortCode}`,
  displayUrl: `https://scontent.example.com/${shortCode}.jpg`,
  videoUrl: `https://scontent.example.com/${shortCode}.mp4`,
  ownerUsername: "maker",
  ownerFullName: "Maker",
  timestamp: "2026-11-01T12:00:00.000Z",
  isPinned: false,
  ...extra,
});

describe("Instagram items as real datasets carry them", () => {
  it("skips image and carousel posts and counts them; keeps pinned reels; merges repeats", () => {
    const items = [
      reel("PinnedAA1", { isPinned: true }),
      reel("ImageAAA1", { type: "Image", videoUrl: undefined }),
      reel("SidecarA1", { type: "Sidecar", childPosts: [{ type: "Image" }, { type: "Video" }] }),
      reel("ReelAAAA1"),
      reel("ReelAAAA1"),
    ];
    const { videos, photoPosts, itemFailure } = readVideoItems(items, instagram, "account");
    expect(videos.map((v) => v.platformVideoId)).toEqual(["PinnedAA1", "ReelAAAA1"]);
    expect(photoPosts).toBe(2);
    expect(itemFailure).toBeNull();
  });

  it("takes the shortcode from `url` when the item has none", () => {
    const { shortCode: _, ...item } = reel("ReelAAAA2");
    expect(instagramVideo(item, null)?.platformVideoId).toBe("ReelAAAA2");
  });

  it("the no_items error item reads as a private or empty account, in spec 8's words", () => {
    const error = {
      url: "https://www.instagram.com/maker",
      inputUrl: "https://www.instagram.com/maker",
      error: "no_items",
      errorDescription: "Empty or private data for provided input",
    };
    const { videos, itemFailure } = readVideoItems([error], instagram, "account");
    expect(videos).toEqual([]);
    expect(itemFailure).toMatchObject({ kind: "private", message: "The channel may be private or temporarily unavailable. Please try again later." });
    expect(readVideoItems([error], instagram, "post").itemFailure?.message).toBe("Please check that the URL is valid and the video is publicly accessible.");
  });
});

describe("reach figures (decision 082) from every shape", () => {
  const counts = { playCount: 184_300, diggCount: 12_050, commentCount: 311, shareCount: 97, collectCount: 1_402 };
  const figures = { plays: 184_300, likes: 12_050, comments: 311, shares: 97, saves: 1_402, durationSeconds: 12 };

  it("a full TikTok item and its flat export give the same figures, duration from videoMeta.duration", () => {
    expect(tiktokVideo(full(ID, counts), null)?.figures).toEqual(figures);
    expect(tiktokVideo(flat(ID, counts), null)?.figures).toEqual(figures);
  });

  it("TikTok counts nested under `stats`, given as strings, or missing: read, read, unknown (never 0)", () => {
    const nested = tiktokVideo(full(ID, { stats: { playCount: "5000", diggCount: 40, commentCount: 0, shareCount: 1, collectCount: 2 } }), null);
    expect(nested?.figures).toEqual({ plays: 5000, likes: 40, comments: 0, shares: 1, saves: 2, durationSeconds: 12 });
    const bare = tiktokVideo(flat(ID, { "videoMeta.duration": undefined }), null);
    expect(bare?.figures).toEqual({ plays: null, likes: null, comments: null, shares: null, saves: null, durationSeconds: null });
  });

  it("an Instagram reel: plays from videoPlayCount, else videoViewCount; hidden likes (-1) unknown; no shares or saves", () => {
    const item = reel("ReelFIG01", { videoPlayCount: 48_210, videoViewCount: 20_400, likesCount: 2_140, commentsCount: 86, videoDuration: 15.466 });
    expect(instagramVideo(item, null)?.figures).toEqual({ plays: 48_210, likes: 2_140, comments: 86, shares: null, saves: null, durationSeconds: 15 });
    const viewsOnly = reel("ReelFIG02", { videoViewCount: 20_400, likesCount: -1, commentsCount: 3, videoDuration: 7.2 });
    expect(instagramVideo(viewsOnly, null)?.figures).toEqual({ plays: 20_400, likes: null, comments: 3, shares: null, saves: null, durationSeconds: 7 });
    expect(instagramVideo(reel("ReelFIG03", { sharesCount: 12 }), null)?.figures?.shares).toBe(12);
  });
});
