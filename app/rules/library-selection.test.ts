import { describe, expect, it } from "vitest";
import type { ProductTagDto, VideoListQuery } from "./api-types";
import { videoListSearchParams } from "./video-list-query";
import {
  approvalWidgetIds,
  displayTitle,
  formatLongDate,
  freePlanRoom,
  librarySearch,
  planApproval,
  sameViewQuery,
  selectedVideos,
  splitTagBadges,
  summarizeApproval,
  videoReference,
  viewNameProblem,
  withListChange,
} from "./library-selection";

describe("displayTitle", () => {
  it("keeps a title of up to 70 characters", () => {
    const seventy = "a".repeat(70);
    expect(displayTitle(seventy, "1")).toBe(seventy);
  });

  it("cuts a longer title to 70 characters plus an ellipsis", () => {
    expect(displayTitle("b".repeat(71), "1")).toBe(`${"b".repeat(70)}...`);
  });

  it('falls back to "Video {id}" without a title', () => {
    expect(displayTitle(null, "7301")).toBe("Video 7301");
    expect(displayTitle("   ", "7301")).toBe("Video 7301");
  });

  it("never cuts an emoji in half", () => {
    const title = `${"x".repeat(69)}😀😀`;
    expect(displayTitle(title, "1")).toBe(`${"x".repeat(69)}😀...`);
  });

  it("leaves markup as plain text (React renders it as text)", () => {
    expect(displayTitle('<img src=x onerror="alert(1)">', "1")).toBe('<img src=x onerror="alert(1)">');
  });
});

describe("formatLongDate", () => {
  it("writes the date in long format", () => {
    expect(formatLongDate("2026-11-22T10:00:00.000Z", "UTC")).toBe("November 22, 2026");
  });

  it("is empty for an unreadable date", () => {
    expect(formatLongDate("not a date")).toBe("");
  });
});

describe("splitTagBadges", () => {
  const tag = (n: number): ProductTagDto => ({ id: `t${n}`, product_id: `p${n}`, product_title: `Product ${n}` });

  it("shows up to two badges and counts the rest", () => {
    expect(splitTagBadges([tag(1)])).toEqual({ badges: [tag(1)], moreCount: 0 });
    expect(splitTagBadges([tag(1), tag(2), tag(3), tag(4)])).toEqual({ badges: [tag(1), tag(2)], moreCount: 2 });
  });
});

describe("planApproval", () => {
  it("does nothing without a selection", () => {
    expect(planApproval([])).toEqual({ kind: "nothing" });
  });

  it("applies only to selected videos not yet approved", () => {
    expect(
      planApproval([
        { id: "a", enabled: true },
        { id: "b", enabled: false },
        { id: "c", enabled: false },
      ]),
    ).toEqual({ kind: "approve", videoIds: ["b", "c"] });
  });

  it("says so when every selected video is already approved", () => {
    expect(planApproval([{ id: "a", enabled: true }])).toEqual({
      kind: "alreadyApproved",
      message: "Selected videos are already approved",
    });
  });
});

describe("selectedVideos", () => {
  it("keeps the page's order", () => {
    const videos = [{ id: "1" }, { id: "2" }, { id: "3" }];
    expect(selectedVideos(videos, ["3", "1"])).toEqual([{ id: "1" }, { id: "3" }]);
  });
});

describe("approvalWidgetIds", () => {
  it("select-all sends an empty list, meaning all widgets", () => {
    expect(approvalWidgetIds(true, ["w1"])).toEqual([]);
  });

  it("sends the chosen widgets", () => {
    expect(approvalWidgetIds(false, new Set(["w1", "w2"]))).toEqual(["w1", "w2"]);
  });

  it("is null (Approve disabled) with nothing chosen and no select-all", () => {
    expect(approvalWidgetIds(false, [])).toBeNull();
  });
});

describe("summarizeApproval", () => {
  it("all approved", () => {
    expect(summarizeApproval([{ ok: true }, { ok: true }])).toEqual({
      tone: "success",
      message: "Successfully approved 2 video(s)!",
      approved: 2,
      failed: 0,
      limitReached: false,
    });
  });

  it("partly failed", () => {
    expect(summarizeApproval([{ ok: true }, { ok: false, error: "boom" }]).message).toBe("1 video(s) approved successfully, but 1 failed. Please try again.");
  });

  it("everything failed", () => {
    expect(summarizeApproval([{ ok: false, error: "boom" }])).toMatchObject({
      tone: "critical",
      message: "Failed to approve videos. Please try again.",
      limitReached: false,
    });
  });

  it("the Free plan limit says the limit is reached, never to try again", () => {
    const limit = "Free plan allows maximum 5 approved videos. Upgrade to Premium for unlimited videos.";
    expect(summarizeApproval([{ ok: false, error: limit }])).toMatchObject({
      message: `1 video(s) could not be approved: ${limit}`,
      limitReached: true,
    });
    const partly = summarizeApproval([{ ok: true }, { ok: false, error: limit }, { ok: false, error: limit }]);
    expect(partly.message).toBe(`1 video(s) approved successfully. 2 video(s) could not be approved: ${limit}`);
    expect(partly.message).not.toContain("Please try again");
  });
});

