/**
 * The upload targets stagedUploadsCreate hands out. On Shopify they are signed
 * Google Cloud Storage targets: a browser POSTs a multipart form (the returned
 * parameters as fields, then the `file` field) or PUTs the raw bytes, straight
 * to the bucket, and the bucket answers errors in XML. Here the bucket is
 * `<baseUrl>/staged-uploads`: the same protocol, a signed policy that caps the
 * size at the declared fileSize and pins the MIME type, and CORS for pages on
 * other origins (the app's upload form). The resourceUrl is what fileCreate
 * takes as originalSource; it is private, as a bucket object is. Its shape is
 * Shopify's: an IMAGE's names its object (`<bucket>/tmp/<shop>/...`), a
 * VIDEO's is the bucket's address with `?external_video_id=<n>`, so every
 * video target differs from the others only in its query string.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalShopifyContext } from "./context.js";
import { escapeHtml } from "./http.js";
import { nextId, type ShopState, type StagedUploadRecord } from "./state.js";
import { stagedUploadUrl } from "./urls.js";
import type { LocalShopifyConfig } from "./config.js";

/** Fixed, so targets handed out before a restart of the demo still take their upload. */
const SIGNING_SECRET = "clipcart-local-staged-uploads";
const TARGET_LIFETIME_MS = 24 * 3600_000;
const BUCKET = "local-shopify-staged-uploads";
const ALGORITHM = "GOOG4-HMAC-SHA256";
/** Form fields and headers take a few KB; anything beyond the file's cap plus this is refused unread. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export interface StagedUploadInput {
  resource: string;
  filename: string;
  mimeType: string;
  fileSize?: string | number | null;
  httpMethod?: "POST" | "PUT" | null;
}

export interface StagedTarget {
  url: string;
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

const sign = (text: string) => createHmac("sha256", SIGNING_SECRET).update(text).digest("hex");

function sameSignature(given: string, expected: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The parts of a filename that survive in an object key and a URL path. */
function safeFilename(filename: string): string {
  return (
    filename
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^\.+/, "")
      .slice(-120) || "upload"
  );
}

/** YYYYMMDDTHHMMSSZ, as GCS's signed requests date themselves. */
const goDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A new target for one input of stagedUploadsCreate (validated by the resolver). */
export function createStagedTarget(ctx: LocalShopifyContext, shop: ShopState, input: StagedUploadInput): StagedTarget {
  const now = new Date();
  const filename = safeFilename(input.filename);
  const record: StagedUploadRecord = {
    key: `tmp/${shop.id}/${input.resource.toLowerCase()}s/${randomUUID()}/${filename}`,
    resource: input.resource,
    filename: input.filename,
    mimeType: input.mimeType,
    maxBytes: input.fileSize == null ? null : Number(input.fileSize),
    httpMethod: input.httpMethod ?? "PUT",
    expiresAt: now.getTime() + TARGET_LIFETIME_MS,
    createdAt: now.toISOString(),
    ...(input.resource === "VIDEO" ? { externalVideoId: nextId(ctx.state) } : {}),
  };
  shop.stagedUploads.push(record);
  ctx.save();

  const resourceUrl = stagedResourceUrl(ctx.config, record);
  const credential = `local-shopify/${goDate(now).slice(0, 8)}/auto/storage/goog4_request`;
  if (record.httpMethod === "PUT") {
    const expires = Math.floor(record.expiresAt / 1000);
    const query = new URLSearchParams({
      "X-Goog-Algorithm": ALGORITHM,
      "X-Goog-Credential": credential,
      "X-Goog-Date": goDate(now),
      "X-Goog-Expires": String(expires),
      "X-Goog-Signature": sign(`PUT\n${record.key}\n${record.mimeType}\n${expires}`),
    });
    // The client sends these as the PUT's Content-Type and x-goog-acl headers.
    return {
      url: `${stagedUploadUrl(ctx.config, record.key)}?${query}`,
      resourceUrl,
      parameters: [
        { name: "content_type", value: record.mimeType },
        { name: "acl", value: "private" },
      ],
    };
  }
  const conditions: unknown[] = [
    { bucket: BUCKET },
    { key: record.key },
    { "Content-Type": record.mimeType },
    { success_action_status: "201" },
    { acl: "private" },
    ["content-length-range", 0, record.maxBytes ?? ctx.config.maxVideoBytes],
  ];
  const policy = Buffer.from(JSON.stringify({ expiration: new Date(record.expiresAt).toISOString(), conditions })).toString("base64");
  return {
    url: stagedUploadUrl(ctx.config),
    resourceUrl,
    parameters: [
      { name: "Content-Type", value: record.mimeType },
      { name: "success_action_status", value: "201" },
      { name: "acl", value: "private" },
      { name: "key", value: record.key },
      { name: "x-goog-date", value: goDate(now) },
      { name: "x-goog-credential", value: credential },
      { name: "x-goog-algorithm", value: ALGORITHM },
      { name: "x-goog-signature", value: sign(policy) },
      { name: "policy", value: policy },
    ],
  };
}

