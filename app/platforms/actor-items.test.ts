import { describe, expect, it } from "vitest";
import { errorItemFailure } from "./actor-failures";
import { cleanText, field, newestFirst, toDate } from "./normalize";

describe("actors' error items", () => {
  it.each([
    [{ error: "no_items", errorDescription: "Empty or private data for provided input", inputUrl: "https://www.instagram.com/x" }, "private"],
    [{ error: "not_found", errorDescription: "Page not found" }, "not_found"],
    [{ error: "restricted_page" }, "private"],
    [{ url: "https://www.tiktok.com/@x", error: "This account is private" }, "private"],
    [{ error: "Profile not found: this account doesn't exist" }, "not_found"],
    [{ error: "Video not found" }, "not_found"],
    [{ error: "User has no videos" }, "empty"],
    [{ error: "Proxy responded with 502" }, "failed"],
    [{ authorMeta: { name: "x", privateAccount: true } }, "private"],
  ])("%j -> %s", (item, kind) => {
    expect(errorItemFailure(item, false, "account")?.kind).toBe(kind);
  });

  it("read in spec 8's words for an account or a post; the actor's own words go to the log", () => {
    const instagram = {
      url: "https://www.instagram.com/x",
      inputUrl: "https://www.instagram.com/x",
      error: "no_items",
      errorDescription: "Empty or private data for provided input",
    };
    expect(errorItemFailure(instagram, false, "account")).toEqual({
      kind: "private",
      message: "The channel may be private or temporarily unavailable. Please try again later.",
      detail: "The actor's error item: no_items (Empty or private data for provided input)",
    });
    expect(errorItemFailure({ error: "User has no videos" }, false, "account")?.message).toBe(
      "The channel may be private or temporarily unavailable. Please try again later.",
    );
    expect(errorItemFailure({ error: "not_found", errorDescription: "Page not found" }, false, "account")?.message).toBe(
      "Please check that the username is correct and the channel is public. Try removing the @ symbol if you included it.",
    );
    expect(errorItemFailure({ error: "This video is private" }, false, "post")?.message).toBe(
      "Please check that the URL is valid and the video is publicly accessible.",
    );
    expect(errorItemFailure({ error: "Proxy responded with 502" }, false, "post")?.message).toBe(
      "The platform did not return the videos this time. Please try again later.",
    );
  });

  it("keeps the actor's words without what no database stores, so the log line can be written", () => {
    const failure = errorItemFailure({ error: `Proxy\u0000 failed ${"\uD83D"}`, errorDescription: "\u0085upstream" }, false, "account");
    expect(failure?.detail).toBe("The actor's error item: Proxy failed  (upstream)");
    expect(errorItemFailure({ error: "\u0000" }, false, "account")?.detail).toBe(
      "The actor's error item: The actor reported an error without a readable reason",
    );
  });

  it("ordinary items are not failures", () => {
    expect(errorItemFailure({ id: "1", text: "hi", authorMeta: { privateAccount: true } }, true, "account")).toBeNull();
    expect(errorItemFailure({ shortCode: "Cabc" }, true, "post")).toBeNull();
    expect(errorItemFailure("not an object", false, "account")).toBeNull();
  });
});

describe("normalizer helpers", () => {
  it("reads nested and flattened fields", () => {
    expect(field({ authorMeta: { name: "a" } }, "authorMeta.name")).toBe("a");
    expect(field({ "authorMeta.name": "b" }, "authorMeta.name")).toBe("b");
    expect(field({ authorMeta: "x" }, "authorMeta.name")).toBeUndefined();
  });

  it("cleans text without escaping or truncating it for display", () => {
    expect(cleanText("  <script>alert(1)</script>\u0007 ")).toBe("<script>alert(1)</script>");
    expect(cleanText("line 1\nline 2")).toBe("line 1\nline 2");
    expect(cleanText("a".repeat(80))).toHaveLength(80);
    expect(cleanText("a".repeat(9000))).toHaveLength(5000);
    expect(cleanText("   ")).toBeNull();
    expect(cleanText(42)).toBeNull();
  });

  it("removes lone surrogates and C1 controls, composes accents, and never cuts an emoji in half", () => {
    expect(cleanText("Half \uD83D an emoji\u0085 \uDE00")).toBe("Half  an emoji");
    expect(cleanText("Cafe\u0301 😀")).toBe("Caf\u00e9 😀");
    expect(cleanText(`${"a".repeat(4999)}😀`)).toBe("a".repeat(4999));
  });

  it("reads dates from ISO strings and Unix seconds", () => {
    expect(toDate("2026-11-01T12:00:00.000Z")?.toISOString()).toBe("2026-11-01T12:00:00.000Z");
    expect(toDate(1793534400)?.toISOString()).toBe("2026-11-01T12:00:00.000Z");
    expect(toDate("1793534400")?.toISOString()).toBe("2026-11-01T12:00:00.000Z");
    expect(toDate("yesterday")).toBeNull();
    expect(toDate(undefined)).toBeNull();
  });

  it("orders newest first, undated last, stable otherwise", () => {
    const v = (id: string, iso: string | null) => ({ id, publishedAt: iso ? new Date(iso) : null });
    const sorted = newestFirst([v("a", null), v("b", "2026-01-01"), v("c", "2026-03-01"), v("d", "2026-01-01")]);
    expect(sorted.map((x) => x.id)).toEqual(["c", "b", "d", "a"]);
  });
});
