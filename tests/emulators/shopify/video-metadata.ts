/**
 * What Shopify learns about an uploaded video before it turns READY: the
 * container, the picture's size as a player shows it, and the duration. Read
 * from the container's headers with maintained pure-JS parsers (mp4box for
 * MP4/MOV, music-metadata for WebM), so Local Shopify needs no native tool such
 * as ffprobe. Nothing is decoded: a file whose headers are fine but whose
 * frames are garbage still reads as a video, as it would until Shopify's
 * transcoder got to it.
 */
import { createFile, MP4BoxBuffer, type Movie, type Track } from "mp4box";
import { parseBuffer } from "music-metadata";

export type VideoContainer = "mp4" | "mov" | "webm";

export interface VideoMetadata {
  container: VideoContainer;
  mimeType: string;
  /** Display size (after the track's rotation); null when the headers do not say. */
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

const MIME_TYPES: Record<VideoContainer, string> = { mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

/** The container's metadata, or null when the bytes are not an MP4, MOV or WebM video. */
export async function readVideoMetadata(bytes: Buffer): Promise<VideoMetadata | null> {
  return readIsoBmff(bytes) ?? (await readWebm(bytes));
}

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The boxes an MP4 starts with (`ftyp`), or a QuickTime file from before the ISO standard. */
const LEADING_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);

function readIsoBmff(bytes: Buffer): VideoMetadata | null {
  const movie = parseMovie(bytes);
  const track = movie?.videoTracks[0];
  // No moov, or audio only (an .m4a): not a video.
  if (!movie || !track) return null;
  const container: VideoContainer = movie.brands.length === 0 || movie.brands[0] === "qt  " ? "mov" : "mp4";
  // An all-ones duration means "unknown" (fragmented files).
  const known = movie.timescale > 0 && movie.duration !== 0xffffffff && !movie.isFragmented;
  const size = displaySize(track);
  return {
    container,
    mimeType: MIME_TYPES[container],
    width: size?.width ?? null,
    height: size?.height ?? null,
    durationMs: known ? Math.round((movie.duration * 1000) / movie.timescale) : null,
  };
}

function parseMovie(bytes: Buffer): Movie | null {
  // Only what starts like one goes to mp4box, which reports other bytes on the console.
  if (bytes.length < 8 || !LEADING_BOXES.has(bytes.toString("latin1", 4, 8))) return null;
  const file = createFile();
  let movie: Movie | null = null;
  file.onReady = (info) => (movie = info);
  file.onError = () => (movie = null);
  try {
    // A copy: mp4box keeps and may detach the buffer it is given.
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0));
    file.flush();
  } catch {
    return null;
  }
  return movie;
}

/** The track header's size, turned for a quarter-turn rotation; the sample description's coded size when the header has none. */
function displaySize(track: Track): { width: number; height: number } | null {
  const header = track.track_width > 0 && track.track_height > 0 ? { width: track.track_width, height: track.track_height } : null;
  const size = header ?? (track.video && track.video.width > 0 && track.video.height > 0 ? track.video : null);
  if (!size) return null;
  // Phones record portrait video as landscape frames with a 90° (or 270°) rotation in the track's matrix (16.16 fixed point).
  const [a = 0, b = 0] = Array.from(track.matrix, (entry) => entry / 65536);
  const quarterTurn = Math.abs(a) < 0.5 && Math.abs(b) > 0.5;
  const width = Math.round(size.width);
  const height = Math.round(size.height);
  return quarterTurn ? { width: height, height: width } : { width, height };
}

async function readWebm(bytes: Buffer): Promise<VideoMetadata | null> {
  if (!bytes.subarray(0, 4).equals(EBML_MAGIC)) return null;
  let parsed;
  try {
    parsed = await parseBuffer(bytes, { mimeType: "video/webm" }, { duration: true });
  } catch {
    return null;
  }
  if (!parsed.format.container?.toLowerCase().includes("webm")) return null;
  const video = parsed.format.trackInfo.find((track) => track.video)?.video;
  if (!video) return null;
  const width = video.displayWidth ?? video.pixelWidth ?? null;
  const height = video.displayHeight ?? video.pixelHeight ?? null;
  return {
    container: "webm",
    mimeType: MIME_TYPES.webm,
    width: width || null,
    height: height || null,
    durationMs: parsed.format.duration === undefined ? null : Math.round(parsed.format.duration * 1000),
  };
}
