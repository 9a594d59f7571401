/**
 * The merchant's own videos (issue 13, decision 035). The browser uploads
 * each file straight to Shopify's bucket (a staged upload target), then the
 * app asks Shopify to make a Files video of it; the mirror runner follows the
 * processing like any copy. A READY upload becomes a library video (source
 * "upload", Draft, titled after its file) with its copy already made; one
 * Shopify fails never reaches the library, and its file is deleted. Nothing
 * is half-made: there is no library row until the video can play.
 *
 * Shopify's fileCreate fetches any URL it is given, so the file the app asks
 * for must be one this shop uploaded (decision 058): every target handed out
 * is recorded with the file it was declared for, and POST /api/uploads takes
 * only those, once each, before they lapse.
 */
import { signalWork } from "./background-work.server";
import { createHash, randomUUID } from "node:crypto";
import { prisma, type StagedUpload, type VideoUpload } from "~/db.server";
import { STAGED_UPLOAD_VALID_HOURS, UPLOAD_FILENAME_MAX_LENGTH, VIDEO_UPLOAD } from "~/constants";
import { UPLOAD_TEXT } from "~/messages";
import { cleanText } from "~/platforms/normalize";
import type { MirrorFailure, UploadStatusDto } from "~/rules/api-types";
import { DomainValidationError } from "~/rules/domain-errors";
import { safeHttpUrl } from "~/rules/embeds";
import { cutText } from "~/rules/text-input";
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
import { DAY_MS, HOUR_MS } from "~/rules/time";

/** How a staged target is looked up: its URL's hash (the URL itself may be too long for an index). */
const resourceKeyOf = (resourceUrl: string) => createHash("sha256").update(resourceUrl).digest("hex");

/** The file a staged target was asked for, as uploadProblem reads it. */
const declaredFile = (staged: Pick<StagedUpload, "filename" | "mimeType" | "fileSize">): UploadFile => ({
  filename: staged.filename,
  mimeType: staged.mimeType,
  fileSize: staged.fileSize,
});

/**
 * Upload targets for the files, after checking each (type, size) and their
 * number; one refused file refuses the request, with every problem said.
 * Each target is recorded for the shop with the file it was declared for,
 * so that createUploads can take it, and only it.
 */
export async function stageUploads(shopId: string, graphql: AdminGraphql, files: readonly UploadFile[]): Promise<StagedUploadTarget[]> {
  if (!files.length || files.length > VIDEO_UPLOAD.filesAtOnce) throw new DomainValidationError(UPLOAD_TEXT.tooMany);
  const problems = files.map(uploadProblem).filter((problem): problem is string => problem !== null);
  if (problems.length) throw new DomainValidationError(problems.join(" "));
  const declared = files.map((file) => ({
    filename: cutText(file.filename, UPLOAD_FILENAME_MAX_LENGTH),
    mimeType: uploadMimeType(file)!,
    fileSize: file.fileSize,
  }));
  const targets = await createStagedVideoUploads(graphql, declared);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + STAGED_UPLOAD_VALID_HOURS * HOUR_MS);
  await prisma.$transaction([
    prisma.stagedUpload.deleteMany({ where: { shopId, expiresAt: { lte: now } } }),
    prisma.stagedUpload.createMany({
      data: targets.map((target, index) => ({
        shopId,
        resourceKey: resourceKeyOf(target.resourceUrl),
        resourceUrl: target.resourceUrl,
        ...declared[index]!,
        expiresAt,
      })),
    }),
  ]);
  return targets;
}

/**
 * Takes the shop's staged targets these resourceUrls name, all or none: each
 * must have been handed to this shop, be unused and not have lapsed, and its
 * declared file must still pass the upload's checks. Answers them in the
 * order given, marked used (two requests racing for one target: the second
 * finds it used).
 */
