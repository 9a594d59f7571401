/**
 * What Shopify learns about an uploaded video before it turns READY: the
 * container, the picture's size as a player shows it, and the duration. Read
 * in plain JS from the container's headers (ISO-BMFF `moov` for MP4/MOV, the
 * EBML `Segment/Info` and `Tracks` for WebM), so Local Shopify needs no native
 * dependency such as ffprobe. Nothing is decoded: a file whose headers are fine
 * but whose frames are garbage still reads as a video, as it would until
 * Shopify's transcoder got to it.
 */

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
export function readVideoMetadata(bytes: Buffer): VideoMetadata | null {
  return readIsoBmff(bytes) ?? readWebm(bytes);
}

// ---------------------------------------------------------------- ISO-BMFF (MP4, MOV)

interface Box {
  type: string;
  /** Where the box's payload starts and where the box ends. */
  payload: number;
  end: number;
}

/** The boxes between `from` and `to`; stops at the first one whose size does not fit (a truncated file). */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at; // "extends to the end of the file"
    }
    if (size < header || at + size > to) break;
    found.push({ type: bytes.toString("latin1", at + 4, at + 8), payload: at + header, end: at + size });
    at += size;
  }
  return found;
}

const child = (bytes: Buffer, parent: Box, type: string) => boxesIn(bytes, parent.payload, parent.end).find((box) => box.type === type);

/** Boxes a QuickTime file may start with when it has no `ftyp` (files from before the ISO standard). */
const QUICKTIME_LEADING_BOXES = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);

function readIsoBmff(bytes: Buffer): VideoMetadata | null {
  const top = boxesIn(bytes, 0, bytes.length);
  const first = top[0];
  if (!first || (first.type !== "ftyp" && !QUICKTIME_LEADING_BOXES.has(first.type))) return null;
  const moov = top.find((box) => box.type === "moov");
  if (!moov) return null;

  const majorBrand = first.type === "ftyp" && first.end - first.payload >= 4 ? bytes.toString("latin1", first.payload, first.payload + 4) : "qt  ";
  const container: VideoContainer = majorBrand === "qt  " ? "mov" : "mp4";

  let durationMs: number | null = null;
  const mvhd = child(bytes, moov, "mvhd");
  if (mvhd && mvhd.end - mvhd.payload >= 32) {
    const version = bytes[mvhd.payload];
    const [timescale, duration] =
      version === 1
        ? [bytes.readUInt32BE(mvhd.payload + 20), Number(bytes.readBigUInt64BE(mvhd.payload + 24))]
        : [bytes.readUInt32BE(mvhd.payload + 12), bytes.readUInt32BE(mvhd.payload + 16)];
    // An all-ones duration means "unknown" (fragmented files).
    if (timescale > 0 && duration !== 0xffffffff) durationMs = Math.round((duration * 1000) / timescale);
  }

  const videoTrack = boxesIn(bytes, moov.payload, moov.end)
    .filter((box) => box.type === "trak")
    .find((trak) => handlerOf(bytes, trak) === "vide");
  // Audio only (an .m4a) is not a video.
  if (!videoTrack) return null;
  const size = trackDisplaySize(bytes, videoTrack);
  return { container, mimeType: MIME_TYPES[container], width: size?.width ?? null, height: size?.height ?? null, durationMs };
}

/** `trak/mdia/hdlr`'s handler type: "vide" for a video track, "soun" for audio. */
function handlerOf(bytes: Buffer, trak: Box): string | undefined {
  const mdia = child(bytes, trak, "mdia");
  const hdlr = mdia && child(bytes, mdia, "hdlr");
  if (!hdlr || hdlr.end - hdlr.payload < 12) return undefined;
  return bytes.toString("latin1", hdlr.payload + 8, hdlr.payload + 12);
}

/** 16.16 fixed point, signed (matrix entries) */
const fixed16 = (bytes: Buffer, at: number) => bytes.readInt32BE(at) / 65536;

function trackDisplaySize(bytes: Buffer, trak: Box): { width: number; height: number } | null {
  const tkhd = child(bytes, trak, "tkhd");
  let size: { width: number; height: number } | null = null;
  let quarterTurn = false;
  if (tkhd) {
    // Version 1 widens the times and the duration to 64 bits; the matrix and the size follow them.
    const matrixAt = tkhd.payload + (bytes[tkhd.payload] === 1 ? 52 : 40);
    if (matrixAt + 44 <= tkhd.end) {
      const [a, b] = [fixed16(bytes, matrixAt), fixed16(bytes, matrixAt + 4)];
      // Phones record portrait video as landscape frames with a 90° (or 270°) rotation in this matrix.
      quarterTurn = Math.abs(a) < 0.5 && Math.abs(b) > 0.5;
      const width = Math.round(bytes.readUInt32BE(matrixAt + 36) / 65536);
      const height = Math.round(bytes.readUInt32BE(matrixAt + 40) / 65536);
      if (width > 0 && height > 0) size = { width, height };
    }
  }
  // Some muxers leave the track header's size at 0: the sample description has the coded size.
  size ??= sampleEntrySize(bytes, trak);
  if (!size) return null;
  return quarterTurn ? { width: size.height, height: size.width } : size;
}

