import { describe, expect, it } from "vitest";
import { isAllowedPlayerUrl, playerEmbedUrl, playerOrigins, safeHttpUrl } from "./embeds";

describe("playerEmbedUrl", () => {
  it("builds each platform's player URL from a valid id", () => {
    expect(playerEmbedUrl("tiktok", "7300000000000000001", null)).toBe("https://www.tiktok.com/player/v1/7300000000000000001");
    expect(playerEmbedUrl("instagram", "Cabc_-123", null)).toBe("https://www.instagram.com/reel/Cabc_-123/embed");
    expect(playerEmbedUrl("pinterest", "1234567890", null)).toBe("https://assets.pinterest.com/ext/embed.html?id=1234567890");
    expect(playerEmbedUrl("youtube_shorts", "dQw4w9WgXcQ", null)).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
  });

  it("falls back to the id in the video's URL when the stored id is unusable", () => {
    expect(playerEmbedUrl("tiktok", "", "https://www.tiktok.com/@shop/video/7300000000000000001")).toBe("https://www.tiktok.com/player/v1/7300000000000000001");
    expect(playerEmbedUrl("instagram", null, "https://www.instagram.com/p/Cabc123/")).toBe("https://www.instagram.com/reel/Cabc123/embed");
  });

  it("has no player for Snapchat", () => {
    expect(playerEmbedUrl("snapchat", "abc", "https://www.snapchat.com/spotlight/abc")).toBeNull();
  });

  const hostile = [
    '1" onload=alert(1)',
    "1' onload='alert(1)",
    "javascript:alert(1)",
    "123/../../evil",
    "../123",
    "123?x=1",
    "123#frag",
    "123 456",
    "123\n",
    "%2e%2e%2f123",
    "<script>alert(1)</script>",
    "１２３", // full-width digits
    "",
  ];

  it.each(hostile)("refuses the id %j on every platform", (id) => {
    for (const platform of ["tiktok", "instagram", "pinterest", "youtube_shorts", "snapchat"] as const) {
      expect(playerEmbedUrl(platform, id, null)).toBeNull();
    }
  });

  it.each([
    "javascript:alert(1)",
    "https://evil.example/@a/video/7300000000000000001",
    "https://www.tiktok.com.evil.example/@a/video/7300000000000000001",
    "http://www.tiktok.com/@a/video/7300000000000000001",
    'https://www.tiktok.com/@a/video/1" onload=alert(1)',
    "data:text/html,<script>alert(1)</script>",
  ])("takes no id from the URL %s", (url) => {
    expect(playerEmbedUrl("tiktok", "not-an-id", url)).toBeNull();
  });

  it("only ever points at the allow-listed player origins", () => {
    const urls = [
      playerEmbedUrl("tiktok", "1"),
      playerEmbedUrl("instagram", "a"),
      playerEmbedUrl("pinterest", "1"),
      playerEmbedUrl("youtube_shorts", "dQw4w9WgXcQ"),
    ];
    for (const url of urls) expect(playerOrigins()).toContain(new URL(url!).origin);
    for (const origin of playerOrigins()) expect(origin).toMatch(/^https:\/\/[a-z0-9.-]+$/);
  });
});

describe("isAllowedPlayerUrl", () => {
  it("accepts exactly what playerEmbedUrl builds", () => {
    expect(isAllowedPlayerUrl("https://www.tiktok.com/player/v1/7300000000000000001")).toBe(true);
    expect(isAllowedPlayerUrl("https://www.instagram.com/reel/Cabc/embed")).toBe(true);
    expect(isAllowedPlayerUrl("https://assets.pinterest.com/ext/embed.html?id=12")).toBe(true);
    expect(isAllowedPlayerUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(true);
  });

  it.each([
    "https://www.tiktok.com/player/v1/1?autoplay=1&x=javascript:alert(1)",
    "https://evil.example/player/v1/1",
    "javascript:alert(1)",
    "https://www.tiktok.com/player/v1/1/../../evil",
    "https://assets.pinterest.com/ext/embed.html?id=1&src=evil",
    "not a url",
  ])("refuses %s", (src) => {
    expect(isAllowedPlayerUrl(src)).toBe(false);
  });
});

describe("safeHttpUrl", () => {
  it("keeps http and https URLs (normalised)", () => {
    expect(safeHttpUrl("https://p16-sign.tiktokcdn.com/cover.jpeg?x-expires=1&x-signature=a")).toBe(
      "https://p16-sign.tiktokcdn.com/cover.jpeg?x-expires=1&x-signature=a",
    );
    expect(safeHttpUrl(" http://localhost:3100/platform-cdn/x.svg ")).toBe("http://localhost:3100/platform-cdn/x.svg");
    expect(safeHttpUrl("HTTPS://EXAMPLE.COM/a b")).toBe("https://example.com/a%20b");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\nscript:alert(1)",
    "java\tscript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/x.png",
    "/relative.png",
    "https://user:pass@example.com/x.png",
    "",
    null,
    42,
    { toString: () => "https://example.com" },
  ])("refuses %j", (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});
