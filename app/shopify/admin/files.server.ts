/** Files: images, videos and generic files (captions) copied into the shop's Files, staged uploads, their states, and deletions. Each Admin GraphQL document sits beside the function that sends it. */
import { type AdminGraphql, runAdminQuery, type AdminCostBudget, throwOnUserErrors, type UserErrorsData, ShopifyGatewayError } from "./client.server";

export const FILES_DOCUMENTS = {
  fileCreate: `#graphql
    mutation ClipcartFileCreate($files: [FileCreateInput!]!) {
      fileCreate(files: $files) {
        files {
          id
          fileStatus
        }
        userErrors {
          field
          message
          code
        }
      }
    }`,
  fileStatuses: `#graphql
    query ClipcartFileStatuses($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on MediaImage {
          id
          fileStatus
          image {
            url
          }
        }
      }
    }`,
  videoFiles: `#graphql
    query ClipcartVideoFiles($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on Video {
          id
          fileStatus
          duration
          fileErrors {
            code
            details
          }
          sources {
            url
            format
            mimeType
            width
            height
          }
          preview {
            image {
              url
            }
          }
        }
      }
    }`,
  fileDelete: `#graphql
    mutation ClipcartFileDelete($fileIds: [ID!]!) {
      fileDelete(fileIds: $fileIds) {
        deletedFileIds
        userErrors {
          field
          message
          code
        }
      }
    }`,
  stagedVideoUploads: `#graphql
    mutation ClipcartStagedVideoUploads($input: [StagedUploadInput!]!) {
      stagedUploadsCreate(input: $input) {
        stagedTargets {
          url
          resourceUrl
          parameters {
            name
            value
          }
        }
        userErrors {
          field
          message
        }
      }
    }`,
  genericFiles: `#graphql
    query ClipcartGenericFiles($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on GenericFile {
          id
          fileStatus
          url
          fileErrors {
            code
            details
          }
        }
      }
    }`,
} as const;

/** Shopify's FileStatus. */
export type FileStatus = "UPLOADED" | "PROCESSING" | "READY" | "FAILED";

export interface CreatedFile {
  id: string;
  status: FileStatus;
}

interface FileCreateData {
  fileCreate: {
    files: Array<{ id: string; fileStatus: FileStatus }> | null;
    userErrors: Array<{ field: string[] | null; message: string; code: string | null }>;
  };
}

/**
 * Asks Shopify to keep a copy of each image URL in the shop's Files (Shopify
 * downloads it in the background and serves it from its CDN). Answers the new
 * files in the order given; Shopify refuses the whole batch when one input is
 * invalid, which is a ShopifyGatewayError.
 */
export async function createFilesFromUrls(graphql: AdminGraphql, files: ReadonlyArray<{ url: string; alt?: string }>): Promise<CreatedFile[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<FileCreateData>(graphql, FILES_DOCUMENTS.fileCreate, {
    files: files.map((file) => ({ originalSource: file.url, contentType: "IMAGE", ...(file.alt ? { alt: file.alt.slice(0, 512) } : {}) })),
  });
  const { files: created, userErrors } = data.fileCreate;
  if (userErrors.length || !created) {
    throw new ShopifyGatewayError(userErrors.map((error) => error.message).join("; ") || "fileCreate returned no files", userErrors);
  }
  return created.map((file) => ({ id: file.id, status: file.fileStatus }));
}

/** fileCreate's answer as one created file per file asked for, in order; a refusal or a short answer throws. */
function createdFilesOf(data: FileCreateData, asked: number): CreatedFile[] {
  const { files: created, userErrors } = data.fileCreate;
  if (userErrors.length || !created || created.length !== asked) {
    throw new ShopifyGatewayError(userErrors.map((error) => error.message).join("; ") || "fileCreate returned no files", userErrors);
  }
  return created.map((file) => ({ id: file.id, status: file.fileStatus }));
}

export interface FileState {
  id: string;
  status: FileStatus;
  /** The CDN URL, once READY. */
  url: string | null;
}

interface FileStatusesData {
  nodes: Array<{ id?: string; fileStatus?: FileStatus; image?: { url: string } | null } | null>;
}

/** What one image of ClipcartFileStatuses costs at most: the node and its image. */
const IMAGE_FILE_READ_COST = 2;