/** What fileCreate takes for a staged upload: a VIDEO's by its external video id, an IMAGE's by its object key. */
export function stagedResourceUrl(config: LocalShopifyConfig, record: StagedUploadRecord): string {
  return record.externalVideoId === undefined ? stagedUploadUrl(config, record.key) : `${stagedUploadUrl(config)}?external_video_id=${record.externalVideoId}`;
}

/** The staged upload a resourceUrl names: undefined when the URL is not a staged target at all, null when it names none of this shop's. */
export function stagedUploadOf(ctx: LocalShopifyContext, shop: ShopState, source: string): StagedUploadRecord | null | undefined {
  const bucket = stagedUploadUrl(ctx.config);
  if (source.startsWith(`${bucket}?`)) {
    const externalVideoId = new URLSearchParams(source.slice(bucket.length + 1)).get("external_video_id");
    return shop.stagedUploads.find((upload) => upload.externalVideoId !== undefined && String(upload.externalVideoId) === externalVideoId) ?? null;
  }
  const prefix = `${bucket}/`;
  if (!source.startsWith(prefix)) return undefined;
  const key = decodeURIComponent(source.slice(prefix.length).split("?")[0] ?? "");
  return shop.stagedUploads.find((upload) => upload.key === key && upload.externalVideoId === undefined) ?? null;
}

function findUpload(ctx: LocalShopifyContext, key: string): StagedUploadRecord | undefined {
  for (const shop of Object.values(ctx.state.shops)) {
    const upload = shop.stagedUploads.find((u) => u.key === key);
    if (upload) return upload;
  }
  return undefined;
}

// ---------------------------------------------------------------- the bucket's HTTP side

class BucketError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** Any origin may upload (the app's pages are on another port), as Shopify's buckets allow. */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": req.headers.origin ?? "*",
    "Access-Control-Expose-Headers": "ETag, Location, Content-Length",
    Vary: "Origin",
  };
}