async function claimStagedUploads(shopId: string, resourceUrls: readonly string[], now: Date): Promise<StagedUpload[]> {
  const keys = resourceUrls.map(resourceKeyOf);
  if (new Set(keys).size !== keys.length) throw new DomainValidationError(UPLOAD_TEXT.notStaged);
  return prisma.$transaction(async (tx) => {
    const rows = await tx.stagedUpload.findMany({ where: { shopId, resourceKey: { in: keys }, usedAt: null, expiresAt: { gt: now } } });
    const byKey = new Map(rows.map((row) => [row.resourceKey, row]));
    const claimed = keys.map((key, index) => {
      const row = byKey.get(key);
      if (!row || row.resourceUrl !== resourceUrls[index]) throw new DomainValidationError(UPLOAD_TEXT.notStaged);
      return row;
    });
    const problems = claimed.map((row) => uploadProblem(declaredFile(row))).filter((problem): problem is string => problem !== null);
    if (problems.length) throw new DomainValidationError(problems.join(" "));
    // Conditional on still being unused: a concurrent claim that got there first leaves this one short, and it rolls back.
    const { count } = await tx.stagedUpload.updateMany({ where: { id: { in: claimed.map((row) => row.id) }, usedAt: null }, data: { usedAt: now } });
    if (count !== claimed.length) throw new DomainValidationError(UPLOAD_TEXT.notStaged);
    return claimed;
  });
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
 * for all) and records the uploads; the mirror runner follows them. Only a
 * staged target this shop was handed, unused and in time, is passed on
 * (claimStagedUploads), with the name it was declared under; anything else
 * is refused before Shopify is asked. A target whose fileCreate failed can
 * be used again.
 */
export async function createUploads(
  shopId: string,
  graphql: AdminGraphql,
  uploads: ReadonlyArray<{ resourceUrl: string; filename: string }>,
): Promise<UploadStatusDto[]> {
  if (!uploads.length || uploads.length > VIDEO_UPLOAD.filesAtOnce) throw new DomainValidationError(UPLOAD_TEXT.tooMany);
  const now = new Date();
  const staged = await claimStagedUploads(
    shopId,
    uploads.map((upload) => upload.resourceUrl),
    now,
  );
  const inputs = staged.map((target) => {
    const title = titleFromFilename(target.filename);
    return { url: target.resourceUrl, alt: title, filename: target.filename, title };
  });
  let files: Awaited<ReturnType<typeof createVideoFiles>>;
  try {
    files = await createVideoFiles(graphql, inputs);
  } catch (error) {
    await prisma.stagedUpload.updateMany({ where: { id: { in: staged.map((target) => target.id) }, usedAt: now }, data: { usedAt: null } });
    throw error;
  }
  const rows: VideoUpload[] = [];
  for (const [index, file] of files.entries()) {
    const input = inputs[index]!;
    rows.push(
      await prisma.videoUpload.create({
        data: { shopId, fileId: file.id, filename: cleanText(input.filename, UPLOAD_FILENAME_MAX_LENGTH) ?? "video", title: input.title, status: "processing" },
      }),
    );
  }
  // The video mirror follows them until Shopify has processed them.
  signalWork("videoMirror");
  return rows.map(toStatus);
}

/** How long a settled upload's status stays readable: the panel that follows it is long closed by then. */
const SETTLED_UPLOADS_KEPT_MS = 7 * DAY_MS;

/** Forgets uploads settled a week ago (their library videos, if any, stay) and staged targets that lapsed. Answers how many uploads went. */
export async function forgetSettledUploads(): Promise<number> {
  const now = Date.now();
  await prisma.stagedUpload.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  const { count } = await prisma.videoUpload.deleteMany({
    where: { status: { in: ["ready", "failed"] }, updatedAt: { lt: new Date(now - SETTLED_UPLOADS_KEPT_MS) } },
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
          // What the merchant knows the video by; our own id is no name to them (decision 069).
          uploadFilename: upload.filename,
          title: upload.title,
          storedThumbnailUrl: safeHttpUrl(state.posterUrl),
          searchText: videoSearchText({ title: upload.title, platformVideoId, uploadFilename: upload.filename }),
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
