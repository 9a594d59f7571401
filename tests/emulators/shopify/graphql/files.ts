/**
 * Files (Content > Files): fileCreate answers at once with UPLOADED, then
 * Local Shopify fetches `originalSource` in the background, as Shopify does,
 * and the file turns READY (image served from /cdn/shop/files/...) or FAILED
 * with fileErrors. Clients poll `node(id)` / `files` for the outcome.
 */
import { parseGid } from "../gid.js";
import { nextId, type FileRecord, type ShopState } from "../state.js";
import type { LocalShopifyContext } from "../context.js";
import { connection, type PageArgs } from "./connection.js";
import { filterBySearch } from "./search.js";
import { fileView, type GqlContext } from "./views.js";

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

async function processFile(ctx: LocalShopifyContext, file: FileRecord): Promise<void> {
  const fail = (error: string) => Object.assign(file, { status: "FAILED", error, updatedAt: new Date().toISOString() });
  try {
    file.status = "PROCESSING";
    const response = await fetch(file.originalSource, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    const contentType = ((response.headers.get("content-type") ?? "").split(";")[0] ?? "").trim().toLowerCase();
    if (!response.ok) fail(`Download failed with HTTP ${response.status}`);
    else if (!EXTENSIONS[contentType]) fail(`Unsupported content type '${contentType || "none"}'`);
    else {
      const bytes = Buffer.from(await response.arrayBuffer());
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

/** In-flight downloads, so tests (and shutdown) can wait for them. */
export const pendingFiles = new Set<Promise<void>>();

export function fileCreate(g: GqlContext, { files }: { files: Array<{ originalSource: string; contentType?: string | null; alt?: string | null }> }) {
  const userErrors: Array<{ field: string[]; message: string; code: string }> = [];
  files.forEach((input, i) => {
    if (input.contentType && input.contentType !== "IMAGE") {
      userErrors.push({ field: ["files", String(i), "contentType"], message: "Local Shopify only supports IMAGE files.", code: "INVALID" });
    }
    if (!/^https?:\/\/\S+$/.test(input.originalSource)) {
      userErrors.push({ field: ["files", String(i), "originalSource"], message: "Image URL is invalid", code: "INVALID_IMAGE_SOURCE_URL" });
    }
    if ((input.alt ?? "").length > 512) {
      userErrors.push({
        field: ["files", String(i), "alt"],
        message: "The alt value exceeds the maximum limit of 512 characters.",
        code: "ALT_VALUE_LIMIT_EXCEEDED",
      });
    }
  });
  if (userErrors.length) return { files: null, userErrors };

  const now = new Date().toISOString();
  const created = files.map((input) => {
    const file: FileRecord = {
      id: nextId(g.ctx.state),
      alt: input.alt ?? "",
      originalSource: input.originalSource,
      status: "UPLOADED",
      createdAt: now,
      updatedAt: now,
    };
    g.shop.files.push(file);
    return file;
  });
  // Answer with the UPLOADED state first (the view is built before processing starts).
  const views = created.map((file) => fileView(g, file));
  for (const file of created) {
    const job = processFile(g.ctx, file).finally(() => pendingFiles.delete(job));
    pendingFiles.add(job);
  }
  g.ctx.save();
  return { files: views, userErrors: [] };
}

export function fileDelete(g: GqlContext, { fileIds }: { fileIds: string[] }) {
  const ids = fileIds.map((id) => ({ id, parsed: parseGid(id) }));
  const missing = ids.filter(({ parsed }) => !parsed || !g.shop.files.some((f) => f.id === parsed.id));
  if (missing.length) {
    return {
      deletedFileIds: null,
      userErrors: missing.map(({ id }) => ({ field: ["fileIds"], message: `File id ${id} does not exist.`, code: "FILE_DOES_NOT_EXIST" })),
    };
  }
  g.shop.files = g.shop.files.filter((f) => !ids.some(({ parsed }) => parsed!.id === f.id));
  g.ctx.save();
  return { deletedFileIds: fileIds, userErrors: [] };
}

export function filesConnection(g: GqlContext, args: PageArgs & { query?: string | null; sortKey?: string | null }) {
  const matched = filterBySearch(g.shop.files, args.query, {
    text: (f) => `${f.alt} ${f.originalSource.split("/").pop()}`,
    fields: {
      id: (f) => f.id,
      status: (f) => f.status,
      media_type: () => "IMAGE",
      filename: (f) => f.originalSource.split("/").pop()?.split("?")[0],
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

/** GET /cdn/shop/files/<id>.<ext>: the stored bytes with their content type. */
export function findFileBytes(shops: Record<string, ShopState>, id: number): { bytes: Buffer; contentType: string } | null {
  for (const shop of Object.values(shops)) {
    const file = shop.files.find((f) => f.id === id && f.status === "READY" && f.data);
    if (file) return { bytes: Buffer.from(file.data!, "base64"), contentType: file.contentType ?? "application/octet-stream" };
  }
  return null;
}
