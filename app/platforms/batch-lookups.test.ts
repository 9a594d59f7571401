import { describe, expect, it } from "vitest";
import { lookupsFromRun, type BatchPost } from "./apify.server";
import { isTikTokPhotoPost, tiktokVideo, tiktokVideoId } from "./tiktok.server";

const post = (id: string | null, url: string): BatchPost => ({ url, sent: url, videoId: id });
const item = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  text: `caption ${id}`,
  webVideoUrl: `https://www.tiktok.com/@maker/video/${id}`,
  authorMeta: { name: "maker" },
  ...extra,
});
const matching = {
  videoIdOf: tiktokVideoId,
  echoFields: ["submittedVideoUrl", "input", "url"],
  toVideo: (i: Record<string, unknown>) => tiktokVideo(i, null),
  isPhotoPost: isTikTokPhotoPost,
};

describe("one actor run answering a batch of links (decision 056)", () => {
  const a = post("7000000000000000001", "https://www.tiktok.com/@maker/video/7000000000000000001");
  const short = post(null, "https://vm.tiktok.com/ZMabc123/");
  const hidden = post("7000000000000000003", "https://www.tiktok.com/@hidden/video/7000000000000000003");
  const unanswered = post("7000000000000000004", "https://www.tiktok.com/@maker/video/7000000000000000004");

  it("matches items by post id, short links by the URL the actor echoes, and error items to their own link", () => {
    const run = {
      runId: "r1",
      failure: null,
      items: [
        item("7000000000000000002", { submittedVideoUrl: short.sent }),
        item("7000000000000000001"),
        { url: hidden.sent, input: hidden.sent, error: "This video is private" },
      ],
    };
    const answers = lookupsFromRun(run, [a, short, hidden, unanswered], matching);
    expect(answers.get(a.url)?.video?.platformVideoId).toBe("7000000000000000001");
    expect(answers.get(short.url)?.video?.platformVideoId).toBe("7000000000000000002");
    expect(answers.get(hidden.url)?.failure).toEqual({
      kind: "private",
      message: "Please check that the URL is valid and the video is publicly accessible.",
      detail: "The actor's error item: This video is private",
    });
    expect(answers.get(unanswered.url)?.failure).toEqual({ kind: "not_found", message: "Nothing was found at this link. Check that it is public." });
  });

  it("a run that failed part-way keeps what it pushed and gives its own reason to the links it did not answer", () => {
    const failure = { kind: "failed" as const, message: "The platform did not return the videos this time. Please try again later." };
    const answers = lookupsFromRun({ runId: "r2", failure, items: [item("7000000000000000001")] }, [a, unanswered], matching);
    expect(answers.get(a.url)?.video).toBeTruthy();
    expect(answers.get(unanswered.url)?.failure).toBe(failure);
  });

  it("a photo slideshow fails as photos, another item naming the post but no video as not a video", () => {
    const answers = lookupsFromRun({ runId: "r3", failure: null, items: [item("7000000000000000001", { isSlideshow: true })] }, [a], matching);
    expect(answers.get(a.url)?.failure).toEqual({ kind: "not_found", message: "This post is photos, not a video. Clipcart imports videos only." });
    const odd = lookupsFromRun({ runId: "r4", failure: null, items: [{ submittedVideoUrl: short.sent, text: "no id, no page" }] }, [short], matching);
    expect(odd.get(short.url)?.failure).toEqual({ kind: "not_found", message: "This post is not a video." });
  });

  it("matches flattened items without `id` by the id in their webVideoUrl", () => {
    const flat = { "authorMeta.name": "maker", webVideoUrl: a.url, "videoMeta.coverUrl": "https://p16.example.com/c.jpg", text: "flat" };
    const answers = lookupsFromRun({ runId: "r5", failure: null, items: [flat] }, [a], matching);
    expect(answers.get(a.url)?.video).toMatchObject({
      platformVideoId: "7000000000000000001",
      channelUsername: "maker",
      thumbnailUrl: "https://p16.example.com/c.jpg",
    });
  });
});
