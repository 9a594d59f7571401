/**
 * Uploads one file from the browser straight to a staged upload target
 * (Shopify's bucket): a multipart POST of the target's parameters, then the
 * file. XMLHttpRequest rather than fetch, because fetch reports no upload
 * progress. Resolves when the bucket has the file; rejects on a refusal or a
 * lost connection.
 */
import type { UploadTargetDto } from "./api-client";

export function uploadToTarget(target: UploadTargetDto, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const { name, value } of target.parameters) form.append(name, value);
    form.append("file", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", target.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`The upload was refused (HTTP ${request.status})`));
      }
    };
    request.onerror = () => reject(new Error("The upload lost its connection"));
    request.onabort = () => reject(new Error("The upload was cancelled"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}

/** The video's length in seconds as the browser reads it from the file, or null when it cannot (a codec it does not play). */
export function readVideoDuration(file: File, timeoutMs = 5000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = "metadata";
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
