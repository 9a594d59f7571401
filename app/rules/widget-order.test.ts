import { describe, expect, it } from "vitest";
import { allowedRange, appendVideos, moveVideo, pinVideo, pinnedFirst, removeVideo, type OrderedVideo } from "./widget-order";

const list = (spec: string): OrderedVideo[] => spec.split(" ").map((token) => ({ videoId: token.replace("*", ""), pinned: token.endsWith("*") }));
const show = (videos: readonly OrderedVideo[]) => videos.map((video) => `${video.videoId}${video.pinned ? "*" : ""}`).join(" ");

describe("the order inside a widget", () => {
  it("moves a video up or down to the index asked", () => {
    expect(show(moveVideo(list("a b c d"), "c", 0))).toBe("c a b d");
    expect(show(moveVideo(list("a b c d"), "a", 2))).toBe("b c a d");
    expect(show(moveVideo(list("a b c d"), "b", 99))).toBe("a c d b");
    expect(show(moveVideo(list("a b c d"), "b", -3))).toBe("b a c d");
  });

  it("keeps a moved video within its group: unpinned never above a pinned one, pinned never below an unpinned one", () => {
    expect(show(moveVideo(list("p* q* a b"), "b", 0))).toBe("p* q* b a");
    expect(show(moveVideo(list("p* q* a b"), "p", 3))).toBe("q* p* a b");
    expect(allowedRange(list("p* q* a b"), "a")).toEqual({ first: 2, last: 3 });
    expect(allowedRange(list("p* q* a b"), "q")).toEqual({ first: 0, last: 1 });
    expect(allowedRange(list("a b"), "z")).toBeNull();
  });

  it("pins a video first of all, and unpinning leaves it where it stands", () => {
    expect(show(pinVideo(list("p* a b c"), "c", true))).toBe("c* p* a b");
    expect(show(pinVideo(list("c* p* a b"), "c", false))).toBe("p* c a b");
    // Pinning a pinned video again changes nothing.
    expect(show(pinVideo(list("p* a"), "p", true))).toBe("p* a");
  });

  it("puts pinned videos first whatever order the rows come in", () => {
    expect(show(pinnedFirst(list("a p* b q*")))).toBe("p* q* a b");
  });

  it("adds new videos last, unpinned, once; removes one and keeps the rest's order", () => {
    expect(show(appendVideos(list("p* a"), list("b a c* b")))).toBe("p* a b c");
    expect(show(removeVideo(list("p* a b"), "a"))).toBe("p* b");
    expect(show(removeVideo(list("p* a b"), "zz"))).toBe("p* a b");
  });
});