/** Where Shopify is with each file; a file that no longer exists (deleted in the admin) is left out. */
export async function fetchFileStates(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<FileState[]> {
  if (!ids.length) return [];
  const data = await runAdminQuery<FileStatusesData>(
    graphql,
    FILES_DOCUMENTS.fileStatuses,
    { ids },
    budget ? { budget, cost: ids.length * IMAGE_FILE_READ_COST } : undefined,
  );
  return data.nodes.flatMap((node) => (node?.id && node.fileStatus ? [{ id: node.id, status: node.fileStatus, url: node.image?.url ?? null }] : []));
}

/**
 * Asks Shopify to keep a copy of a video in the shop's Files: Shopify
 * downloads `url` in the background, then transcodes it (UPLOADED ->
 * PROCESSING -> READY or FAILED). `url` is a public http(s) URL or a staged
 * upload's resourceUrl. A refused input is a ShopifyGatewayError.
 */
export async function createVideoFile(
  graphql: AdminGraphql,
  file: { url: string; alt?: string; filename?: string },
  budget?: AdminCostBudget,
): Promise<CreatedFile> {
  const [created] = await createVideoFiles(graphql, [file], budget);
  if (!created) throw new ShopifyGatewayError("fileCreate returned no file");
  return created;
}

/** Shopify's cost of a mutation (shopify.dev, calculated query cost). */
const MUTATION_COST = 10;

/**
 * fileCreate for several videos in one call, answered in the order given.
 * Shopify refuses the whole call when one input is invalid (a
 * ShopifyGatewayError); callers then send them one by one.
 */
export async function createVideoFiles(
  graphql: AdminGraphql,
  files: ReadonlyArray<{ url: string; alt?: string; filename?: string }>,
  budget?: AdminCostBudget,
): Promise<CreatedFile[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<FileCreateData>(
    graphql,
    FILES_DOCUMENTS.fileCreate,
    {
      files: files.map((file) => ({
        originalSource: file.url,
        contentType: "VIDEO",
        ...(file.alt ? { alt: file.alt.slice(0, 512) } : {}),
        ...(file.filename ? { filename: file.filename } : {}),
      })),
    },
    budget ? { budget, cost: MUTATION_COST } : undefined,
  );
  return createdFilesOf(data, files.length);
}

/** Where the browser uploads one file (a signed bucket target): POST a form of `parameters`, then the file as `file`. */
export interface StagedUploadTarget {
  url: string;
  /** What fileCreate takes as originalSource once the upload is done. */
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

/** Upload targets for videos the merchant uploads from the browser straight to Shopify's bucket, in the order given. */
export async function createStagedVideoUploads(
  graphql: AdminGraphql,
  files: ReadonlyArray<{ filename: string; mimeType: string; fileSize: number }>,
): Promise<StagedUploadTarget[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<{ stagedUploadsCreate: UserErrorsData & { stagedTargets: StagedUploadTarget[] | null } }>(
    graphql,
    FILES_DOCUMENTS.stagedVideoUploads,
    {
      input: files.map((file) => ({
        resource: "VIDEO",
        filename: file.filename,
        mimeType: file.mimeType,
        fileSize: String(file.fileSize),
        httpMethod: "POST",
      })),
    },
  );
  throwOnUserErrors("stagedUploadsCreate", data.stagedUploadsCreate);
  const targets = data.stagedUploadsCreate.stagedTargets ?? [];
  if (targets.length !== files.length) throw new ShopifyGatewayError("stagedUploadsCreate returned no targets");
  return targets;
}

/** One playable rendition of a READY video. */
export interface VideoFileSource {
  url: string;
  /** "mp4", "m3u8" (HLS), "webm" */
  format: string;
  mimeType: string;
  width: number;
  height: number;
}

export interface VideoFileState {
  id: string;
  status: FileStatus;
  /** Once READY. */
  durationMs: number | null;
  sources: VideoFileSource[];
  posterUrl: string | null;
  /** Why Shopify failed the file (FAILED): its error code and details. */
  error: { code: string; details: string | null } | null;
}

interface VideoFilesData {
  nodes: Array<{
    id?: string;
    fileStatus?: FileStatus;
    duration?: number | null;
    fileErrors?: Array<{ code: string; details: string | null }>;
    sources?: VideoFileSource[];
    preview?: { image: { url: string } | null } | null;
  } | null>;
}

/** What one video of ClipcartVideoFiles costs at most: the node, its preview and image, its errors and sources. */
const VIDEO_FILE_READ_COST = 5;

/** Where Shopify is with each video file; a file that no longer exists (deleted in the admin) is left out. */
export async function fetchVideoFileStates(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<VideoFileState[]> {
  if (!ids.length) return [];
  const data = await runAdminQuery<VideoFilesData>(
    graphql,
    FILES_DOCUMENTS.videoFiles,
    { ids },
    budget ? { budget, cost: ids.length * VIDEO_FILE_READ_COST } : undefined,
  );
  return data.nodes.flatMap((node) => {
    if (!node?.id || !node.fileStatus) return [];
    const firstError = node.fileErrors?.[0];
    return [
      {
        id: node.id,
        status: node.fileStatus,
        durationMs: node.duration ?? null,
        sources: node.sources ?? [],
        posterUrl: node.preview?.image?.url ?? null,
        error: firstError ? { code: firstError.code, details: firstError.details } : null,
      },
    ];
  });
}

interface FileDeleteData {
  fileDelete: { deletedFileIds: string[] | null; userErrors: Array<{ field: string[] | null; message: string; code: string | null }> };
}

/**
 * Deletes files from the shop's Files. A file already gone (deleted in the
 * admin) counts as deleted; Shopify refuses a whole batch for one such id, so
 * the batch is then retried one file at a time.
 */
export async function deleteFiles(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<void> {
  if (!ids.length) return;
  const data = await runAdminQuery<FileDeleteData>(graphql, FILES_DOCUMENTS.fileDelete, { fileIds: ids }, budget ? { budget, cost: MUTATION_COST } : undefined);
  const { userErrors } = data.fileDelete;
  if (!userErrors.length) return;
  const onlyMissing = userErrors.every((error) => error.code === "FILE_DOES_NOT_EXIST");
  if (!onlyMissing) throwOnUserErrors("fileDelete", data.fileDelete);
  if (ids.length > 1) for (const id of ids) await deleteFiles(graphql, [id], budget);
}

// ---------------------------------------------------------------- generic files (captions, decision 084)

/**
 * Upload targets for files the app itself writes (caption files): Shopify's
 * FILE resource, a POST form. In the order given.
 */
export async function createStagedFileUploads(
  graphql: AdminGraphql,
  files: ReadonlyArray<{ filename: string; mimeType: string; fileSize: number }>,
  budget?: AdminCostBudget,
): Promise<StagedUploadTarget[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<{ stagedUploadsCreate: UserErrorsData & { stagedTargets: StagedUploadTarget[] | null } }>(
    graphql,
    FILES_DOCUMENTS.stagedVideoUploads,
    {
      input: files.map((file) => ({ resource: "FILE", filename: file.filename, mimeType: file.mimeType, fileSize: String(file.fileSize), httpMethod: "POST" })),
    },
    budget ? { budget, cost: MUTATION_COST } : undefined,
  );
  throwOnUserErrors("stagedUploadsCreate", data.stagedUploadsCreate);
  const targets = data.stagedUploadsCreate.stagedTargets ?? [];
  if (targets.length !== files.length) throw new ShopifyGatewayError("stagedUploadsCreate returned no targets");
  return targets;
}

/** How long one upload to a staged target may take: a caption file is a few KB. */
const STAGED_UPLOAD_TIMEOUT_MS = 30_000;

/**
 * Sends bytes to a staged target as the bucket expects a form upload: the
 * target's parameters, then the file. A refusal is a ShopifyGatewayError
 * naming the bucket's status.
 */
export async function uploadToStagedTarget(target: StagedUploadTarget, file: { text: string; filename: string; mimeType: string }): Promise<void> {
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  form.append("file", new Blob([file.text], { type: file.mimeType }), file.filename);
  const response = await fetch(target.url, { method: "POST", body: form, signal: AbortSignal.timeout(STAGED_UPLOAD_TIMEOUT_MS) });
  const answer = await response.text().catch(() => "");
  if (!response.ok) throw new ShopifyGatewayError(`The staged upload was refused with HTTP ${response.status}: ${answer.slice(0, 300)}`);
}

/** fileCreate for files of any kind (captions): Shopify keeps them as GenericFile, served from its CDN. In the order given. */
export async function createGenericFiles(
  graphql: AdminGraphql,
  files: ReadonlyArray<{ url: string; filename: string; alt?: string }>,
  budget?: AdminCostBudget,
): Promise<CreatedFile[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<FileCreateData>(
    graphql,
    FILES_DOCUMENTS.fileCreate,
    {
      files: files.map((file) => ({
        originalSource: file.url,
        contentType: "FILE",
        filename: file.filename,
        ...(file.alt ? { alt: file.alt.slice(0, 512) } : {}),
      })),
    },
    budget ? { budget, cost: MUTATION_COST } : undefined,
  );
  return createdFilesOf(data, files.length);
}

export interface GenericFileState {
  id: string;
  status: FileStatus;
  /** The CDN URL, once READY. */
  url: string | null;
  error: string | null;
}

interface GenericFilesData {
  nodes: Array<{ id?: string; fileStatus?: FileStatus; url?: string | null; fileErrors?: Array<{ code: string; details: string | null }> } | null>;
}

/** Where Shopify is with each generic file; one that no longer exists (deleted in the admin) is left out. */
export async function fetchGenericFileStates(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<GenericFileState[]> {
  if (!ids.length) return [];
  const data = await runAdminQuery<GenericFilesData>(graphql, FILES_DOCUMENTS.genericFiles, { ids }, budget ? { budget, cost: ids.length * 2 } : undefined);
  return data.nodes.flatMap((node) => {
    if (!node?.id || !node.fileStatus) return [];
    const error = node.fileErrors?.[0];
    return [{ id: node.id, status: node.fileStatus, url: node.url ?? null, error: error ? `${error.code}${error.details ? `: ${error.details}` : ""}` : null }];
  });
}
