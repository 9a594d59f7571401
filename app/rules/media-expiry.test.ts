// When the platforms' signed media URLs stop working and when the refresher
// reads them again (decision 083): the URL's own expiry first, then each
// platform's observed lifetime from the run.
import { describe, expect, it } from "vitest";
import { MEDIA_REFRESH } from "~/constants";
import { liveMediaUrl, mediaUrlExpiry, refreshWindow, signedUrlExpiry, sourceTooOld, stillLive } from "~/rules/media-expiry";

const HOUR = 3_600_000;
const RUN = new Date("2026-11-27T10:00:00Z");
const inSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe("the expiry a signed URL carries", () => {
  it("reads TikTok's x-expires (unix seconds) and Instagram's oe (hex unix seconds)", () => {
    const at = new Date("2026-11-29T09:00:00Z");
    expect(signedUrlExpiry(`https://p16-sign-va.tiktokcdn.com/obj/cover.jpeg?x-expires=${inSeconds(at)}&x-signature=abc%3D`)).toEqual(at);
    const hex = inSeconds(at).toString(16).toUpperCase();
    expect(signedUrlExpiry(`https://scontent-iad3-1.cdninstagram.com/v/t51.29350-15/1_n.jpg?stp=dst-jpg_e35&_nc_cat=1&oh=00_AbC&oe=${hex}`)).toEqual(at);
    expect(signedUrlExpiry(`https://scontent.cdninstagram.com/v.mp4?oe=${hex.toLowerCase()}`)).toEqual(at);
  });

  it("none for unsigned URLs, garbled parameters or no URL", () => {
    expect(signedUrlExpiry("https://i.pinimg.com/originals/ab/cd/ef.jpg")).toBeNull();
    expect(signedUrlExpiry("https://api.apify.com/v2/key-value-stores/abc/records/video-1?signature=xyz")).toBeNull();
    expect(signedUrlExpiry("https://cdn.example/a.jpg?x-expires=soon")).toBeNull();
    expect(signedUrlExpiry("https://cdn.example/a.jpg?oe=ZZZZZZZZ")).toBeNull();
    expect(signedUrlExpiry("https://cdn.example/a.jpg?x-expires=99999999999")).toBeNull(); // year 5138
    expect(signedUrlExpiry("not a url")).toBeNull();
    expect(signedUrlExpiry(null)).toBeNull();
  });
});

describe("a stored URL's expiry", () => {
  it("is the URL's own when it carries one, whatever the platform's clock says", () => {
    const own = new Date(RUN.getTime() + 3 * HOUR);
    expect(mediaUrlExpiry("tiktok", "thumbnail", `https://cdn.example/c.jpeg?x-expires=${inSeconds(own)}`, RUN)).toEqual(own);
  });

  it("else each platform's own clock from the run: TikTok covers and avatars 47 h, its video 6 h (41 h before the cover); Instagram covers 3.4 days, videos 33 h", () => {
    const at = (hours: number) => new Date(RUN.getTime() + hours * HOUR);
    const unsigned = "https://api.apify.com/v2/key-value-stores/s/records/k";
    expect(mediaUrlExpiry("tiktok", "thumbnail", unsigned, RUN)).toEqual(at(47));
    expect(mediaUrlExpiry("tiktok", "avatar", unsigned, RUN)).toEqual(at(47));
    expect(mediaUrlExpiry("tiktok", "video", unsigned, RUN)).toEqual(at(6));
    expect(mediaUrlExpiry("instagram", "video", unsigned, RUN)).toEqual(at(33));
    expect(mediaUrlExpiry("instagram", "thumbnail", unsigned, RUN)).toEqual(at(3.4 * 24));
  });

  it("is none for platforms whose media do not expire, for uploads, and without a URL", () => {
    expect(mediaUrlExpiry("pinterest", "video", "https://v1.pinimg.com/videos/mc/720p/ab.mp4", RUN)).toBeNull();
    expect(mediaUrlExpiry("upload", "thumbnail", "https://cdn.shopify.com/poster.jpg", RUN)).toBeNull();
    expect(mediaUrlExpiry("tiktok", "thumbnail", null, RUN)).toBeNull();
  });
});

describe("using and refreshing a URL", () => {
  const expires = new Date(RUN.getTime() + 6 * HOUR);

  it("an expired URL is never shown: the admin shows the platform's tile instead", () => {
    expect(liveMediaUrl("https://cdn/a.jpg", expires, new Date(expires.getTime() - 1000))).toBe("https://cdn/a.jpg");
    expect(liveMediaUrl("https://cdn/a.jpg", expires, new Date(expires.getTime() + 1000))).toBeNull();
    expect(liveMediaUrl("https://cdn/a.jpg", null, new Date(8.64e15))).toBe("https://cdn/a.jpg");
    // A row saved before expiries were stored: the URL's own expiry counts.
    const signed = `https://p16.tiktokcdn.com/c.jpeg?x-expires=${inSeconds(expires)}`;
    expect(liveMediaUrl(signed, null, new Date(expires.getTime() + 1000))).toBeNull();
    expect(liveMediaUrl(signed, null, RUN)).toBe(signed);
    expect(stillLive(expires, RUN, 7 * HOUR)).toBe(false);
  });

  it("the refresher reads a URL again once it expires within the margin, and leaves URLs expired for a week to the next resync", () => {
    const window = refreshWindow(RUN);
    expect(window.to.getTime() - RUN.getTime()).toBe(MEDIA_REFRESH.marginMinutes * 60_000);
    expect(RUN.getTime() - window.from.getTime()).toBe(MEDIA_REFRESH.giveUpHours * HOUR);
    // The margin leaves the refresher several rounds before a TikTok video URL (the shortest clock) expires.
    expect(MEDIA_REFRESH.marginMinutes).toBeGreaterThanOrEqual(4 * MEDIA_REFRESH.everyMinutes);
    expect(MEDIA_REFRESH.marginMinutes * 60_000).toBeLessThan(6 * HOUR);
  });

  it("the mirror fetches the file again when its URL expires before Shopify would have fetched it", () => {
    expect(sourceTooOld(expires, RUN)).toBe(false);
    expect(sourceTooOld(expires, new Date(expires.getTime() - 60_000))).toBe(true);
    expect(sourceTooOld(expires, new Date(expires.getTime() + HOUR))).toBe(true);
    expect(sourceTooOld(null, RUN)).toBe(false);
  });
});
