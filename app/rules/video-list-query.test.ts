import { describe, expect, it } from "vitest";
import { parseVideoListQuery, videoListSearchParams } from "./video-list-query";

const parse = (query: string) => parseVideoListQuery(new URLSearchParams(query));

describe("parseVideoListQuery", () => {
  it("defaults to all, no search, every platform, page 1", () => {
    expect(parse("")).toEqual({ tab: "all", search: "", platforms: [], page: 1 });
  });

  it("reads the tab, falling back to all", () => {
    expect(parse("tab=active").tab).toBe("active");
    expect(parse("tab=DRAFT").tab).toBe("draft");
    expect(parse("tab=archived").tab).toBe("all");
  });

  it("reads platforms repeated or as a comma list, drops unknown ones, and 'all' means every platform", () => {
    expect(parse("platform=tiktok&platform=instagram").platforms).toEqual(["tiktok", "instagram"]);
    expect(parse("platform=tiktok,pinterest,tiktok").platforms).toEqual(["tiktok", "pinterest"]);
    expect(parse("platform=youtube").platforms).toEqual(["youtube_shorts"]);
    expect(parse("platform=myspace,snapchat").platforms).toEqual(["snapchat"]);
    expect(parse("platform=all").platforms).toEqual([]);
    expect(parse("platform=tiktok&platform=all").platforms).toEqual([]);
  });

  it("trims the search and collapses spaces", () => {
    expect(parse("q=%20%20summer%20%20%20dress%20").search).toBe("summer dress");
    expect(parse(`q=${"a".repeat(300)}`).search).toHaveLength(100);
  });

  it("drops what no database stores from the search (the library page never fails on it), composes it, and never cuts an emoji in half", () => {
    expect(parse("q=sum%00mer%09dress%01").search).toBe("summer dress");
    expect(parse(`q=${encodeURIComponent("cafe\u0301")}`).search).toBe("caf\u00e9");
    expect(parse(`q=${encodeURIComponent(`${"a".repeat(99)}😀`)}`).search).toBe("a".repeat(99));
  });

  it("reads a positive integer page, falling back to 1", () => {
    expect(parse("page=3").page).toBe(3);
    for (const bad of ["0", "-1", "2.5", "abc", "", "1e3"]) expect(parse(`page=${bad}`).page).toBe(1);
  });

  it("writes back what it reads, leaving defaults out", () => {
    const query = { tab: "draft" as const, search: "hat", platforms: ["tiktok" as const, "instagram" as const], page: 2 };
    expect(parseVideoListQuery(videoListSearchParams(query))).toEqual(query);
    expect(videoListSearchParams({ tab: "all", search: "", platforms: [], page: 1 }).toString()).toBe("");
  });

  it("reads the order: plays is Most played, anything else newest first (left out of the URL) (decision 082)", () => {
    expect(parse("sort=plays").sort).toBe("plays");
    expect(parse("sort=PLAYS").sort).toBe("plays");
    expect(parse("sort=least_played").sort).toBe("least_played");
    expect(parse("sort=oldest").sort).toBe("oldest");
    for (const other of ["", "newest", "likes", "plays desc"]) expect(parse(`sort=${encodeURIComponent(other)}`)).not.toHaveProperty("sort");
    const query = { tab: "active" as const, search: "", platforms: ["tiktok" as const], sort: "plays" as const, page: 2 };
    expect(videoListSearchParams(query).toString()).toBe("tab=active&platform=tiktok&sort=plays&page=2");
    expect(parseVideoListQuery(videoListSearchParams(query))).toEqual(query);
    expect(videoListSearchParams({ ...query, sort: "newest" }).toString()).toBe("tab=active&platform=tiktok&page=2");
  });
});