/** Width and height of the first visual sample entry (`avc1`, `hvc1`, ...) in `mdia/minf/stbl/stsd`. */
function sampleEntrySize(bytes: Buffer, trak: Box): { width: number; height: number } | null {
  let box: Box | undefined = trak;
  for (const type of ["mdia", "minf", "stbl", "stsd"]) box = box && child(bytes, box, type);
  if (!box) return null;
  // stsd: version and flags, entry count, then the entries as boxes; a visual entry's size sits 24 bytes into its payload.
  const entry = boxesIn(bytes, box.payload + 8, box.end)[0];
  if (!entry || entry.payload + 28 > entry.end) return null;
  const width = bytes.readUInt16BE(entry.payload + 24);
  const height = bytes.readUInt16BE(entry.payload + 26);
  return width > 0 && height > 0 ? { width, height } : null;
}

// ---------------------------------------------------------------- EBML (WebM)

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO_SETTINGS = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const CLUSTER = 0x1f43b675;
const VIDEO_TRACK_TYPE = 1;

interface Element {
  id: number;
  /** Where the element's data starts and ends (`end` is the parent's end for an unknown size). */
  data: number;
  end: number;
}

/** An EBML variable-length integer: its length comes from the first byte's leading zeros. */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function elementsIn(bytes: Buffer, from: number, to: number, stopAt?: number): Element[] {
  const found: Element[] = [];
  let at = from;
  while (at < to) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size) break;
    const data = at + id.length + size.length;
    const end = size.unknown ? to : Math.min(data + size.value, to);
    found.push({ id: id.value, data, end });
    // Clusters hold the frames: everything we read comes before the first one.
    if (id.value === stopAt || size.unknown) break;
    at = end;
  }
  return found;
}

function unsignedOf(bytes: Buffer, element: Element): number {
  let value = 0;
  for (let i = element.data; i < element.end; i++) value = value * 256 + (bytes[i] ?? 0);
  return value;
}

function floatOf(bytes: Buffer, element: Element): number | null {
  const length = element.end - element.data;
  if (length === 4) return bytes.readFloatBE(element.data);
  if (length === 8) return bytes.readDoubleBE(element.data);
  return null;
}

function readWebm(bytes: Buffer): VideoMetadata | null {
  const [header, ...rest] = elementsIn(bytes, 0, bytes.length, SEGMENT);
  if (header?.id !== EBML_HEADER) return null;
  const docType = elementsIn(bytes, header.data, header.end).find((e) => e.id === DOC_TYPE);
  // Matroska files other than WebM (.mkv) are not among the video formats Shopify takes.
  if (!docType || bytes.toString("latin1", docType.data, docType.end).replace(/\0+$/, "") !== "webm") return null;
  const segment = rest.find((e) => e.id === SEGMENT);
  if (!segment) return null;

  const children = elementsIn(bytes, segment.data, segment.end, CLUSTER);
  let durationMs: number | null = null;
  const info = children.find((e) => e.id === INFO);
  if (info) {
    const fields = elementsIn(bytes, info.data, info.end);
    const scaleElement = fields.find((e) => e.id === TIMESTAMP_SCALE);
    const scaleNs = scaleElement ? unsignedOf(bytes, scaleElement) : 1_000_000;
    const durationElement = fields.find((e) => e.id === DURATION);
    const duration = durationElement ? floatOf(bytes, durationElement) : null;
    // Browsers' MediaRecorder writes no duration: it stays unknown.
    if (duration !== null && Number.isFinite(duration)) durationMs = Math.round((duration * scaleNs) / 1_000_000);
  }

  const tracks = children.find((e) => e.id === TRACKS);
  const entries = tracks ? elementsIn(bytes, tracks.data, tracks.end).filter((e) => e.id === TRACK_ENTRY) : [];
  for (const entry of entries) {
    const fields = elementsIn(bytes, entry.data, entry.end);
    const type = fields.find((e) => e.id === TRACK_TYPE);
    if (!type || unsignedOf(bytes, type) !== VIDEO_TRACK_TYPE) continue;
    const settings = fields.find((e) => e.id === VIDEO_SETTINGS);
    const video = settings ? elementsIn(bytes, settings.data, settings.end) : [];
    // The coded size; DisplayWidth/Height may be in aspect-ratio units rather than pixels, so they are not used.
    const read = (id: number) => {
      const element = video.find((e) => e.id === id);
      return element ? unsignedOf(bytes, element) : 0;
    };
    const [width, height] = [read(PIXEL_WIDTH), read(PIXEL_HEIGHT)];
    return { container: "webm", mimeType: MIME_TYPES.webm, width: width || null, height: height || null, durationMs };
  }
  // No video track (an audio-only .webm): not a video.
  return null;
}
