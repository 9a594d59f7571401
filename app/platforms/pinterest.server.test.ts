/** The Pinterest importer against the oEmbed and Apify emulators (any well-formed pin URL answers). */
import { describe, expect, it } from "vitest";
import { platformControl, uniquePinId } from "../../tests/emulators/platforms/client";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT } from "~/messages";
import { PLATFORM_IMPORTS } from "~/contracts/platforms";
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
  it("imports a video pin from its URL: the oEmbed fields mapped, the video file from the scraper", async () => {
    const id = uniquePinId();
    const { video, channel } = await getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${id}/`);
    expect(channel).toBeNull();
    expect(video).toEqual({
      platformVideoId: id,
      title: expect.any(String),
      authorName: expect.any(String),
      channelUsername: expect.stringMatching(/^[A-Za-z0-9_.]+$/),
      thumbnailUrl: `${process.env.LOCAL_SHOPIFY_URL}/platform-cdn/pinterest/pin/${id}.svg`,
      embedHtml: expect.stringContaining(`<iframe src="https://assets.pinterest.com/ext/embed.html?id=${id}"`),
      videoUrl: `https://www.pinterest.com/pin/${id}/`,
      downloadUrl: expect.stringContaining(`/platform-cdn/pinterest/video/${id}.mp4`),
      publishedAt: null,
    });
    expect(video.title!.length).toBeGreaterThan(5);
    // Neither oEmbed nor the pin scraper reports plays or likes: the figures stay unknown, never 0 (decision 082).
    expect(video.figures).toBeUndefined();
    // oEmbed cannot tell a video pin from an image pin: one scraper run read the pin.
    expect(await control.runs({ actorId: PLATFORM_IMPORTS.pinterest.actorId, contains: id })).toHaveLength(1);
  });

  it("refuses an image pin at import, with the reason (oEmbed answers it like a video pin)", async () => {
    const id = uniquePinId("100");
    const error = await importError(getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${id}/`));
    expect(error).toMatchObject({ kind: "invalid_input", message: IMPORT_JOB_TEXT.imagePin });
  });

  it("a missing or private pin costs no scraper run", async () => {
    const id = uniquePinId("404");
    await importError(getImporter("pinterest").importVideo(`https://www.pinterest.com/pin/${id}/`));
    expect(await control.runs({ actorId: PLATFORM_IMPORTS.pinterest.actorId, contains: id })).toHaveLength(0);
  });

  it("imports a batch of pin links with one scraper run: video pins added, image pins and the rest refused with their reasons", async () => {
    const video = uniquePinId();
    const image = uniquePinId("100");
    const missing = uniquePinId("404");
    const urls = [
      `https://www.pinterest.com/pin/${video}/`,
      `https://www.pinterest.com/pin/${image}/`,
      `https://www.pinterest.com/pin/${missing}/`,
      "https://www.pinterest.com/someone/boards/",
    ];
    const answers = await getImporter("pinterest").importVideos!(urls);
    expect(answers.get(urls[0]!)?.video).toMatchObject({ platformVideoId: video, downloadUrl: expect.stringContaining(`${video}.mp4`) });
    expect(answers.get(urls[1]!)?.failure).toMatchObject({ kind: "invalid_input", message: IMPORT_JOB_TEXT.imagePin });
    expect(answers.get(urls[2]!)?.failure).toMatchObject({ kind: "not_found" });
    expect(answers.get(urls[3]!)?.failure).toMatchObject({ kind: "invalid_input", message: IMPORT_LINKS_TEXT.notVideoLink("Pinterest", "pin") });
    const runs = await control.runs({ actorId: PLATFORM_IMPORTS.pinterest.actorId, contains: video });
    expect(runs).toHaveLength(1);
    expect(JSON.stringify(runs[0])).toContain(image);
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

  it("needs an Apify token: without one it cannot tell a video pin", async () => {
    const error = await importError(createImporter("pinterest", { apifyToken: undefined }).importVideo(`https://www.pinterest.com/pin/${uniquePinId()}/`));
    expect(error.kind).toBe("missing_token");
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
