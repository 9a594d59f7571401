/**
 * Videos in Local Shopify's Files: fileCreate from a URL or a staged upload,
 * the UPLOADED -> PROCESSING -> READY / FAILED path a client polls, the CDN's
 * Range answers, fileDelete, node reads and the test controls. Documents go
 * through the Admin schema like any other, over HTTP.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalShopifyState } from "./state.js";
import { startTestWorld, type TestWorld } from "./test-support.js";

const mp4 = readFileSync(new URL("../../fixtures/video/portrait-2s.mp4", import.meta.url));
const webm = readFileSync(new URL("../../fixtures/video/portrait-2s.webm", import.meta.url));
const mov = Buffer.from(mp4);
mov.write("qt  ", 8, "latin1"); // the same movie under QuickTime's brand

/** Short steps keep the suite quick while a client still sees UPLOADED and PROCESSING. */
const STEP_MS = 80;

let world: TestWorld;
let base: string;
let source: Server;
let sourceUrl: string;

beforeAll(async () => {
  world = await startTestWorld();
  base = world.localShopify.url;
  world.localShopify.configureFiles({ videoProcessingStepMs: STEP_MS });
  // The web a merchant's videos come from.
  source = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://source.local").pathname;
    const files: Record<string, [string, Buffer | string]> = {
      "/portrait-2s.mp4": ["video/mp4", mp4],
      "/portrait-2s.webm": ["video/webm", webm],
      "/clip.mov": ["video/quicktime", mov],
      "/not-a-video.mp4": ["video/mp4", "<html>this is a web page, not a video</html>"],
      "/poster.svg": ["image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160"></svg>`],
    };
    const file = files[path];
    if (file) res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
    else res.writeHead(404).end("Not Found");
  });
  await new Promise<void>((resolve) => source.listen(0, resolve));
  sourceUrl = `http://localhost:${(source.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await world?.close();
  await new Promise<void>((resolve) => source?.close(() => resolve()));
});

interface GraphqlAnswer<Data> {
  data?: Data;
  errors?: Array<{ message: string; path?: string[]; extensions: { code: string } }>;
}

async function gqlAnswer<Data>(token: string, query: string, variables?: Record<string, unknown>, at = base): Promise<GraphqlAnswer<Data>> {
  const response = await fetch(`${at}/admin/api/2025-10/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphqlAnswer<Data>;
}

/** The answer's data (the test fails here on GraphQL errors). */
async function gql<Data>(token: string, query: string, variables?: Record<string, unknown>, at = base): Promise<Data> {
  const answer = await gqlAnswer<Data>(token, query, variables, at);
  expect(answer.errors, "GraphQL errors").toBeUndefined();
  return answer.data as Data;
}

const tokenFor = async (shop: string) => (await world.sessionFor(shop)).accessToken!;

interface VideoSource {
  url: string;
  width: number;
  height: number;
  fileSize: number | null;
  format: string;
  mimeType: string;
}

interface VideoNode {
  id: string;
  fileStatus: string;
  status: string;
  filename: string;
  alt: string | null;
  duration: number | null;
  originalSource: VideoSource | null;
  sources: VideoSource[];
  preview: { status: string; image: { url: string; width: number; height: number; altText: string | null } | null } | null;
  fileErrors: Array<{ code: string; message: string; details: string | null }>;
  mediaErrors: Array<{ code: string }>;
}

const VIDEO_FIELDS = `id fileStatus status filename alt duration
  originalSource { url width height fileSize format mimeType }
  sources { url width height fileSize format mimeType }
  preview { status image { url width height altText } }
  fileErrors { code message details }
  mediaErrors { code }`;

const CREATE = `mutation CreateFiles($files: [FileCreateInput!]!) {
  fileCreate(files: $files) {
    files { id fileStatus ... on Video { ${VIDEO_FIELDS} } }
    userErrors { field message code }
  }
}`;

const NODE = `query Video($id: ID!) { node(id: $id) { id ... on Video { ${VIDEO_FIELDS} } } }`;

type CreateAnswer = {
  fileCreate: { files: VideoNode[] | null; userErrors: Array<{ field: string[]; message: string; code: string }> };
};

/** Creates one file and answers what fileCreate returned for it. */
async function createVideo(token: string, input: Record<string, unknown>): Promise<VideoNode> {
  const { fileCreate } = await gql<CreateAnswer>(token, CREATE, { files: [input] });
  expect(fileCreate.userErrors).toEqual([]);
  const [file] = fileCreate.files ?? [];
  expect(file, "the created file").toBeDefined();
  return file!;
}

/** Polls node(id) as a client would, until the file is READY or FAILED; also answers the statuses seen on the way. */
async function pollVideo(token: string, id: string): Promise<{ node: VideoNode; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { node } = await gql<{ node: VideoNode | null }>(token, NODE, { id });
    expect(node, `node(${id})`).not.toBeNull();
    if (seen.at(-1) !== node!.fileStatus) seen.push(node!.fileStatus);
    if (node!.fileStatus === "READY" || node!.fileStatus === "FAILED") return { node: node!, seen };
    expect(Date.now(), "the video's processing finished in time").toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("fileCreate with a VIDEO", () => {
  it("a held shop's video stays PROCESSING while another shop's turns READY, and finishes once released", async () => {
    const heldToken = await tokenFor("video-held");
    const otherToken = await tokenFor("video-not-held");
    const hold = async (held: unknown) =>
      fetch(`${base}/__local/shops/video-held/files/hold`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ held }) });
    expect((await hold("yes")).status).toBe(400);
    expect(await (await hold(true)).json()).toEqual({ held: true });
    try {
      const held = await createVideo(heldToken, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" });
      const other = await createVideo(otherToken, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" });
      expect((await pollVideo(otherToken, other.id)).node.fileStatus).toBe("READY");
      await expect.poll(async () => (await gql<{ node: VideoNode }>(heldToken, NODE, { id: held.id })).node.fileStatus).toBe("PROCESSING");
      await hold(false);
      expect((await pollVideo(heldToken, held.id)).node).toMatchObject({ fileStatus: "READY", duration: 2000 });
    } finally {
      await hold(false);
    }
  });

  it("answers UPLOADED, then PROCESSING, then READY with size, duration, a playable rendition and a poster", async () => {
    const token = await tokenFor("video-ready");
    // Steps long enough that polling sees each status even on a busy machine.
    world.localShopify.configureFiles({ videoProcessingStepMs: 400 });
    const created = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO", alt: "Unboxing" }).finally(() =>
      world.localShopify.configureFiles({ videoProcessingStepMs: STEP_MS }),
    );
    expect(created).toMatchObject({ fileStatus: "UPLOADED", filename: "portrait-2s.mp4", alt: "Unboxing", duration: null, originalSource: null, sources: [] });
    expect(created.id).toMatch(/^gid:\/\/shopify\/Video\/\d+$/);

    const { node, seen } = await pollVideo(token, created.id);
    expect(seen).toEqual(["UPLOADED", "PROCESSING", "READY"]);
    expect(node).toMatchObject({
      status: "READY",
      duration: 2000,
      originalSource: { width: 160, height: 284, fileSize: mp4.length, format: "mp4", mimeType: "video/mp4" },
      preview: { status: "READY", image: { width: 160, height: 284, altText: "Unboxing" } },
      fileErrors: [],
      mediaErrors: [],
    });
    expect(node.sources).toEqual([
      { url: expect.stringMatching(/\.mp4$/), width: 160, height: 284, fileSize: mp4.length, format: "mp4", mimeType: "video/mp4" },
    ]);

    for (const url of [node.originalSource!.url, node.sources[0]!.url]) {
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("video/mp4");
      expect(served.headers.get("accept-ranges")).toBe("bytes");
      expect(Buffer.from(await served.arrayBuffer()).equals(mp4)).toBe(true);
    }
    const poster = await fetch(node.preview!.image!.url);
    expect(poster.headers.get("content-type")).toBe("image/svg+xml");
    expect(await poster.text()).toContain('width="160" height="284"');
  });

  it("takes WebM and QuickTime too, and guesses VIDEO from the filename when contentType is left out", async () => {
    const token = await tokenFor("video-formats");
    const fromWebm = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.webm` });
    const fromMov = await createVideo(token, { originalSource: `${sourceUrl}/clip.mov`, contentType: "VIDEO" });
    expect(fromWebm.id).toMatch(/^gid:\/\/shopify\/Video\//);
    const webmNode = (await pollVideo(token, fromWebm.id)).node;
    expect(webmNode).toMatchObject({ duration: 2000, originalSource: { format: "webm", mimeType: "video/webm", width: 160, height: 284 } });
    // Listed as Shopify lists every rendition (MP4); Local Shopify does not transcode, so the bytes are the WebM's.
    expect(webmNode.sources.map((s) => [s.format, s.mimeType])).toEqual([["mp4", "video/mp4"]]);
    const webmRendition = await fetch(webmNode.sources[0]!.url);
    expect(webmRendition.headers.get("content-type")).toBe("video/webm");
    expect(Buffer.from(await webmRendition.arrayBuffer()).equals(webm)).toBe(true);
    const movNode = (await pollVideo(token, fromMov.id)).node;
    expect(movNode.originalSource).toMatchObject({ format: "mov", mimeType: "video/quicktime" });
    expect(movNode.sources.map((s) => [s.format, s.mimeType])).toEqual([["mp4", "video/mp4"]]);
    expect((await fetch(movNode.sources[0]!.url)).headers.get("content-type")).toBe("video/mp4");
  });

  it("turns FAILED with VIDEO_INVALID_FILETYPE_ERROR for bytes that are no video", async () => {
    const token = await tokenFor("video-garbage");
    const created = await createVideo(token, { originalSource: `${sourceUrl}/not-a-video.mp4`, contentType: "VIDEO" });
    const { node, seen } = await pollVideo(token, created.id);
    expect(seen.at(-1)).toBe("FAILED");
    expect(seen).not.toContain("READY");
    expect(node).toMatchObject({
      status: "FAILED",
      duration: null,
      originalSource: null,
      sources: [],
      preview: { status: "FAILED", image: null },
      fileErrors: [{ code: "VIDEO_INVALID_FILETYPE_ERROR", details: expect.any(String) }],
      mediaErrors: [{ code: "VIDEO_INVALID_FILETYPE_ERROR" }],
    });
  });

  it("turns FAILED with GENERIC_FILE_DOWNLOAD_FAILURE when the source answers 404", async () => {
    const token = await tokenFor("video-missing");
    const created = await createVideo(token, { originalSource: `${sourceUrl}/gone.mp4`, contentType: "VIDEO" });
    const { node } = await pollVideo(token, created.id);
    expect(node.fileErrors).toEqual([
      { code: "GENERIC_FILE_DOWNLOAD_FAILURE", message: "The source could not be downloaded.", details: "Download failed with HTTP 404" },
    ]);
  });

  it("turns FAILED with GENERIC_FILE_INVALID_SIZE for a video over the size limit", async () => {
    const token = await tokenFor("video-large");
    world.localShopify.configureFiles({ maxVideoBytes: 10_000 });
    try {
      const created = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" });
      const { node } = await pollVideo(token, created.id);
      expect(node.fileErrors).toMatchObject([{ code: "GENERIC_FILE_INVALID_SIZE" }]);
    } finally {
      world.localShopify.configureFiles({ maxVideoBytes: 64 * 1024 * 1024 });
    }
  });

  it("refuses inputs Shopify refuses, atomically", async () => {
    const token = await tokenFor("video-input-errors");
    const { fileCreate } = await gql<CreateAnswer>(token, CREATE, {
      files: [
        { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" },
        { originalSource: "not a url", contentType: "VIDEO" },
        { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO", filename: "clip.webm" },
        { originalSource: `${sourceUrl}/model.glb`, contentType: "MODEL_3D" },
      ],
    });
    expect(fileCreate.files).toBeNull();
    expect(fileCreate.userErrors.map((e) => [e.field.join("."), e.code])).toEqual([
      ["files.1.originalSource", "INVALID"],
      ["files.2.filename", "MISMATCHED_FILENAME_AND_ORIGINAL_SOURCE"],
      ["files.3.contentType", "INVALID"],
    ]);
    expect(world.localShopify.files("video-input-errors").files).toEqual([]);
  });

  it("refuses a document asking for a field the Admin schema does not have", async () => {
    const token = await tokenFor("video-schema");
    const answer = await gqlAnswer(token, `query($id: ID!) { node(id: $id) { ... on Video { fileStatus sources { url bitrate } } } }`, {
      id: "gid://shopify/Video/1",
    });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.map((e) => [e.message, e.extensions.code])).toEqual([["Field 'bitrate' doesn't exist on type 'VideoSource'", "undefinedField"]]);
  });
});

