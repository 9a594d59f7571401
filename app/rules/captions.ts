/**
 * Captions as text we control (decision 084): a strict reader of WebVTT and
 * SRT files that names the line of the first fault, the cues it finds
 * (times in milliseconds, plain text), and one writer of normalised WebVTT.
 * A platform's file and a merchant's upload go through the same reader, and
 * only what the writer makes is ever stored or copied to Shopify: the bytes
 * we were given never are.
 *
 * Cue text is text only: markup (<b>, <c.yellow>, <v Speaker>) is dropped,
 * the five entities WebVTT names are decoded, control characters removed.
 * Pure and client-safe: the API and the preview's editor share it.
 */
import { CAPTIONS } from "~/constants";
import { untrustedText } from "~/rules/text-input";

export interface Cue {
  /** Milliseconds from the start of the video. */
  start: number;
  end: number;
  /** Plain text; lines separated by "\n". */
  text: string;
}

export type CaptionFormat = "vtt" | "srt";

/** What is wrong, for the message catalogue (CAPTION_TEXT.errors). */
export type CaptionFault =
  | "header" // a .vtt file that does not start with WEBVTT
  | "timing" // a line where a cue's times should be
  | "order" // a cue that does not end after it starts
  | "emptyCue" // a cue without text
  | "longCue" // a cue's text over CAPTIONS.maxCueChars
  | "noCues" // nothing to show
  | "tooManyCues"
  | "tooLarge"
  | "binary"; // not text (a NUL, or not UTF-8)

export type CaptionReading = { ok: true; cues: Cue[] } | { ok: false; line: number; fault: CaptionFault };

const fail = (line: number, fault: CaptionFault): CaptionReading => ({ ok: false, line, fault });

/** hh:mm:ss.ttt or mm:ss.ttt (WebVTT); hh:mm:ss,ttt (SRT; a dot is taken too, as many tools write it). */
const TIMESTAMP = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;

export function parseTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0", millis = "0"] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}

/** "00:01:02.345", as the writer puts it. */
export function formatTimestamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f", quot: '"', apos: "'" };

/** A cue's payload as plain text: tags dropped, entities decoded, unstorable characters removed, lines trimmed. */
export function cueText(lines: readonly string[]): string {
  const plain = lines
    .map((line) =>
      line
        .replace(/<[^>]*>/g, "")
        .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, name: string) => {
          if (name.startsWith("#")) {
            const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
            return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
          }
          return ENTITIES[name.toLowerCase()] ?? whole;
        })
        .trim(),
    )
    .filter(Boolean)
    .join("\n");
  return untrustedText(plain, CAPTIONS.maxCueChars * 2) ?? "";
}

/** The file's format from its name, else from its first line. */
export function captionFormatOf(text: string, filename?: string | null): CaptionFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(filename ?? "")?.[1]?.toLowerCase();
  if (extension === "vtt" || extension === "srt") return extension;
  return /^\uFEFF?WEBVTT/.test(text) ? "vtt" : "srt";
}

/**
 * Reads a caption file. Line numbers count from 1, as an editor shows them.
 * Cues come out in the order of their start times (a file may list them
 * otherwise; players need them sorted).
 */
export function parseCaptions(text: string, format: CaptionFormat): CaptionReading {
  if (new TextEncoder().encode(text).length > CAPTIONS.maxBytes) return fail(1, "tooLarge");
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const nul = lines.findIndex((line) => line.includes("\u0000") || line.includes("\uFFFD"));
  if (nul !== -1) return fail(nul + 1, "binary");

  let i = 0;
  if (format === "vtt") {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) return fail(1, "header");
    // The header's own lines run to the first blank line.
    while (i < lines.length && lines[i]!.trim() !== "") i++;
  }

  const cues: Cue[] = [];
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === "") i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "") block.push(lines[i++]!);

    if (format === "vtt" && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!) && !block[0]!.includes("-->")) continue;
    // An identifier (WebVTT) or a counter (SRT) may come before the times.
    let at = 0;
    if (!block[0]!.includes("-->")) at = 1;
    const timingLine = block[at];
    const lineNumber = blockStart + at + 1;
    if (timingLine === undefined || !timingLine.includes("-->")) {
      // A first line that looks like times (a mistyped arrow) is where the fault is, not an identifier.
      const looksTimed = /\d:\d\d/.test(block[0]!);
      return fail(looksTimed || timingLine === undefined ? blockStart + 1 : lineNumber, "timing");
    }
    const [startText = "", rest = ""] = timingLine.split("-->");
    // WebVTT's cue settings (align:start, line:90%) follow the end time; they are not kept.
    const endText = rest.trim().split(/[ \t]+/)[0] ?? "";
    const start = parseTimestamp(startText);
    const end = parseTimestamp(endText);
    if (start === null || end === null) return fail(lineNumber, "timing");
    if (end <= start) return fail(lineNumber, "order");
    const payload = cueText(block.slice(at + 1));
    if (!payload) return fail(lineNumber, "emptyCue");
    if (payload.length > CAPTIONS.maxCueChars) return fail(lineNumber + 1, "longCue");
    cues.push({ start, end, text: payload });
    if (cues.length > CAPTIONS.maxCues) return fail(lineNumber, "tooManyCues");
  }
  if (!cues.length) return fail(Math.max(1, lines.length), "noCues");
  return { ok: true, cues: sortCues(cues) };
}

export function sortCues(cues: readonly Cue[]): Cue[] {
  return cues
    .map((cue, index) => ({ cue, index }))
    .sort((a, b) => a.cue.start - b.cue.start || a.cue.end - b.cue.end || a.index - b.index)
    .map(({ cue }) => cue);
}

/** Cue text as WebVTT carries it: &, < and > escaped, no blank line, no "-->". */
function escapeCueText(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** The one WebVTT we write: the header, then each cue's times and text. */
export function serializeVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${sortCues(cues)
    .map((cue) => `${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}\n${escapeCueText(cue.text)}`)
    .join("\n\n")}\n`;
}

/** What is wrong with one cue of the editor, for the message catalogue (CAPTION_TEXT.cueErrors). */
export type CueFault = "order" | "emptyCue" | "longCue" | "pastEnd" | "negative";

/**
 * The editor's rules for one cue: it ends after it starts, within the video
 * (when its length is known), and has text. Null when it is fine.
 */
export function cueFault(cue: Cue, durationMs: number | null): CueFault | null {
  if (!Number.isFinite(cue.start) || !Number.isFinite(cue.end) || cue.start < 0) return "negative";
  if (cue.end <= cue.start) return "order";
  if (durationMs !== null && cue.end > durationMs + DURATION_TOLERANCE_MS) return "pastEnd";
  const text = cueText(cue.text.split("\n"));
  if (!text) return "emptyCue";
  if (text.length > CAPTIONS.maxCueChars) return "longCue";
  return null;
}

/** A video's length is rounded by whoever measured it: a cue may end this far past it. */
const DURATION_TOLERANCE_MS = 500;

/** The editor's cues as stored: each checked (the first fault with its cue's index), text normalised. */
export function checkCues(cues: readonly Cue[], durationMs: number | null): { ok: true; cues: Cue[] } | { ok: false; index: number; fault: CueFault } {
  if (!cues.length) return { ok: false, index: 0, fault: "emptyCue" };
  for (const [index, cue] of cues.entries()) {
    const fault = cueFault(cue, durationMs);
    if (fault) return { ok: false, index, fault };
  }
  return { ok: true, cues: sortCues(cues.map((cue) => ({ start: Math.round(cue.start), end: Math.round(cue.end), text: cueText(cue.text.split("\n")) }))) };
}
