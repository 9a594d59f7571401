/**
 * What the Video Library's upload takes (issue 13): the checks the browser
 * makes before uploading and the server makes again before it hands out
 * upload targets, and the title an uploaded file gets. Client-safe.
 */
import { UPLOAD_FILENAME_MAX_LENGTH, UPLOAD_TITLE_MAX_LENGTH, VIDEO_UPLOAD, type UploadMimeType } from "~/constants";
import { LIBRARY_TEXT, UPLOAD_TEXT } from "~/messages";
import { untrustedText } from "~/rules/text-input";

export interface UploadFile {
  filename: string;
  mimeType: string;
  fileSize: number;
}

/** The format of a file, by its MIME type or else its extension; null when it is not one the upload takes. */
export function uploadMimeType(file: Pick<UploadFile, "filename" | "mimeType">): UploadMimeType | null {
  if (file.mimeType in VIDEO_UPLOAD.types) return file.mimeType as UploadMimeType;
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  return extension && extension in VIDEO_UPLOAD.extensions ? VIDEO_UPLOAD.extensions[extension as keyof typeof VIDEO_UPLOAD.extensions] : null;
}

/** What is wrong with a file for the upload, as the merchant reads it; null when it may be uploaded. */
export function uploadProblem(file: UploadFile): string | null {
  const name = displayFilename(file.filename);
  if (!uploadMimeType(file)) return UPLOAD_TEXT.wrongType(name);
  if (!Number.isSafeInteger(file.fileSize) || file.fileSize <= 0) return UPLOAD_TEXT.empty(name);
  if (file.fileSize > VIDEO_UPLOAD.maxBytes) return UPLOAD_TEXT.tooBig(name);
  return null;
}

/** A file's name as shown back to the merchant (untrusted: text only, bounded). */
function displayFilename(filename: string): string {
  return untrustedText(filename, UPLOAD_FILENAME_MAX_LENGTH) ?? UPLOAD_TEXT.thisFile;
}

/** The library title of an uploaded file: its name without the extension, separators as spaces. */
export function titleFromFilename(filename: string): string {
  const base = filename.replace(/\.[a-z0-9]{2,5}$/i, "").replace(/[_]+/g, " ");
  return (untrustedText(base, UPLOAD_TITLE_MAX_LENGTH) ?? "").trim() || LIBRARY_TEXT.untitledVideo;
}

/** What is wrong with a video's length, once the browser has read it; null when it is fine or unknown. */
export function durationProblem(filename: string, seconds: number | null): string | null {
  return seconds !== null && Number.isFinite(seconds) && seconds > VIDEO_UPLOAD.maxSeconds ? UPLOAD_TEXT.tooLong(displayFilename(filename)) : null;
}
