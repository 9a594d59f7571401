/**
 * The video files the emulated platforms serve: small real MP4s committed in
 * tests/fixtures/platform-videos/ (how they were made: the README there), one
 * chosen per post by its id, and one file that only looks like a video for the
 * post a test sets up to fail processing. Served with byte ranges, as players
 * and Shopify's file fetcher ask for them.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { hash, type EmulatedPlatform } from "./fixtures.js";

const VIDEO_DIR = fileURLToPath(new URL("../../fixtures/platform-videos/", import.meta.url));

/** Playable: H.264 baseline, 180x320, 3 s, each with its number drawn large. */
export const PLAYABLE_VIDEO_FILES = ["video-1.mp4", "video-2.mp4", "video-3.mp4", "video-4.mp4", "video-5.mp4"] as const;
/** An MP4's ftyp box followed by text: sniffs as MP4, never decodes. */
export const BROKEN_VIDEO_FILE = "broken.mp4";

export type VideoFileName = (typeof PLAYABLE_VIDEO_FILES)[number] | typeof BROKEN_VIDEO_FILE;

/** The same post always plays the same file; different posts mostly differ. */
export function videoFileFor(platform: EmulatedPlatform, postId: string, broken: boolean): VideoFileName {
  if (broken) return BROKEN_VIDEO_FILE;
  return PLAYABLE_VIDEO_FILES[hash(`video:${platform}:${postId}`) % PLAYABLE_VIDEO_FILES.length] ?? PLAYABLE_VIDEO_FILES[0];
}

const loaded = new Map<VideoFileName, { bytes: Buffer; etag: string }>();

/** Read once, on first use: the files are small and the demo serves them for days. */
export function videoFile(name: VideoFileName): { bytes: Buffer; etag: string } {
  let file = loaded.get(name);
  if (!file) {
    const bytes = readFileSync(`${VIDEO_DIR}${name}`);
    file = { bytes, etag: `"${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}"` };
    loaded.set(name, file);
  }
  return file;
}

type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * One `bytes=` range of RFC 9110 (first-last, first-, -suffix). Several ranges
 * or a header we do not understand are ignored (the whole file is sent), which
 * the RFC allows; a range that starts past the end cannot be satisfied.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/** Answers with the file: 200 whole, 206 one range, 416 a range past the end; HEAD gets the headers only. */
export function sendVideoFile(req: IncomingMessage, res: ServerResponse, name: VideoFileName, headers: Record<string, string> = {}): void {
  const { bytes, etag } = videoFile(name);
  const common = { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", ETag: etag, ...headers };
  // A stale If-Range means the client holds another version of the file: it gets the whole new one.
  const ifRange = req.headers["if-range"];
  const range = ifRange === undefined || ifRange === etag ? parseByteRange(req.headers.range, bytes.length) : null;
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...common, "Content-Range": `bytes */${bytes.length}`, "Content-Length": 0 }).end();
    return;
  }
  const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
  res.writeHead(range ? 206 : 200, {
    ...common,
    "Content-Length": body.length,
    ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${bytes.length}` } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
