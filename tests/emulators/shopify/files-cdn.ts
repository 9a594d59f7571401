/**
 * The CDN side of Files: what Shopify serves from cdn.shopify.com for a READY
 * file. Images at /cdn/shop/files/<id>.<ext>; a video's original and its
 * rendition under /cdn/shop/videos/..., its poster under
 * /cdn/shop/files/preview_images/, a generic file (a caption file) at
 * /cdn/shop/files/<id>/<filename> with the type it was uploaded as. Every answer takes HTTP Range requests (206
 * with Content-Range), as a <video> element needs to play and seek, and allows
 * any origin, as Shopify's CDN does. A deleted or unfinished file is a 404.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalShopifyContext } from "./context.js";
import { findReadyFile } from "./graphql/files.js";
import { escapeHtml, Router, sendText } from "./http.js";
import type { FileRecord } from "./state.js";

type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * One `bytes=` range (RFC 9110 14.1.2): `a-b`, `a-` or the suffix `-n`. Several ranges, or a header we
 * cannot read, get the whole file (a server may ignore Range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [first, last] = [match[1] ?? "", match[2] ?? ""];
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** The bytes, whole or the requested range; HEAD gets the same headers without a body. */
export function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, contentType: string): void {
  const headers: Record<string, string | number> = {
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "no-cache",
  };
  const range = parseRange(req.headers.range, bytes.length);
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${bytes.length}`, "Content-Length": 0 }).end();
    return;
  }
  const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${bytes.length}`;
  res.writeHead(range ? 206 : 200, { ...headers, "Content-Length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** m:ss, as a player shows a duration. */
function clock(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * A video's poster at the video's own size. Shopify grabs a frame; decoding one would need a codec, so
 * Local Shopify draws a card instead: a colour from the id, a play button, the filename and duration.
 */
export function videoPosterSvg(file: FileRecord): string {
  const width = file.width ?? 360;
  const height = file.height ?? 640;
  const short = Math.min(width, height);
  const radius = Math.round(short * 0.14);
  const font = Math.max(8, Math.round(short * 0.07));
  const hue = (file.id * 47) % 360;
  const [cx, cy] = [width / 2, height / 2];
  const label = escapeHtml((file.filename ?? `video ${file.id}`).slice(0, 40));
  const duration = file.durationMs != null ? escapeHtml(clock(file.durationMs)) : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,40%)"/><stop offset="1" stop-color="hsl(${hue},55%,12%)"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#ffffff" fill-opacity="0.85"/>` +
    `<path d="M${cx - radius * 0.35} ${cy - radius * 0.5} L${cx + radius * 0.55} ${cy} L${cx - radius * 0.35} ${cy + radius * 0.5} Z" fill="#111111"/>` +
    `<text x="${font}" y="${height - font}" font-family="sans-serif" font-size="${font}" fill="#ffffff">${label}</text>` +
    (duration
      ? `<text x="${width - font}" y="${font * 2}" font-family="sans-serif" font-size="${font}" fill="#ffffff" text-anchor="end">${duration}</text>`
      : "") +
    `</svg>`
  );
}

export function filesCdnRoutes(ctx: LocalShopifyContext): Router {
  /** The READY file of that id and kind, or a 404. */
  const serve =
    (kind: "IMAGE" | "VIDEO" | "FILE", respond: (req: IncomingMessage, res: ServerResponse, found: { file: FileRecord; bytes: Buffer }) => void) =>
    (req: IncomingMessage, res: ServerResponse, _url: URL, [id = ""]: string[]) => {
      const found = findReadyFile(ctx.state.shops, Number(id));
      if (!found || (found.file.mediaType ?? "IMAGE") !== kind) return sendText(res, 404, "Not found");
      respond(req, res, found);
    };
  const bytes = (req: IncomingMessage, res: ServerResponse, found: { file: FileRecord; bytes: Buffer }) =>
    sendBytes(req, res, found.bytes, found.file.contentType ?? "application/octet-stream");
  const routes = new Router();
  for (const method of ["GET", "HEAD"]) {
    routes
      .on(
        method,
        /^\/cdn\/shop\/files\/preview_images\/(\d+)\.thumbnail\.svg$/,
        serve("VIDEO", (req, res, { file }) => sendBytes(req, res, Buffer.from(videoPosterSvg(file)), "image/svg+xml")),
      )
      .on(method, /^\/cdn\/shop\/files\/(\d+)\.\w+$/, serve("IMAGE", bytes))
      .on(method, /^\/cdn\/shop\/files\/(\d+)\/[^/]+$/, serve("FILE", bytes))
      .on(method, /^\/cdn\/shop\/videos\/c\/o\/v\/(\d+)\.\w+$/, serve("VIDEO", bytes))
      // The rendition: the uploaded file, labelled as what it plays as.
      .on(
        method,
        /^\/cdn\/shop\/videos\/c\/vp\/(\d+)\/\d+\.[\w-]+\.(mp4|webm)$/,
        serve("VIDEO", (req, res, found) => sendBytes(req, res, found.bytes, found.file.ext === "webm" ? "video/webm" : "video/mp4")),
      );
  }
  return routes;
}
