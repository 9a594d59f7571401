/**
 * Files (Content > Files). fileCreate answers at once with UPLOADED; Local
 * Shopify then fetches `originalSource` in the background, as Shopify does.
 * An image turns READY (served from /cdn/shop/files/...) or FAILED as soon as
 * it is fetched. A video stays UPLOADED, then PROCESSING, for
 * `config.videoProcessingStepMs` each (Shopify transcodes it meanwhile), then
 * turns READY with its size, duration, a rendition and a poster, or FAILED
 * with fileErrors. Clients poll `node(id)` / `files` for the outcome.
 * `originalSource` may be an http(s) URL or a resourceUrl from
 * stagedUploadsCreate (../staged-uploads.ts). A FILE (GenericFile: any
 * other kind, such as a caption file) turns READY as soon as its bytes are
 * read, served from /cdn/shop/files/<id>/<filename> with the type it was
 * uploaded as.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { parseGid } from "../gid.js";
import { createStagedTarget, stagedUploadOf, type StagedUploadInput } from "../staged-uploads.js";
import { nextId, type FileRecord, type ShopState } from "../state.js";
import type { LocalShopifyContext } from "../context.js";
import { readVideoMetadata, type VideoContainer } from "../video-metadata.js";
import { connection, type PageArgs } from "./connection.js";
import { filterBySearch } from "./search.js";
import { fileGidType, fileView, type GqlContext } from "./views.js";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "image/avif": "avif",
};

const FETCH_TIMEOUT_MS = 15_000;

/** Width and height from the image header (PNG, GIF, JPEG, WebP, SVG); undefined when unknown. */
function imageSize(bytes: Buffer, contentType: string): { width?: number; height?: number } {
  if (contentType === "image/png" && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (contentType === "image/gif" && bytes.length >= 10) return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (contentType === "image/jpeg") {
    // Walk the segments to the first start-of-frame marker (SOF0..SOF15 except DHT/JPG/DAC).
    let i = 2;
    while (i + 9 < bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1];
      if (marker !== undefined && marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + bytes.readUInt16BE(i + 2);
    }
  }
  if (contentType === "image/webp" && bytes.length >= 30) {
    const chunk = bytes.toString("ascii", 12, 16);
    if (chunk === "VP8 ") return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (contentType === "image/svg+xml") {
    const head = bytes.toString("utf8", 0, 2000);
    const width = /<svg[^>]*\swidth="(\d+)/.exec(head)?.[1];
    const height = /<svg[^>]*\sheight="(\d+)/.exec(head)?.[1];
    const box = /viewBox="[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)"/.exec(head);
    return { width: Number(width ?? box?.[1]) || undefined, height: Number(height ?? box?.[2]) || undefined };
  }
  return {};
}

/** In-flight processing (images and videos), so tests (and shutdown) can wait for them. */
export const pendingFiles = new Set<Promise<void>>();

/** Takes the failure a test asked for on this file (by id, or by a text in its source or filename), if any. */
function takeInjectedFailure(shop: ShopState, file: FileRecord): { code?: string; details: string } | undefined {
  const index = shop.fileFailures.findIndex(
    (f) => f.fileId === file.id || (f.source !== undefined && (file.originalSource.includes(f.source) || (file.filename ?? "").includes(f.source))),
  );
  return index === -1 ? undefined : shop.fileFailures.splice(index, 1)[0];
}

/** Whether the file is still there: a fileDelete or a reset while it is processed drops the work. */
const HELD_CHECK_MS = 20;

const stillStored = (ctx: LocalShopifyContext, shop: ShopState, file: FileRecord) => ctx.state.shops[shop.domain] === shop && shop.files.includes(file);

async function processImage(ctx: LocalShopifyContext, shop: ShopState, file: FileRecord): Promise<void> {
  const fail = (error: string, errorCode?: string) => Object.assign(file, { status: "FAILED", error, errorCode, updatedAt: new Date().toISOString() });
  try {
    file.status = "PROCESSING";
    const staged = stagedUploadOf(ctx, shop, file.originalSource);
    let answer: { ok: boolean; status: number; contentType: string; bytes: () => Promise<Buffer> };
    if (staged !== undefined) {
      // Shopify reads its own bucket; nothing goes over HTTP.
      const data = staged?.data;
      answer = {
        ok: !!data,
        status: data ? 200 : 404,
        contentType: staged?.mimeType.toLowerCase() ?? "",
        bytes: async () => Buffer.from(data ?? "", "base64"),
      };
    } else {
      const response = await fetch(file.originalSource, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const contentType = ((response.headers.get("content-type") ?? "").split(";")[0] ?? "").trim().toLowerCase();
      answer = { ok: response.ok, status: response.status, contentType, bytes: async () => Buffer.from(await response.arrayBuffer()) };
    }
    const { contentType } = answer;
    const injected = answer.ok && EXTENSIONS[contentType] ? takeInjectedFailure(shop, file) : undefined;
    if (!answer.ok) fail(`Download failed with HTTP ${answer.status}`);
    else if (!EXTENSIONS[contentType]) fail(`Unsupported content type '${contentType || "none"}'`);
    else if (injected) fail(injected.details, injected.code ?? "IMAGE_PROCESSING_FAILURE");
    else {
      const bytes = await answer.bytes();
      Object.assign(file, {
        status: "READY",
        contentType,
        ext: EXTENSIONS[contentType],
        data: bytes.toString("base64"),
        ...imageSize(bytes, contentType),
        updatedAt: new Date().toISOString(),
      });
    }
  } catch (error) {
    fail(`Download failed: ${(error as Error).message}`);
  }
  ctx.save();
}

// ---------------------------------------------------------------- videos

const VIDEO_FETCH_TIMEOUT_MS = 60_000;
const VIDEO_EXTENSIONS: Record<VideoContainer, string> = { mp4: "mp4", mov: "mov", webm: "webm" };
/** Extensions by which fileCreate without a contentType takes the source for a video, as Shopify guesses from the filename. */
const VIDEO_FILENAME = /\.(mp4|m4v|mov|webm)$/i;

type Download = { ok: true; bytes: Buffer } | { ok: false; code: string; details: string };

const tooLarge = (size: number, max: number): Download => ({
  ok: false,
  code: "GENERIC_FILE_INVALID_SIZE",
  details: `The file has ${size} bytes; Local Shopify takes videos up to ${max} bytes`,
});

/** The source's bytes: from the staged upload a resourceUrl names, else over HTTP, never more than the size limit. */
async function downloadVideo(ctx: LocalShopifyContext, shop: ShopState, source: string): Promise<Download> {
  const max = ctx.config.maxVideoBytes;
  const staged = stagedUploadOf(ctx, shop, source);
  if (staged !== undefined) {
    if (!staged?.data) return { ok: false, code: "GENERIC_FILE_DOWNLOAD_FAILURE", details: "Nothing was uploaded to this staged upload target" };
    const bytes = Buffer.from(staged.data, "base64");
    return bytes.length > max ? tooLarge(bytes.length, max) : { ok: true, bytes };
  }
  try {
    const response = await fetch(source, { signal: AbortSignal.timeout(VIDEO_FETCH_TIMEOUT_MS) });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, code: "GENERIC_FILE_DOWNLOAD_FAILURE", details: `Download failed with HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get("content-length"));
    if (declared > max) {
      await response.body.cancel();
      return tooLarge(declared, max);
    }
    // Read as it streams, so an oversized source is cut off rather than held in memory.
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > max) {
        await reader.cancel();
        return tooLarge(total, max);
      }
      chunks.push(value);
    }
    return { ok: true, bytes: Buffer.concat(chunks) };
  } catch (error) {
    return { ok: false, code: "GENERIC_FILE_DOWNLOAD_FAILURE", details: `Download failed: ${(error as Error).message}` };
  }
}

async function processVideo(ctx: LocalShopifyContext, shop: ShopState, file: FileRecord): Promise<void> {
  const update = (changes: Partial<FileRecord>) => {
    Object.assign(file, changes, { updatedAt: new Date().toISOString() });
    ctx.save();
  };
  const fail = (errorCode: string, error: string) => update({ status: "FAILED", errorCode, error });
  // Fixed when the file is created: changing the setting later affects only new files.
  const stepMs = ctx.config.videoProcessingStepMs;
  const step = () => delay(stepMs);

  // UPLOADED while Shopify copies the source, PROCESSING while it transcodes.
  const [download] = await Promise.all([downloadVideo(ctx, shop, file.originalSource), step()]);
  if (!stillStored(ctx, shop, file)) return;
  if (!download.ok) return fail(download.code, download.details);
  update({ status: "PROCESSING" });
  await step();
  // A held shop's videos stay PROCESSING however slow the machine, until released or deleted.
  while (shop.videoProcessingHeld && stillStored(ctx, shop, file)) await delay(HELD_CHECK_MS);
  if (!stillStored(ctx, shop, file)) return;

  const injected = takeInjectedFailure(shop, file);
  if (injected) return fail(injected.code ?? "VIDEO_VALIDATION_ERROR", injected.details);
  const metadata = await readVideoMetadata(download.bytes);
  if (!metadata) return fail("VIDEO_INVALID_FILETYPE_ERROR", "The file is not an MP4, MOV or WebM video");
  if (!metadata.width || !metadata.height) return fail("VIDEO_METADATA_READ_ERROR", `The ${metadata.container} container does not say the video's size`);
  update({
    status: "READY",
    contentType: metadata.mimeType,
    ext: VIDEO_EXTENSIONS[metadata.container],
    data: download.bytes.toString("base64"),
    width: metadata.width,
    height: metadata.height,
    durationMs: metadata.durationMs ?? undefined,
  });
  // The file holds the bytes now; the staged copy is no longer needed (a failed file keeps it for another try).
  const staged = stagedUploadOf(ctx, shop, file.originalSource);
  if (staged) shop.stagedUploads = shop.stagedUploads.filter((upload) => upload !== staged);
}

// ---------------------------------------------------------------- generic files

/** The largest generic file Shopify takes (20 MB, shopify.dev "Files" limits). */
const MAX_GENERIC_FILE_BYTES = 20 * 1024 * 1024;

async function processGenericFile(ctx: LocalShopifyContext, shop: ShopState, file: FileRecord): Promise<void> {
  const fail = (code: string, error: string) => Object.assign(file, { status: "FAILED", errorCode: code, error, updatedAt: new Date().toISOString() });
  try {
    const staged = stagedUploadOf(ctx, shop, file.originalSource);
    let bytes: Buffer | null = null;
    let contentType = "";
    if (staged !== undefined) {
      if (staged?.data) [bytes, contentType] = [Buffer.from(staged.data, "base64"), staged.mimeType.toLowerCase()];
      else fail("GENERIC_FILE_DOWNLOAD_FAILURE", "Nothing was uploaded to this staged upload target");
    } else {
      const response = await fetch(file.originalSource, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) fail("GENERIC_FILE_DOWNLOAD_FAILURE", `Download failed with HTTP ${response.status}`);
      else
        [bytes, contentType] = [
          Buffer.from(await response.arrayBuffer()),
          ((response.headers.get("content-type") ?? "").split(";")[0] ?? "").trim().toLowerCase(),
        ];
    }
    if (bytes && stillStored(ctx, shop, file)) {
      const injected = takeInjectedFailure(shop, file);
      if (bytes.length > MAX_GENERIC_FILE_BYTES) fail("GENERIC_FILE_INVALID_SIZE", `The file has ${bytes.length} bytes`);
      else if (injected) fail(injected.code ?? "UNKNOWN", injected.details);
      else {
        Object.assign(file, {
          status: "READY",
          contentType: contentType || "application/octet-stream",
          ext: extensionOf(file.filename ?? "") ?? "bin",
          data: bytes.toString("base64"),
          updatedAt: new Date().toISOString(),
        });
        if (staged) shop.stagedUploads = shop.stagedUploads.filter((upload) => upload !== staged);
      }
    }
  } catch (error) {
    fail("GENERIC_FILE_DOWNLOAD_FAILURE", `Download failed: ${(error as Error).message}`);
  }
  ctx.save();
}

function startProcessing(ctx: LocalShopifyContext, shop: ShopState, file: FileRecord): void {
  const process = file.mediaType === "VIDEO" ? processVideo : file.mediaType === "FILE" ? processGenericFile : processImage;
  const job = process(ctx, shop, file).finally(() => pendingFiles.delete(job));
  pendingFiles.add(job);
}

/** Files a previous run left half processed (the demo's state file) start over, or clients would poll them forever. */
export function resumeFileProcessing(ctx: LocalShopifyContext): void {
  for (const shop of Object.values(ctx.state.shops)) {
    for (const file of shop.files) {
      if (file.status !== "UPLOADED" && file.status !== "PROCESSING") continue;
      file.status = "UPLOADED";
      startProcessing(ctx, shop, file);
    }
  }
}

// ---------------------------------------------------------------- fileCreate, fileDelete, files

interface FileCreateInput {
  originalSource: string;
  contentType?: string | null;
  alt?: string | null;
  filename?: string | null;
  duplicateResolutionMode?: string | null;
}

type FilesUserError = { field: string[]; message: string; code: string };

/** The last path segment of a URL, decoded ("" when there is none). */
function lastSegment(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  } catch {
    return "";
  }
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();

/** IMAGE, VIDEO or FILE as the input asks, or as Shopify infers it from the staged upload or the filename; null for types not emulated. */
function mediaTypeOf(g: GqlContext, input: FileCreateInput): "IMAGE" | "VIDEO" | "FILE" | null {
  if (input.contentType === "IMAGE" || input.contentType === "VIDEO" || input.contentType === "FILE") return input.contentType;
  if (input.contentType) return null;
  const staged = stagedUploadOf(g.ctx, g.shop, input.originalSource);
  if (staged) return staged.resource === "VIDEO" ? "VIDEO" : staged.resource === "FILE" ? "FILE" : "IMAGE";
  return VIDEO_FILENAME.test(input.filename ?? lastSegment(input.originalSource)) ? "VIDEO" : "IMAGE";
}

/** Shopify's default duplicate mode, APPEND_UUID: a second "clip.mp4" becomes "clip_<uuid>.mp4". */
function uniqueFilename(shop: ShopState, filename: string): string {
  if (!shop.files.some((f) => f.filename === filename)) return filename;
  const dot = filename.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ""];
  return `${stem}_${randomUUID()}${ext}`;
}

export function fileCreate(g: GqlContext, { files }: { files: FileCreateInput[] }) {
  const userErrors: FilesUserError[] = [];
  const mediaTypes = files.map((input, i) => {
    const field = (name: string) => ["files", String(i), name];
    const mediaType = mediaTypeOf(g, input);
    if (!mediaType) userErrors.push({ field: field("contentType"), message: "Local Shopify only supports IMAGE, VIDEO and FILE files.", code: "INVALID" });
    if (!/^https?:\/\/\S+$/.test(input.originalSource)) {
      userErrors.push(
        mediaType === "VIDEO"
          ? { field: field("originalSource"), message: "Original source is not a valid URL", code: "INVALID" }
          : { field: field("originalSource"), message: "Image URL is invalid", code: "INVALID_IMAGE_SOURCE_URL" },
      );
    }
    if ((input.alt ?? "").length > 512) {
      userErrors.push({ field: field("alt"), message: "The alt value exceeds the maximum limit of 512 characters.", code: "ALT_VALUE_LIMIT_EXCEEDED" });
    }
    const staged = stagedUploadOf(g.ctx, g.shop, input.originalSource);
    const sourceExtension = extensionOf(staged?.filename ?? lastSegment(input.originalSource));
    const filenameExtension = input.filename ? extensionOf(input.filename) : undefined;
    if (filenameExtension && sourceExtension && filenameExtension !== sourceExtension) {
      userErrors.push({
        field: field("filename"),
        message: "The filename's extension must match the original source's.",
        code: "MISMATCHED_FILENAME_AND_ORIGINAL_SOURCE",
      });
    }
    return mediaType ?? "IMAGE";
  });
  if (userErrors.length) return { files: null, userErrors };

  const now = new Date().toISOString();
  const created = files.map((input, i) => {
    const mediaType = mediaTypes[i] ?? "IMAGE";
    const id = nextId(g.ctx.state);
    const staged = stagedUploadOf(g.ctx, g.shop, input.originalSource);
    const file: FileRecord = {
      id,
      mediaType,
      alt: input.alt ?? "",
      originalSource: input.originalSource,
      ...(mediaType === "VIDEO"
        ? { filename: uniqueFilename(g.shop, input.filename || staged?.filename || lastSegment(input.originalSource) || `video-${id}.mp4`) }
        : mediaType === "FILE"
          ? { filename: uniqueFilename(g.shop, input.filename || staged?.filename || lastSegment(input.originalSource) || `file-${id}`) }
          : {}),
      status: "UPLOADED",
      createdAt: now,
      updatedAt: now,
    };
    g.shop.files.push(file);
    return file;
  });
  // Answer with the UPLOADED state first (the view is built before processing starts).
  const views = created.map((file) => fileView(g, file));
  for (const file of created) startProcessing(g.ctx, g.shop, file);
  g.ctx.save();
  return { files: views, userErrors: [] };
}

export function fileDelete(g: GqlContext, { fileIds }: { fileIds: string[] }) {
  // A file's gid names its type: a Video's id under MediaImage is no file.
  const fileOf = (id: string) => {
    const parsed = parseGid(id);
    return parsed ? g.shop.files.find((f) => f.id === parsed.id && fileGidType(f) === parsed.type) : undefined;
  };
  const missing = fileIds.filter((id) => !fileOf(id));
  if (missing.length) {
    return {
      deletedFileIds: null,
      userErrors: missing.map((id) => ({ field: ["fileIds"], message: `File id ${id} does not exist.`, code: "FILE_DOES_NOT_EXIST" })),
    };
  }
  const deleted = new Set(fileIds.map(fileOf));
  g.shop.files = g.shop.files.filter((f) => !deleted.has(f));
  g.ctx.save();
  return { deletedFileIds: fileIds, userErrors: [] };
}

export function filesConnection(g: GqlContext, args: PageArgs & { query?: string | null; sortKey?: string | null }) {
  const filenameOf = (f: FileRecord) => f.filename ?? lastSegment(f.originalSource);
  const matched = filterBySearch(g.shop.files, args.query, {
    text: (f) => `${f.alt} ${filenameOf(f)}`,
    fields: {
      id: (f) => f.id,
      status: (f) => f.status,
      media_type: (f) => f.mediaType ?? "IMAGE",
      filename: filenameOf,
      created_at: (f) => f.createdAt,
      updated_at: (f) => f.updatedAt,
    },
  });
  return connection(
    matched,
    args,
    (f) => f.id,
    (f) => fileView(g, f),
  );
}

// ---------------------------------------------------------------- stagedUploadsCreate

/** What fileCreate can take from a staged upload. */
const STAGED_RESOURCES = new Set(["IMAGE", "VIDEO", "FILE"]);

export function stagedUploadsCreate(g: GqlContext, { input }: { input: StagedUploadInput[] }) {
  const userErrors: Array<{ field: string[]; message: string }> = [];
  input.forEach((item, i) => {
    const field = (name: string) => ["input", String(i), name];
    if (!STAGED_RESOURCES.has(item.resource))
      userErrors.push({ field: field("resource"), message: `Local Shopify does not emulate ${item.resource} uploads.` });
    if (!item.filename.trim()) userErrors.push({ field: field("filename"), message: "Filename can't be blank" });
    if (!item.mimeType.trim()) userErrors.push({ field: field("mimeType"), message: "Mime type can't be blank" });
    if (item.fileSize != null && !/^\d+$/.test(String(item.fileSize)))
      userErrors.push({ field: field("fileSize"), message: "File size must be a whole number of bytes" });
    // Shopify sizes a video's bucket from the declared size, so it cannot be left out.
    else if (item.resource === "VIDEO" && item.fileSize == null)
      userErrors.push({ field: field("fileSize"), message: "File size is required for a VIDEO upload" });
  });
  if (userErrors.length) return { stagedTargets: null, userErrors };
  return { stagedTargets: input.map((item) => createStagedTarget(g.ctx, g.shop, item)), userErrors: [] };
}

// ---------------------------------------------------------------- the CDN's side

/** A READY file's bytes by numeric id, whichever shop holds it (the CDN knows no shop). */
export function findReadyFile(shops: Record<string, ShopState>, id: number): { file: FileRecord; bytes: Buffer } | null {
  for (const shop of Object.values(shops)) {
    const file = shop.files.find((f) => f.id === id && f.status === "READY" && f.data);
    if (!file?.data) continue;
    // A player asks for many ranges of one video: decode its bytes once, not per request.
    let bytes = decodedBytes.get(file);
    if (!bytes) decodedBytes.set(file, (bytes = Buffer.from(file.data, "base64")));
    return { file, bytes };
  }
  return null;
}

const decodedBytes = new WeakMap<FileRecord, Buffer>();
