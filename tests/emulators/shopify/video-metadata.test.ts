/**
 * The container reader Local Shopify uses to give a processed video its size
 * and duration, on real files (tests/fixtures/video, see its README) and on
 * copies altered the way other encoders write them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../support/console-guard.js";
import { readVideoMetadata } from "./video-metadata.js";

const mp4 = readFileSync(new URL("../../fixtures/video/portrait-2s.mp4", import.meta.url));
const webm = readFileSync(new URL("../../fixtures/video/portrait-2s.webm", import.meta.url));

/** Where a box's type sits in the file (the test fails when the fixture has none). */
function boxTypeAt(bytes: Buffer, type: string): number {
  const at = bytes.indexOf(Buffer.from(type, "latin1"));
  expect(at, `the fixture has a ${type} box`).toBeGreaterThan(0);
  return at;
}

describe("readVideoMetadata", () => {
  it("reads an MP4's display size and duration from moov/mvhd and the video track's tkhd", async () => {
    expect(await readVideoMetadata(mp4)).toEqual({ container: "mp4", mimeType: "video/mp4", width: 160, height: 284, durationMs: 2000 });
  });

  it("tells a QuickTime file by its brand", async () => {
    const mov = Buffer.from(mp4);
    mov.write("qt  ", 8, "latin1"); // ftyp's major brand
    expect(await readVideoMetadata(mov)).toMatchObject({ container: "mov", mimeType: "video/quicktime", width: 160, height: 284 });
  });

  it("turns the size of a track recorded sideways with a 90° rotation matrix, as phones write portrait video", async () => {
    const rotated = Buffer.from(mp4);
    // tkhd (version 0): the matrix starts 40 bytes into the payload, which follows the 4-byte type.
    const matrix = boxTypeAt(rotated, "tkhd") + 4 + 40;
    rotated.writeInt32BE(0, matrix); // a
    rotated.writeInt32BE(0x10000, matrix + 4); // b = 1
    rotated.writeInt32BE(-0x10000, matrix + 12); // c = -1
    rotated.writeInt32BE(0, matrix + 16); // d
    expect(await readVideoMetadata(rotated)).toMatchObject({ width: 284, height: 160 });
  });

  it("falls back to the sample description when the track header has no size", async () => {
    const sizeless = Buffer.from(mp4);
    const size = boxTypeAt(sizeless, "tkhd") + 4 + 76;
    sizeless.writeUInt32BE(0, size);
    sizeless.writeUInt32BE(0, size + 4);
    expect(await readVideoMetadata(sizeless)).toMatchObject({ width: 160, height: 284 });
  });

  it("reads a WebM's Info and video track", async () => {
    expect(await readVideoMetadata(webm)).toEqual({ container: "webm", mimeType: "video/webm", width: 160, height: 284, durationMs: 2000 });
  });

  it("finds no video in other bytes or a truncated header", async () => {
    expect(await readVideoMetadata(Buffer.from("this is plain text, not a video"))).toBeNull();
    expect(await readVideoMetadata(Buffer.alloc(0))).toBeNull();
    expect(await readVideoMetadata(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBeNull();
    expect(await readVideoMetadata(mp4.subarray(0, 400))).toBeNull();
  });

  it("finds no video in an audio-only file", async () => {
    // The audio sample entry made here from the video one holds nonsense fields, which mp4box reports.
    expectConsoleError(/BoxParser/);
    const audioOnly = Buffer.from(mp4);
    audioOnly.write("soun", boxTypeAt(audioOnly, "hdlr") + 4 + 8, "latin1");
    // Its sample description (after stsd; "avc1" also stands among ftyp's brands).
    audioOnly.write("mp4a", audioOnly.indexOf("avc1", boxTypeAt(audioOnly, "stsd")), "latin1");
    expect(await readVideoMetadata(audioOnly)).toBeNull();
  });
});
