/**
 * The merchant's own videos (issue 13, decision 035). The browser uploads
 * each file straight to Shopify's bucket (a staged upload target), then the
 * app asks Shopify to make a Files video of it; the mirror runner follows the
 * processing like any copy. A READY upload becomes a library video (source
 * "upload", Draft, titled after its file) with its copy already made; one
 * Shopify fails never reaches the library, and its file is deleted. Nothing
 * is half-made: there is no library row until the video can play.
 */
import { randomUUID } from "node:crypto";
import { prisma, type VideoUpload } from "~/db.server";
import { UPLOAD_FILENAME_MAX_LENGTH, VIDEO_UPLOAD } from "~/constants";
import { UPLOAD_TEXT } from "~/messages";
import { cleanText } from "~/platforms/normalize";
import type { MirrorFailure, UploadStatusDto } from "~/rules/api-types";
import { DomainValidationError } from "~/rules/domain-errors";
import { safeHttpUrl } from "~/rules/embeds";
import { titleFromFilename, uploadMimeType, uploadProblem, type UploadFile } from "~/rules/video-upload";
import {
  createStagedVideoUploads,
  createVideoFiles,
  type AdminCostBudget,
  type AdminGraphql,
  type StagedUploadTarget,
  type VideoFileState,
} from "~/shopify/admin-gateway.server";
import { playableSources } from "./video-mirrors.server";
import { videoSearchText } from "~/rules/video-search";
import { DAY_MS } from "~/rules/time";

/**
 * Upload targets for the files, after checking each (type, size) and their
 * number; one refused file refuses the request, with every problem said.
 */
export async function stageUploads(graphql: AdminGraphql, files: readonly UploadFile[]): Promise<StagedUploadTarget[]> {
  if (!files.length || files.length > VIDEO_UPLOAD.filesAtOnce) throw new DomainValidationError(UPLOAD_TEXT.tooMany);
  const problems = files.map(uploadProblem).filter((problem): problem is string => problem !== null);
  if (problems.length) throw new DomainValidationError(problems.join(" "));
  return createStagedVideoUploads(
    graphql,
    files.map((file) => ({ filename: file.filename.slice(-UPLOAD_FILENAME_MAX_LENGTH), mimeType: uploadMimeType(file)!, fileSize: file.fileSize })),
  );
}

const toStatus = (upload: VideoUpload): UploadStatusDto => ({
  id: upload.id,
  filename: upload.filename,
  status: upload.status as UploadStatusDto["status"],
  failure: upload.failure as MirrorFailure | null,
  video_id: upload.videoId,
});

/**
 * Asks Shopify to make a Files video of each uploaded file (one fileCreate
 * for all) and records the uploads; the mirror runner follows them. A
 * resourceUrl is only ever passed to Shopify, which takes only its own
 * staged objects of this shop.
 */
export async function createUploads(
  shopId: string,
  graphql: AdminGraphql,
  uploads: ReadonlyArray<{ resourceUrl: string; filename: string }>,
): Promise<UploadStatusDto[]> {
  if (!uploads.length || uploads.length > VIDEO_UPLOAD.filesAtOnce) throw new DomainValidationError(UPLOAD_TEXT.tooMany);
  const inputs = uploads.map((upload) => {
    const url = safeHttpUrl(upload.resourceUrl);
    if (!url) throw new DomainValidationError(UPLOAD_TEXT.uploadFailed);
    const title = titleFromFilename(upload.filename);
    return { url, alt: title, filename: upload.filename.slice(-UPLOAD_FILENAME_MAX_LENGTH), title };
  });
  const files = await createVideoFiles(graphql, inputs);
  const rows: VideoUpload[] = [];
  for (const [index, file] of files.entries()) {
    const input = inputs[index]!;
    rows.push(
      await prisma.videoUpload.create({
        data: { shopId, fileId: file.id, filename: cleanText(input.filename, UPLOAD_FILENAME_MAX_LENGTH) ?? "video", title: input.title, status: "processing" },
      }),
    );
  }
  return rows.map(toStatus);
}

/** How long a settled upload's status stays readable: the panel that follows it is long closed by then. */
const SETTLED_UPLOADS_KEPT_MS = 7 * DAY_MS;

