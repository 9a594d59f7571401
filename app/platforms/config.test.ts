import { describe, expect, it } from "vitest";
import { IMPORT_INPUT_HINTS } from "~/messages";
import {
  ALL_PLATFORMS,
  canonicalVideoUrl,
  ENABLED_PLATFORMS,
  extractVideoId,
  isEnabledPlatform,
  isPlatformId,
  isPlatformUrl,
  normalizeUsername,
  PLATFORMS,
} from "./config";

describe("platform configuration (spec 3)", () => {
  it("enables TikTok, Instagram and Pinterest; YouTube Shorts and Snapchat are Coming Soon", () => {
    expect(ENABLED_PLATFORMS.map((p) => p.id).slice(0, 3)).toEqual(["tiktok", "instagram", "pinterest"]);
    expect(ALL_PLATFORMS.map((p) => p.label).slice(0, 5)).toEqual([
      "TikTok",
      "Instagram",
      "Pinterest",
      "YouTube Shorts (Coming Soon)",
      "Snapchat (Coming Soon)",
    ]);
    expect(isEnabledPlatform("youtube_shorts")).toBe(false);
    expect(isPlatformId("youtube")).toBe(false);
  });

  it("labels every platform by its name, a disabled one as Coming Soon", () => {
    for (const p of ALL_PLATFORMS) expect(p.label).toBe(p.enabled ? p.name : `${p.name} (Coming Soon)`);
  });

  it("names the actors and import methods", () => {
    expect(PLATFORMS.tiktok).toMatchObject({ actorId: "clockworks/tiktok-scraper", importMethods: ["username", "url"] });
    expect(PLATFORMS.instagram).toMatchObject({ actorId: "apify/instagram-reel-scraper", importMethods: ["username", "url"] });
    expect(PLATFORMS.pinterest).toMatchObject({
      actorId: "epctex/pinterest-scraper",
      importMethods: ["url"],
      features: { channels: false, singleVideos: true, autoSync: false },
    });
    expect(PLATFORMS.youtube_shorts).toMatchObject({ actorId: "streamers/youtube-shorts-scraper", enabled: false });
    expect(PLATFORMS.snapchat).toMatchObject({ actorId: null, enabled: false });
    for (const p of ALL_PLATFORMS) expect(p.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it("gives Pinterest's field a pin URL placeholder and help text", () => {
    expect(IMPORT_INPUT_HINTS.pinterest.url).toEqual({
      label: "Pinterest pin URL",
      placeholder: "https://www.pinterest.com/pin/1234567890/",
      helpText: "Enter the URL of a Pinterest pin (for example https://www.pinterest.com/pin/...).",
    });
    expect(IMPORT_INPUT_HINTS.pinterest.username).toBeUndefined();
    for (const p of ENABLED_PLATFORMS) for (const method of p.importMethods) expect(IMPORT_INPUT_HINTS[p.id][method]).toBeDefined();
  });
});

describe("URL recognisers", () => {
  it.each([
    ["tiktok", "https://www.tiktok.com/@shop.co/video/7300000000000000001", "7300000000000000001"],
    ["tiktok", "https://www.tiktok.com/@shop/video/7300000000000000001?is_from_webapp=1", "7300000000000000001"],
    ["tiktok", "https://m.tiktok.com/v/7300000000000000001.html", "7300000000000000001"],
    ["tiktok", "https://vm.tiktok.com/ZMabc1234/", null],
    ["instagram", "https://www.instagram.com/reel/Cabc_-123/", "Cabc_-123"],
    ["instagram", "https://www.instagram.com/p/Cabc123/", "Cabc123"],
    ["instagram", "https://instagram.com/someone/reel/Cabc123", "Cabc123"],
    ["pinterest", "https://www.pinterest.com/pin/1234567890/", "1234567890"],
    ["pinterest", "https://fr.pinterest.com/pin/a-title--1234567890/", "1234567890"],
    ["youtube_shorts", "https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtube_shorts", "https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ] as const)("%s %s -> %s", (platform, url, id) => {
    expect(isPlatformUrl(platform, url)).toBe(true);
    expect(extractVideoId(platform, url)).toBe(id);
  });

  it.each([
    ["tiktok", "http://www.tiktok.com/@a/video/1"],
    ["tiktok", "https://www.tiktok.com.evil.example/@a/video/1"],
    ["tiktok", "https://evil.example/https://www.tiktok.com/@a/video/1"],
    ["tiktok", "https://user:pass@www.tiktok.com/@a/video/1"],
    ["tiktok", "https://www.tiktok.com:8443/@a/video/1"],
    ["tiktok", "https://www.tiktok.com/@a/video/1/../../x"],
    ["tiktok", "javascript:alert(1)//https://www.tiktok.com/@a/video/1"],
    ["instagram", "https://www.instagram.com/someone/"],
    ["instagram", "https://www.instagram.com/reel/abc%22onload%3D/"],
    ["pinterest", "https://www.pinterest.com/pin/abc/"],
    ["pinterest", "https://pin.it/abc123"],
    ["pinterest", "data:text/html,https://www.pinterest.com/pin/1/"],
  ] as const)("%s refuses %s", (platform, url) => {
    expect(isPlatformUrl(platform, url)).toBe(false);
    expect(extractVideoId(platform, url)).toBeNull();
  });

  it("normalises usernames: @ stripped, profile URLs read, lower case, invalid -> null", () => {
    expect(normalizeUsername("tiktok", "  @Shop.Co ")).toBe("shop.co");
    expect(normalizeUsername("tiktok", "https://www.tiktok.com/@Shop_Co")).toBe("shop_co");
    expect(normalizeUsername("instagram", "https://www.instagram.com/shop.co/")).toBe("shop.co");
    for (const bad of ["", "@", "two words", "a/b", "<script>", "x".repeat(33), "https://evil.example/@shop"]) {
      expect(normalizeUsername("tiktok", bad)).toBeNull();
    }
    expect(normalizeUsername("instagram", "x".repeat(31))).toBeNull();
  });

  it("builds canonical URLs from validated parts only", () => {
    expect(canonicalVideoUrl("tiktok", "123", "shop")).toBe("https://www.tiktok.com/@shop/video/123");
    expect(canonicalVideoUrl("tiktok", "123", "<b>")).toBe("https://www.tiktok.com/embed/v2/123");
    expect(canonicalVideoUrl("tiktok", "12a", "shop")).toBeNull();
    expect(canonicalVideoUrl("pinterest", "99", null)).toBe("https://www.pinterest.com/pin/99/");
  });
});
