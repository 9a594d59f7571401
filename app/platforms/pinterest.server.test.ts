/** The Pinterest importer against the oEmbed emulator (any well-formed pin URL answers). */
import { describe, expect, it } from "vitest";
import { platformControl, uniquePinId } from "../../tests/emulators/platforms/client";
import { createImporter, getImporter, ImportError } from "./index.server";

const control = platformControl();

async function importError(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe("Pinterest importer", () => {
  it("imports a pin from its URL with the oEmbed fields mapped", async () => {
    const id = uniquePinId();
    const { video, channel } = await getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${id}/`);
    expect(channel).toBeNull();
    expect(video).toEqual({
      platformVideoId: id,
      title: expect.any(String),
      authorName: expect.any(String),
      channelUsername: expect.stringMatching(/^[A-Za-z0-9_.]+$/),
      thumbnailUrl: `${process.env.LOCAL_SHOPIFY_URL}/platform-cdn/pinterest/pin/${id}.svg`,
      embedHtml: expect.stringContaining(`data-pin-do="embedPin"`),
      videoUrl: `https://www.pinterest.com/pin/${id}/`,
      publishedAt: null,
    });
    expect(video.title!.length).toBeGreaterThan(5);
    // oEmbed gives no video file.
    expect(video.downloadUrl).toBeUndefined();
  });

  it("accepts country hosts and slugged pin URLs, and asks oEmbed for the canonical pin URL", async () => {
    const id = uniquePinId();
    for (const url of [`https://uk.pinterest.com/pin/${id}/`, `https://www.pinterest.co.uk/pin/some-nice-title--${id}/`, `https://pinterest.com/pin/${id}`]) {
      const { video } = await getImporter("pinterest").importVideo(url);
      expect(video.platformVideoId).toBe(id);
      expect(video.videoUrl).toBe(`https://www.pinterest.com/pin/${id}/`);
    }
  });

  it.each([
    ["404", "not_found"],
    ["403", "private"],
    ["500", "failed"],
  ])("a pin whose id starts with %s fails with kind %s", async (prefix, kind) => {
    const error = await importError(getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${uniquePinId(prefix)}/`));
    expect(error.kind).toBe(kind);
  });

  it("a scenario can be set per pin through the control endpoint", async () => {
    const id = uniquePinId();
    await control.setAccount("pinterest", id, { scenario: "missing" });
    const error = await importError(getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${id}/`));
    expect(error.kind).toBe("not_found");
  });

  it("times out with kind timeout when Pinterest does not answer", async () => {
    const error = await importError(createImporter("pinterest", { oembedTimeoutMs: 300 }).importVideo(`https://www.pinterest.com/pin/${uniquePinId("408")}/`));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/timeout/i);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await importError(
      getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${uniquePinId("408")}/`, { signal: controller.signal }),
    );
    expect(error).toMatchObject({ kind: "failed", message: "The import was cancelled" });
  });

  it("needs no Apify token", async () => {
    const { video } = await createImporter("pinterest", { apifyToken: undefined }).importVideo(`https://www.pinterest.com/pin/${uniquePinId()}/`);
    expect(video.platformVideoId).toMatch(/^\d+$/);
  });

  it("has no account import", async () => {
    const error = await importError(getImporter("pinterest").importChannel("someone"));
    expect(error.kind).toBe("invalid_input");
  });

  it.each([
    "https://www.pinterest.com/someone/boards/",
    "http://www.pinterest.com/pin/123/",
    "https://pin.it/abc123",
    "https://www.pinterest.com.evil.example/pin/123/",
    "https://www.pinterest.com/pin/123abc/",
    "javascript:alert(1)",
  ])("refuses %s", async (url) => {
    const error = await importError(getImporter("pinterest").importVideo(url));
    expect(error.kind).toBe("invalid_input");
  });

  it("keeps the evil pin's texts and embed HTML as received (never rendered) and drops its javascript: URLs", async () => {
    const { video } = await getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${uniquePinId("666")}/`);
    expect(video.title).toBe("<script>alert(1)</script> Summer sale");
    expect(video.authorName).toBe("<img src=x onerror=alert(1)>Evil Shop");
    expect(video.embedHtml).toBe('<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">pin</a>');
    expect(video.thumbnailUrl).toBeNull();
    expect(video.channelUsername).toBeNull();
  });
});
