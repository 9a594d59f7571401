/** Files: images, videos and generic files. */
import { gid } from "../../gid.js";
import type { FileRecord } from "../../state.js";
import { fileUrl, genericFileUrl, videoOriginalUrl, videoPreviewUrl, videoRenditionUrl } from "../../urls.js";
import type { GqlContext } from "./context.js";

/** The type in a file's gid: gid://shopify/MediaImage/N, gid://shopify/Video/N or gid://shopify/GenericFile/N. */
export function fileGidType(f: FileRecord): "MediaImage" | "Video" | "GenericFile" {
  return f.mediaType === "VIDEO" ? "Video" : f.mediaType === "FILE" ? "GenericFile" : "MediaImage";
}

/** FileError.message by code; the emulator's own wording. */
const FILE_ERROR_MESSAGES: Record<string, string> = {
  GENERIC_FILE_DOWNLOAD_FAILURE: "The source could not be downloaded.",
  GENERIC_FILE_INVALID_SIZE: "The file is too large.",
  VIDEO_INVALID_FILETYPE_ERROR: "The file is not a supported video.",
  VIDEO_METADATA_READ_ERROR: "The video's metadata could not be read.",
};

function fileErrorsOf(f: FileRecord, fallbackCode: string) {
  if (f.status !== "FAILED") return [];
  const code = f.errorCode ?? fallbackCode;
  return [{ code, message: FILE_ERROR_MESSAGES[code] ?? "File could not be processed.", details: f.error ?? null }];
}

export function fileView(g: GqlContext, f: FileRecord) {
  return f.mediaType === "VIDEO" ? videoView(g, f) : f.mediaType === "FILE" ? genericFileView(g, f) : imageFileView(g, f);
}

/** A GenericFile (any file that is neither image nor video): its CDN URL once READY. */
function genericFileView(g: GqlContext, f: FileRecord) {
  const ready = f.status === "READY";
  return {
    __typename: "GenericFile",
    id: gid("GenericFile", f.id),
    alt: f.alt,
    fileStatus: f.status,
    mimeType: ready ? (f.contentType ?? null) : null,
    originalFileSize: f.data ? Buffer.byteLength(f.data, "base64") : null,
    url: ready ? genericFileUrl(g.ctx.config, f.id, f.filename ?? `file-${f.id}`) : null,
    preview: { status: ready ? "READY" : f.status === "FAILED" ? "FAILED" : "PROCESSING", image: null },
    fileErrors: fileErrorsOf(f, "GENERIC_FILE_DOWNLOAD_FAILURE"),
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

function imageFileView(g: GqlContext, f: FileRecord) {
  const ready = f.status === "READY";
  const image = ready
    ? {
        __typename: "Image",
        id: gid("ImageSource", f.id),
        url: fileUrl(g.ctx.config, f.id, f.ext ?? "bin"),
        altText: f.alt,
        width: f.width ?? null,
        height: f.height ?? null,
        thumbhash: null,
      }
    : null;
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", f.id),
    alt: f.alt,
    fileStatus: f.status,
    status: f.status,
    mediaContentType: "IMAGE",
    mimeType: f.contentType ?? null,
    image,
    preview: { image, status: ready ? "READY" : f.status === "FAILED" ? "FAILED" : "PROCESSING" },
    originalSource: { url: f.originalSource, fileSize: f.data ? Buffer.byteLength(f.data, "base64") : null },
    fileErrors: fileErrorsOf(f, "IMAGE_DOWNLOAD_FAILURE"),
    mediaErrors: [],
    mediaWarnings: [],
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

/** Shopify names renditions by quality and height ("HD-1080p", "SD-480p"); the short side is the "p". */
function renditionLabel(width: number, height: number): string {
  const lines = Math.min(width, height);
  return `${lines >= 720 ? "HD" : "SD"}-${lines}p`;
}

/**
 * A Video as the Admin API shows it. Until READY, duration and originalSource are null and sources is
 * empty (the schema's VideoSource has non-null sizes, known only once processed). Local Shopify does not
 * transcode: the one rendition is the uploaded file itself, listed as Shopify lists its renditions (MP4; a WebM's
 * bytes stay WebM, which browsers play by their content, and the CDN serves them as video/webm),
 * and the poster is an SVG it draws at the video's size.
 */
function videoView(g: GqlContext, f: FileRecord) {
  const { config } = g.ctx;
  const ready = f.status === "READY" && !!f.data && !!f.width && !!f.height;
  const width = f.width ?? 0;
  const height = f.height ?? 0;
  const fileSize = f.data ? Buffer.byteLength(f.data, "base64") : null;
  const ext = f.ext ?? "mp4";
  // Shopify's renditions are always MP4 (and HLS), whatever was uploaded: the app only ever sees those.
  const rendition = { format: "mp4", mimeType: "video/mp4" };
  const poster = ready
    ? { __typename: "Image", id: gid("ImageSource", f.id), url: videoPreviewUrl(config, f.id), altText: f.alt, width, height, thumbhash: null }
    : null;
  const errors = fileErrorsOf(f, "VIDEO_VALIDATION_ERROR");
  return {
    __typename: "Video",
    id: gid("Video", f.id),
    alt: f.alt,
    filename: f.filename ?? `${f.id}.${ext}`,
    fileStatus: f.status,
    status: f.status,
    mediaContentType: "VIDEO",
    duration: ready ? (f.durationMs ?? null) : null,
    originalSource: ready ? { url: videoOriginalUrl(config, f.id, ext), width, height, fileSize, format: ext, mimeType: f.contentType ?? "video/mp4" } : null,
    sources: ready ? [{ url: videoRenditionUrl(config, f.id, renditionLabel(width, height), rendition.format), width, height, fileSize, ...rendition }] : [],
    preview: { status: f.status, image: poster },
    fileErrors: errors,
    mediaErrors: errors,
    mediaWarnings: [],
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}