function sendXml(req: IncomingMessage, res: ServerResponse, status: number, xml: string): void {
  const body = `<?xml version='1.0' encoding='UTF-8'?>${xml}`;
  res.writeHead(status, { ...corsHeaders(req), "Content-Type": "application/xml; charset=UTF-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

function sendBucketError(req: IncomingMessage, res: ServerResponse, error: BucketError): void {
  const details = error.details ? `<Details>${escapeHtml(error.details)}</Details>` : "";
  sendXml(req, res, error.status, `<Error><Code>${error.code}</Code><Message>${escapeHtml(error.message)}</Message>${details}</Error>`);
}

/** The body, up to `cap` bytes; the rest is read and dropped so the client sees the answer rather than a reset. */
async function readBodyCapped(req: IncomingMessage, cap: number): Promise<{ body: Buffer; overflow: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total <= cap) chunks.push(chunk as Buffer);
  }
  return { body: Buffer.concat(chunks), overflow: total > cap };
}

interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** multipart/form-data as browsers send it (RFC 7578): parts between `--boundary` lines. */
function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const parts: FormPart[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.toString("latin1", start, start + 2) === "--") break; // the closing delimiter
    const headerEnd = body.indexOf("\r\n\r\n", start);
    const end = body.indexOf(nextDelimiter, start);
    if (headerEnd === -1 || end === -1 || headerEnd > end) throw new BucketError(400, "InvalidArgument", "The multipart body is malformed.");
    const headers = body.toString("utf8", start, headerEnd);
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      parts.push({
        name,
        filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
        contentType: /^content-type:\s*(.+?)\s*$/im.exec(headers)?.[1]?.toLowerCase(),
        data: body.subarray(headerEnd + 4, end),
      });
    }
    at = end + 2;
  }
  return parts;
}

function store(ctx: LocalShopifyContext, upload: StagedUploadRecord, bytes: Buffer): void {
  upload.data = bytes.toString("base64");
  ctx.save();
}

async function receivePost(req: IncomingMessage, res: ServerResponse, ctx: LocalShopifyContext): Promise<void> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.headers["content-type"] ?? "");
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data") || !boundary) {
    throw new BucketError(400, "InvalidArgument", "A POST upload must be multipart/form-data.");
  }
  const { body, overflow } = await readBodyCapped(req, ctx.config.maxVideoBytes + FORM_OVERHEAD_BYTES);
  if (overflow) throw new BucketError(400, "EntityTooLarge", "The upload is larger than this bucket takes.");

  // As on GCS, the fields count up to the file; whatever follows it is ignored.
  const parts = parseMultipart(body, boundary[1] ?? boundary[2] ?? "");
  const fileIndex = parts.findIndex((p) => p.name === "file");
  const file = parts[fileIndex];
  if (!file) throw new BucketError(400, "InvalidArgument", "The form has no file field.");
  const fields = new Map(parts.slice(0, fileIndex).map((p) => [p.name.toLowerCase(), p.data.toString("utf8")]));

  const policy = fields.get("policy") ?? "";
  const key = fields.get("key") ?? "";
  if (!policy || !key) throw new BucketError(400, "InvalidArgument", "The form must carry the key and policy fields it was given.");
  if (!sameSignature(fields.get("x-goog-signature") ?? "", sign(policy))) {
    throw new BucketError(
      403,
      "SignatureDoesNotMatch",
      "The policy's signature does not match: send the parameters exactly as stagedUploadsCreate returned them.",
    );
  }
  const document = JSON.parse(Buffer.from(policy, "base64").toString("utf8")) as { expiration: string; conditions: unknown[] };
  if (Date.parse(document.expiration) < Date.now())
    throw new BucketError(400, "ExpiredToken", "The policy has expired: ask stagedUploadsCreate for a new target.");

  let declaredType = "";
  for (const condition of document.conditions) {
    if (Array.isArray(condition) && condition[0] === "content-length-range") {
      const [, min, max] = condition as [string, number, number];
      if (file.data.length > max) {
        throw new BucketError(
          400,
          "EntityTooLarge",
          "The file is larger than the fileSize declared to stagedUploadsCreate.",
          `${file.data.length} bytes > ${max}`,
        );
      }
      if (file.data.length < min) throw new BucketError(400, "EntityTooSmall", "The file is smaller than the policy allows.");
      continue;
    }
    const [name, expected] = Object.entries(condition as Record<string, string>)[0] ?? [];
    if (!name || name === "bucket") continue;
    if (name === "Content-Type") declaredType = String(expected);
    if (fields.get(name.toLowerCase()) !== expected) {
      throw new BucketError(403, "AccessDenied", `The form does not meet the policy: ${name} must be "${expected}".`);
    }
  }
  // The browser labels the file part with the file's own type; another type than the one declared is refused.
  if (file.contentType && file.contentType !== "application/octet-stream" && declaredType && file.contentType !== declaredType.toLowerCase()) {
    throw new BucketError(403, "AccessDenied", `The file is ${file.contentType}, but this target takes ${declaredType}.`);
  }

  const upload = findUpload(ctx, key);
  if (!upload) throw new BucketError(403, "AccessDenied", "This upload target no longer exists.");
  store(ctx, upload, file.data);

  const status = fields.get("success_action_status");
  if (status === "201") {
    const location = stagedUploadUrl(ctx.config, key);
    return sendXml(
      req,
      res,
      201,
      `<PostResponse><Location>${escapeHtml(location)}</Location><Bucket>${BUCKET}</Bucket><Key>${escapeHtml(key)}</Key><ETag>"${sign(file.data.toString("base64")).slice(0, 32)}"</ETag></PostResponse>`,
    );
  }
  res.writeHead(status === "200" ? 200 : 204, corsHeaders(req)).end();
}