describe("the CDN", () => {
  let videoUrl: string;
  beforeAll(async () => {
    const token = await tokenFor("video-cdn");
    const created = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" });
    videoUrl = (await pollVideo(token, created.id)).node.sources[0]!.url;
  });

  const ranged = (range: string, method = "GET") => fetch(videoUrl, { method, headers: { Range: range } });

  it("answers Range requests with 206 and Content-Range, as a <video> element seeking asks", async () => {
    const first = await ranged("bytes=0-99");
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${mp4.length}`);
    expect(first.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await first.arrayBuffer()).equals(mp4.subarray(0, 100))).toBe(true);

    const open = await ranged(`bytes=${mp4.length - 35}-`);
    expect(open.headers.get("content-range")).toBe(`bytes ${mp4.length - 35}-${mp4.length - 1}/${mp4.length}`);
    expect(Buffer.from(await open.arrayBuffer()).equals(mp4.subarray(-35))).toBe(true);

    const suffix = await ranged("bytes=-10");
    expect(Buffer.from(await suffix.arrayBuffer()).equals(mp4.subarray(-10))).toBe(true);

    const beyond = await ranged(`bytes=${mp4.length + 5}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${mp4.length}`);
  });

  it("answers HEAD with the headers only, and lets any origin read", async () => {
    const head = await ranged("bytes=0-1", "HEAD");
    expect(head.status).toBe(206);
    expect(head.headers.get("content-length")).toBe("2");
    expect(head.headers.get("access-control-allow-origin")).toBe("*");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe("stagedUploadsCreate", () => {
  const STAGE = `mutation Stage($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets { url resourceUrl parameters { name value } }
      userErrors { field message }
    }
  }`;
  type StagedTarget = { url: string; resourceUrl: string; parameters: Array<{ name: string; value: string }> };
  type StageAnswer = { stagedUploadsCreate: { stagedTargets: StagedTarget[] | null; userErrors: Array<{ field: string[]; message: string }> } };

  async function stage(token: string, input: Record<string, unknown>): Promise<StagedTarget> {
    const { stagedUploadsCreate } = await gql<StageAnswer>(token, STAGE, { input: [input] });
    expect(stagedUploadsCreate.userErrors).toEqual([]);
    return stagedUploadsCreate.stagedTargets![0]!;
  }

  /** The browser's upload: the parameters as form fields in their order, then the file. */
  function uploadForm(target: StagedTarget, file: Blob, filename: string, override: Record<string, string> = {}): FormData {
    const form = new FormData();
    for (const { name, value } of target.parameters) form.append(name, override[name] ?? value);
    form.append("file", file, filename);
    return form;
  }

  it("takes a browser's multipart POST from another origin, then fileCreate makes the Video from the uploaded bytes", async () => {
    const token = await tokenFor("video-staged");
    const target = await stage(token, { resource: "VIDEO", filename: "my clip.mp4", mimeType: "video/mp4", fileSize: String(mp4.length), httpMethod: "POST" });
    expect(target.url).toBe(`${base}/staged-uploads`);
    expect(target.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["key", "policy", "Content-Type", "x-goog-signature"]));
    // Shopify's shape for a video: the bucket's address and the video's number, nothing of the object's key.
    expect(target.resourceUrl).toMatch(new RegExp(`^${base}/staged-uploads\\?external_video_id=\\d+$`));

    // An upload with progress events is not a simple request: the browser asks first.
    const preflight = await fetch(target.url, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:3999", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:3999");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");

    const uploaded = await fetch(target.url, {
      method: "POST",
      headers: { Origin: "http://localhost:3999" },
      body: uploadForm(target, new Blob([mp4], { type: "video/mp4" }), "my clip.mp4"),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.headers.get("access-control-allow-origin")).toBe("http://localhost:3999");
    const key = target.parameters.find((p) => p.name === "key")!.value;
    expect(await uploaded.text()).toContain(`<Key>${key}</Key>`);
    // The staged object is private.
    expect((await fetch(target.resourceUrl)).status).toBe(403);
    expect(world.localShopify.files("video-staged").stagedUploads).toMatchObject([{ filename: "my clip.mp4", uploadedBytes: mp4.length }]);

    const created = await createVideo(token, { originalSource: target.resourceUrl, contentType: "VIDEO" });
    expect(created.filename).toBe("my clip.mp4");
    const { node } = await pollVideo(token, created.id);
    expect(node).toMatchObject({ fileStatus: "READY", duration: 2000, originalSource: { width: 160, height: 284, fileSize: mp4.length } });
    expect(Buffer.from(await (await fetch(node.sources[0]!.url)).arrayBuffer()).equals(mp4)).toBe(true);
    expect(world.localShopify.files("video-staged").stagedUploads).toEqual([]);
  });

  it("refuses, in XML as the bucket does, a file over the declared size, of another type, or with altered parameters", async () => {
    const token = await tokenFor("video-staged-refused");
    const target = await stage(token, { resource: "VIDEO", filename: "clip.mp4", mimeType: "video/mp4", fileSize: "1000", httpMethod: "POST" });
    const post = (form: FormData) => fetch(target.url, { method: "POST", body: form });

    const tooLarge = await post(uploadForm(target, new Blob([mp4], { type: "video/mp4" }), "clip.mp4"));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.headers.get("content-type")).toContain("application/xml");
    expect(await tooLarge.text()).toContain("<Code>EntityTooLarge</Code>");

    const otherType = await post(uploadForm(target, new Blob([mp4.subarray(0, 500)], { type: "image/png" }), "clip.png"));
    expect(otherType.status).toBe(403);
    expect(await otherType.text()).toContain("<Code>AccessDenied</Code>");

    const altered = await post(uploadForm(target, new Blob([mp4.subarray(0, 500)], { type: "video/mp4" }), "clip.mp4", { "Content-Type": "video/webm" }));
    expect(altered.status).toBe(403);
    expect(await altered.text()).toContain("<Code>AccessDenied</Code>");

    const forged = await post(uploadForm(target, new Blob([mp4.subarray(0, 500)], { type: "video/mp4" }), "clip.mp4", { policy: "e30=" }));
    expect(await forged.text()).toContain("<Code>SignatureDoesNotMatch</Code>");

    // Nothing arrived: a Video made from the target fails to download.
    const created = await createVideo(token, { originalSource: target.resourceUrl });
    expect((await pollVideo(token, created.id)).node.fileErrors).toMatchObject([{ code: "GENERIC_FILE_DOWNLOAD_FAILURE" }]);
  });

  it("hands out signed PUT targets by default", async () => {
    const token = await tokenFor("video-staged-put");
    const target = await stage(token, { resource: "VIDEO", filename: "clip.webm", mimeType: "video/webm", fileSize: String(webm.length) });
    expect(target.parameters).toEqual([
      { name: "content_type", value: "video/webm" },
      { name: "acl", value: "private" },
    ]);
    const wrongType = await fetch(target.url, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: webm });
    expect(wrongType.status).toBe(403);
    const put = await fetch(target.url, { method: "PUT", headers: { "Content-Type": "video/webm", "x-goog-acl": "private" }, body: webm });
    expect(put.status).toBe(200);
    const created = await createVideo(token, { originalSource: target.resourceUrl });
    expect((await pollVideo(token, created.id)).node).toMatchObject({ fileStatus: "READY", filename: "clip.webm", originalSource: { format: "webm" } });
  });

  it("reports inputs it cannot stage as userErrors", async () => {
    const token = await tokenFor("video-staged-errors");
    const { stagedUploadsCreate } = await gql<StageAnswer>(token, STAGE, {
      input: [
        { resource: "VIDEO", filename: "clip.mp4", mimeType: "video/mp4" },
        { resource: "MODEL_3D", filename: "model.glb", mimeType: "model/gltf-binary", fileSize: "456" },
      ],
    });
    expect(stagedUploadsCreate.stagedTargets).toBeNull();
    expect(stagedUploadsCreate.userErrors.map((e) => e.field.join("."))).toEqual(["input.0.fileSize", "input.1.resource"]);
  });
});

describe("reads, deletes and controls", () => {
  it("reads Videos and MediaImages through node and nodes, and filters files by media type", async () => {
    const token = await tokenFor("video-reads");
    const video = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" });
    const image = await createVideo(token, { originalSource: `${sourceUrl}/poster.svg`, contentType: "IMAGE" });
    await world.localShopify.settled();

    const { nodes } = await gql<{ nodes: Array<Record<string, unknown> | null> }>(
      token,
      `query($ids: [ID!]!) { nodes(ids: $ids) { id
        ... on Video { fileStatus duration sources { mimeType width height } preview { status image { width height } } }
        ... on MediaImage { fileStatus image { width height } } } }`,
      { ids: [video.id, image.id, video.id.replace("Video", "MediaImage"), "gid://shopify/Video/999999999"] },
    );
    expect(nodes).toEqual([
      {
        id: video.id,
        fileStatus: "READY",
        duration: 2000,
        sources: [{ mimeType: "video/mp4", width: 160, height: 284 }],
        preview: { status: "READY", image: { width: 160, height: 284 } },
      },
      { id: image.id, fileStatus: "READY", image: { width: 90, height: 160 } },
      null,
      null,
    ]);

    const { files } = await gql<{ files: { nodes: Array<{ id: string }> } }>(token, `{ files(first: 10, query: "media_type:VIDEO") { nodes { id } } }`);
    expect(files.nodes).toEqual([{ id: video.id }]);
  });

  it("deletes a video: gone from reads and from the CDN", async () => {
    const token = await tokenFor("video-delete");
    const created = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" });
    const { node } = await pollVideo(token, created.id);
    const urls = [node.originalSource!.url, node.sources[0]!.url, node.preview!.image!.url];
    for (const url of urls) expect((await fetch(url)).status).toBe(200);

    const DELETE = `mutation($ids: [ID!]!) { fileDelete(fileIds: $ids) { deletedFileIds userErrors { field code message } } }`;
    type DeleteAnswer = { fileDelete: { deletedFileIds: string[] | null; userErrors: Array<{ code: string }> } };
    const wrongType = await gql<DeleteAnswer>(token, DELETE, { ids: [created.id.replace("Video", "MediaImage")] });
    expect(wrongType.fileDelete).toMatchObject({ deletedFileIds: null, userErrors: [{ code: "FILE_DOES_NOT_EXIST" }] });

    const deleted = await gql<DeleteAnswer>(token, DELETE, { ids: [created.id] });
    expect(deleted.fileDelete).toEqual({ deletedFileIds: [created.id], userErrors: [] });
    for (const url of urls) expect((await fetch(url)).status).toBe(404);
    expect((await gql<{ node: unknown }>(token, NODE, { id: created.id })).node).toBeNull();
    expect(world.localShopify.files("video-delete").files).toEqual([]);

    const again = await gql<DeleteAnswer>(token, DELETE, { ids: [created.id] });
    expect(again.fileDelete.userErrors).toMatchObject([{ code: "FILE_DOES_NOT_EXIST" }]);
  });

  it("lists a shop's files and fails the next processing of a file on request", async () => {
    const token = await tokenFor("video-controls");
    const control = `${base}/__local/shops/video-controls/files`;
    const failNext = (body: object) =>
      fetch(`${control}/fail-next`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

    // By source, before the file exists.
    expect((await failNext({ source: "case=doomed", code: "VIDEO_MAX_DURATION_ERROR", details: "Too long" })).status).toBe(200);
    const doomed = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4?case=doomed`, contentType: "VIDEO" });
    // By id, while it processes (slowly enough for the request to come first on a busy machine).
    world.localShopify.configureFiles({ videoProcessingStepMs: 400 });
    const pending = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4?case=pending`, contentType: "VIDEO" }).finally(() =>
      world.localShopify.configureFiles({ videoProcessingStepMs: STEP_MS }),
    );
    expect((await failNext({ id: pending.id })).status).toBe(200);
    const fine = await createVideo(token, { originalSource: `${sourceUrl}/portrait-2s.mp4?case=fine`, contentType: "VIDEO" });
    await world.localShopify.settled();

    const listed = (await fetch(control).then((r) => r.json())) as ReturnType<TestWorld["localShopify"]["files"]>;
    expect(listed.files.map((f) => [f.id, f.status, f.error?.code ?? null])).toEqual([
      [doomed.id, "FAILED", "VIDEO_MAX_DURATION_ERROR"],
      [pending.id, "FAILED", "VIDEO_VALIDATION_ERROR"],
      [fine.id, "READY", null],
    ]);
    expect(listed.files[2]).toMatchObject({
      mediaType: "VIDEO",
      width: 160,
      height: 284,
      durationMs: 2000,
      fileSize: mp4.length,
      url: expect.stringContaining("/cdn/"),
    });
    expect(listed.pendingFailures).toEqual([]);
    expect((await pollVideo(token, doomed.id)).node.fileErrors).toEqual([
      { code: "VIDEO_MAX_DURATION_ERROR", message: "File could not be processed.", details: "Too long" },
    ]);

    // A file that is done will not be processed again: asking is an error, not a silent no-op.
    expect((await failNext({ id: fine.id })).status).toBe(409);
  });

  it("processes again, after a restart, a video a previous run left half processed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "local-shopify-video-"));
    const stateFile = path.join(dir, "state.json");
    try {
      const first = await startTestWorld({ stateFile });
      const token = (await first.sessionFor("video-restart")).accessToken!;
      const { fileCreate } = await gql<CreateAnswer>(
        token,
        CREATE,
        { files: [{ originalSource: `${sourceUrl}/portrait-2s.mp4`, contentType: "VIDEO" }] },
        first.localShopify.url,
      );
      const id = fileCreate.files![0]!.id;
      await first.close();

      // As if the process had stopped while Shopify transcoded.
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as LocalShopifyState;
      const file = saved.shops["video-restart.myshopify.com"]!.files[0]!;
      Object.assign(file, { status: "PROCESSING", data: undefined, width: undefined, height: undefined, durationMs: undefined });
      writeFileSync(stateFile, JSON.stringify(saved));

      const second = await startTestWorld({ stateFile });
      try {
        await second.localShopify.settled();
        expect(second.localShopify.files("video-restart").files).toMatchObject([{ id, status: "READY", width: 160, height: 284, durationMs: 2000 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("generic files (GenericFile, decision 084)", () => {
  it("a staged FILE upload becomes a READY GenericFile whose url serves the bytes with their type; fileDelete removes it", async () => {
    const token = await tokenFor("generic-files");
    const vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n";
    const { stagedUploadsCreate } = await gql<{
      stagedUploadsCreate: { stagedTargets: Array<{ url: string; resourceUrl: string; parameters: Array<{ name: string; value: string }> }> };
    }>(
      token,
      `mutation Stage($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { message } } }`,
      { input: [{ resource: "FILE", filename: "captions-en.vtt", mimeType: "text/vtt", fileSize: String(vtt.length), httpMethod: "POST" }] },
    );
    const target = stagedUploadsCreate.stagedTargets[0]!;
    const form = new FormData();
    for (const { name, value } of target.parameters) form.append(name, value);
    form.append("file", new Blob([vtt], { type: "text/vtt" }), "captions-en.vtt");
    expect((await fetch(target.url, { method: "POST", body: form })).status).toBe(201);

    type Created = { fileCreate: { files: Array<{ id: string; fileStatus: string }> | null; userErrors: Array<{ message: string }> } };
    const { fileCreate } = await gql<Created>(
      token,
      `mutation Create($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id fileStatus } userErrors { message } } }`,
      { files: [{ originalSource: target.resourceUrl, contentType: "FILE", filename: "captions-en.vtt" }] },
    );
    expect(fileCreate.userErrors).toEqual([]);
    const id = fileCreate.files![0]!.id;
    expect(id).toMatch(/^gid:\/\/shopify\/GenericFile\/\d+$/);
    type Read = { node: { id: string; fileStatus: string; url: string | null; mimeType: string | null; originalFileSize: number | null } | null };
    const read = () =>
      gql<Read>(token, `query Read($id: ID!) { node(id: $id) { ... on GenericFile { id fileStatus url mimeType originalFileSize } } }`, { id });
    await expect.poll(async () => (await read()).node?.fileStatus).toBe("READY");
    const { node } = await read();
    expect(node).toMatchObject({ mimeType: "text/vtt", originalFileSize: vtt.length });
    const served = await fetch(node!.url!);
    expect(served.headers.get("content-type")).toBe("text/vtt");
    expect(await served.text()).toBe(vtt);

    await gql(token, `mutation Delete($ids: [ID!]!) { fileDelete(fileIds: $ids) { deletedFileIds userErrors { message } } }`, { ids: [id] });
    expect((await fetch(node!.url!)).status).toBe(404);
    expect((await read()).node).toBeNull();
  });
});