/** Forgets uploads settled a week ago (their library videos, if any, stay). Answers how many went. */
export async function forgetSettledUploads(): Promise<number> {
  const { count } = await prisma.videoUpload.deleteMany({
    where: { status: { in: ["ready", "failed"] }, updatedAt: { lt: new Date(Date.now() - SETTLED_UPLOADS_KEPT_MS) } },
  });
  return count;
}

/** The uploads of the shop among `ids`, as the upload panel follows them. */
export async function uploadStatuses(shopId: string, ids: readonly string[]): Promise<UploadStatusDto[]> {
  const rows = await prisma.videoUpload.findMany({ where: { shopId, id: { in: [...ids].slice(0, 50) } }, orderBy: { createdAt: "asc" } });
  return rows.map(toStatus);
}

// ---------------------------------------------------------------- following processing (the mirror runner)

export interface UploadStepDependencies {
  pollDelaysMs: readonly number[];
  processingTimeoutMs: number;
  budget?: AdminCostBudget;
}

const delayAt = (delays: readonly number[], index: number) => delays[Math.min(index, delays.length - 1)] ?? 1000;

/**
 * One status read's result applied to an upload the runner has claimed:
 * READY makes the library video (Draft) with its ready copy, in one
 * transaction; FAILED or the time limit fails the upload and queues its file
 * for deletion; still processing waits longer. Answers whether the upload settled.
 */
export async function applyUploadState(upload: VideoUpload, state: VideoFileState | null, deps: UploadStepDependencies): Promise<boolean> {
  const failed = async (failure: MirrorFailure, detail: string | null) => {
    await prisma.$transaction([
      prisma.videoUpload.updateMany({ where: { id: upload.id, status: "processing" }, data: { status: "failed", failure, failureDetail: detail } }),
      prisma.fileDeletion.upsert({
        where: { shopId_fileId: { shopId: upload.shopId, fileId: upload.fileId } },
        create: { shopId: upload.shopId, fileId: upload.fileId },
        update: {},
      }),
    ]);
    return true;
  };
  if (!state) return failed("processing_failed", "The file was deleted from Shopify Files while it was processed");
  if (state.status === "FAILED") {
    const detail = [state.error?.code, state.error?.details].filter(Boolean).join(": ") || null;
    return failed("processing_failed", detail);
  }
  if (state.status === "READY") {
    const sources = playableSources(state.sources);
    if (!sources.some((source) => source.format !== "m3u8")) return failed("processing_failed", "Shopify made no MP4 rendition of the video");
    if (state.durationMs !== null && state.durationMs > VIDEO_UPLOAD.maxSeconds * 1000) {
      return failed("too_long", `${Math.round(state.durationMs / 1000)} s`);
    }
    await prisma.$transaction(async (tx) => {
      const claimed = await tx.videoUpload.updateMany({ where: { id: upload.id, status: "processing" }, data: { status: "ready" } });
      if (!claimed.count) return;
      const platformVideoId = `upload-${randomUUID()}`;
      const video = await tx.video.create({
        data: {
          shopId: upload.shopId,
          platform: "upload",
          platformVideoId,
          title: upload.title,
          storedThumbnailUrl: safeHttpUrl(state.posterUrl),
          searchText: videoSearchText({ title: upload.title, platformVideoId }),
        },
        select: { id: true },
      });
      await tx.videoMirror.create({
        data: {
          videoId: video.id,
          shopId: upload.shopId,
          status: "ready",
          fileId: upload.fileId,
          sources: JSON.stringify(sources),
          posterUrl: safeHttpUrl(state.posterUrl),
          durationMs: state.durationMs === null ? null : Math.round(state.durationMs),
          attempts: 1,
        },
      });
      await tx.videoUpload.update({ where: { id: upload.id }, data: { videoId: video.id } });
    });
    return true;
  }
  if (Date.now() - upload.createdAt.getTime() > deps.processingTimeoutMs) return failed("timeout", `Still ${state.status}`);
  await prisma.videoUpload.updateMany({
    where: { id: upload.id, status: "processing" },
    data: { polls: upload.polls + 1, nextCheckAt: new Date(Date.now() + delayAt(deps.pollDelaysMs, upload.polls + 1)) },
  });
  return false;
}