describe("viewNameProblem (spec 5 view-name modals)", () => {
  const existing = ["All", "Active", "Draft", "TikTok drafts"];

  it("accepts a new name", () => {
    expect(viewNameProblem("Instagram", existing)).toBeNull();
  });

  it("requires a name", () => {
    expect(viewNameProblem("  ", existing)).not.toBeNull();
  });

  it("allows at most 40 characters", () => {
    expect(viewNameProblem("v".repeat(40), existing)).toBeNull();
    expect(viewNameProblem("v".repeat(41), existing)).not.toBeNull();
  });

  it("must be unique ignoring case", () => {
    expect(viewNameProblem("tiktok DRAFTS", existing)).not.toBeNull();
    expect(viewNameProblem("all", existing)).not.toBeNull();
  });

  it("a rename must change the name, and may change only its case", () => {
    expect(viewNameProblem("TikTok drafts", existing, "TikTok drafts")).not.toBeNull();
    expect(viewNameProblem("Tiktok Drafts", existing, "TikTok drafts")).toBeNull();
  });
});

describe("sameViewQuery", () => {
  it("compares tab, trimmed search and the set of platforms", () => {
    const a = { tab: "draft" as const, search: "shoes ", platforms: ["tiktok" as const, "instagram" as const] };
    expect(sameViewQuery(a, { tab: "draft", search: "shoes", platforms: ["instagram", "tiktok"] })).toBe(true);
    expect(sameViewQuery(a, { tab: "all", search: "shoes", platforms: ["instagram", "tiktok"] })).toBe(false);
    expect(sameViewQuery(a, { tab: "draft", search: "shoes", platforms: ["tiktok"] })).toBe(false);
  });
});

describe("the list's URL", () => {
  const base: VideoListQuery = { tab: "all", search: "", platforms: [], page: 1 };

  it("leaves defaults out", () => {
    expect(videoListSearchParams(base).toString()).toBe("");
  });

  it("carries tab, search, platforms and page", () => {
    const params = videoListSearchParams({ tab: "draft", search: " red shoes ", platforms: ["tiktok", "pinterest"], page: 3 });
    expect(Object.fromEntries(params)).toEqual({ tab: "draft", q: "red shoes", platform: "tiktok,pinterest", page: "3" });
  });

  it("keeps the app's lasting parameters and drops one-shot ones", () => {
    const search = librarySearch("?shop=demo.myshopify.com&host=abc&embedded=1&id_token=xyz&tab=active&page=4", { ...base, tab: "draft" }, "view-1");
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      shop: "demo.myshopify.com",
      host: "abc",
      embedded: "1",
      tab: "draft",
      view: "view-1",
    });
  });

  it("changing tab, search or filter returns to page 1", () => {
    expect(withListChange({ ...base, page: 5 }, { tab: "active" })).toEqual({ ...base, tab: "active", page: 1 });
    expect(withListChange({ ...base, page: 5 }, { search: "x" }).page).toBe(1);
    expect(withListChange({ ...base, page: 5 }, { platforms: ["tiktok"] }).page).toBe(1);
  });
});

describe("the Free plan's room for approvals (decision 069)", () => {
  it("counts what is approved against the limit and whether a selection fits; nothing on Premium", () => {
    expect(freePlanRoom(3, 2)).toEqual({ approved: 3, limit: 5, room: 2, overflows: false });
    expect(freePlanRoom(3, 3)).toEqual({ approved: 3, limit: 5, room: 2, overflows: true });
    expect(freePlanRoom(6, 1)).toEqual({ approved: 6, limit: 5, room: 0, overflows: true });
    expect(freePlanRoom(null, 10)).toBeNull();
  });
});

describe("what names a video under its title (decision 069)", () => {
  it("is an upload's file name, and an imported video's platform id", () => {
    expect(videoReference({ video_id: "upload-3f2a", file_name: "Summer lookbook.mp4" })).toBe("Summer lookbook.mp4");
    expect(videoReference({ video_id: "7301234567890123456", file_name: null })).toBe("7301234567890123456");
  });
});