async function receivePut(req: IncomingMessage, res: ServerResponse, url: URL, ctx: LocalShopifyContext, key: string): Promise<void> {
  const upload = findUpload(ctx, key);
  const expires = Number(url.searchParams.get("X-Goog-Expires"));
  const expected = upload ? sign(`PUT\n${key}\n${upload.mimeType}\n${expires}`) : "";
  if (!upload || !sameSignature(url.searchParams.get("X-Goog-Signature") ?? "", expected)) {
    throw new BucketError(403, "SignatureDoesNotMatch", "The request's signature does not match: use the url stagedUploadsCreate returned.");
  }
  if (expires * 1000 < Date.now()) throw new BucketError(400, "ExpiredToken", "The signed URL has expired: ask stagedUploadsCreate for a new target.");
  // The MIME type is part of what was signed, as GCS signs the Content-Type header.
  const contentType = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (contentType !== upload.mimeType.toLowerCase()) {
    throw new BucketError(403, "SignatureDoesNotMatch", `The Content-Type header must be ${upload.mimeType}, as declared to stagedUploadsCreate.`);
  }
  const cap = upload.maxBytes ?? ctx.config.maxVideoBytes;
  const { body, overflow } = await readBodyCapped(req, cap);
  if (overflow) throw new BucketError(400, "EntityTooLarge", "The file is larger than the fileSize declared to stagedUploadsCreate.");
  store(ctx, upload, body);
  res.writeHead(200, { ...corsHeaders(req), ETag: `"${sign(body.toString("base64")).slice(0, 32)}"`, "Content-Length": 0 }).end();
}

/** `<baseUrl>/staged-uploads[/<key>]`: POST forms to the bucket, PUT to a signed object URL, CORS preflights. */
export async function handleStagedUpload(req: IncomingMessage, res: ServerResponse, url: URL, ctx: LocalShopifyContext, key: string): Promise<void> {
  try {
    if (req.method === "OPTIONS") {
      res
        .writeHead(204, {
          ...corsHeaders(req),
          "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, OPTIONS",
          "Access-Control-Allow-Headers": req.headers["access-control-request-headers"] ?? "Content-Type",
          "Access-Control-Max-Age": "3600",
        })
        .end();
      return;
    }
    if (!key && req.method === "POST") return await receivePost(req, res, ctx);
    if (key && req.method === "PUT") return await receivePut(req, res, url, ctx, key);
    // Staged objects are private: only Shopify reads them back (fileCreate), by object or by external video id.
    if (req.method === "GET" || req.method === "HEAD") throw new BucketError(403, "AccessDenied", "Anonymous caller does not have read access to this object.");
    throw new BucketError(405, "MethodNotAllowed", `${req.method} is not allowed here.`);
  } catch (error) {
    if (!(error instanceof BucketError)) throw error;
    // A refused upload may still be streaming in: drain it so the client reads the answer.
    req.resume();
    sendBucketError(req, res, error);
  }
}
