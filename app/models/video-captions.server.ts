/**
 * Captions (decision 084): a video's captions per language, where they came
 * from (the platform, the merchant's upload, the merchant's edit), and our
 * copy of each in the shop's Shopify Files, which the storefront's player
 * loads. This module is the domain; the video mirror runner
 * (app/jobs/video-mirror.server.ts) takes the copy steps.
 *
 * A caption moves pending -> processing -> ready | failed:
 * - pending: the next step reads the platform's file when we have none yet
 *   (its link expires within hours: the import wakes the runner at once),
 *   re-writes it as our normalised WebVTT, stages it in Shopify, and asks
 *   Shopify to keep it (fileCreate);
 * - processing: Shopify stores it; each step reads the file's state until
 *   READY (its CDN URL is published) or FAILED.
 * An upload or an edit bumps the revision and makes the caption pending
 * again; the storefront keeps the previous copy until the new one is ready,
 * then the previous file is deleted. Only captions with a ready copy are
 * published. Deleting a caption, its video or the video's account queues its
 * files for deletion (FileDeletion); an uninstalled shop's files stay with
 * the shop, as every other file does.
 */
import { prisma, type VideoCaption } from "~/db.server";
import { CAPTIONS } from "~/constants";
import { CAPTION_TEXT } from "~/messages";
import type { ImportedCaption } from "~/contracts/platforms";
import type { CaptionDto, CaptionSource } from "~/rules/api-types";
import { captionFormatOf, checkCues, parseCaptions, serializeVtt, type Cue } from "~/rules/captions";
import { isCaptionLanguage } from "~/rules/caption-languages";
import { DomainValidationError, RecordNotFoundError, isUniqueViolation } from "~/rules/domain-errors";
import { safeHttpUrl } from "~/rules/embeds";
import { fetchCaptionFile } from "~/platforms/caption-files.server";
import {
  createGenericFiles,
  createStagedFileUploads,
  fetchGenericFileStates,
  uploadToStagedTarget,
  type AdminCostBudget,
  type AdminGraphql,
} from "~/shopify/admin-gateway.server";
import { signalWork } from "./background-work.server";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";

export type CaptionStatus = "pending" | "processing" | "ready" | "failed";
export type CaptionFailure = NonNullable<CaptionDto["failure"]>;

/**
 * Shopify calls one revision may take (each fileCreate and each status read
 * counts) before the caption fails: Shopify stores a small file in seconds,
 * and a copy lost while processing is asked for again.
 */
const CAPTION_ATTEMPTS_MAX = 25;
/** Waits between status reads: the n-th call waits the n-th entry (the last repeats); about 4 minutes in all. */
const POLL_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15_000];

const later = (ms: number) => new Date(Date.now() + ms);

// ---------------------------------------------------------------- reading

const CAPTION_ORDER = [{ spoken: "desc" as const }, { lang: "asc" as const }];

function cuesOf(vtt: string | null): Cue[] | null {
  if (vtt === null) return null;
  const reading = parseCaptions(vtt, "vtt");
  return reading.ok ? reading.cues : [];
}

function toCaptionDto(caption: VideoCaption): CaptionDto {
  const status: CaptionDto["status"] = caption.status === "failed" ? "failed" : caption.status === "ready" ? "ready" : "pending";
  return {
    lang: caption.lang,
    source: caption.source as CaptionSource,
    spoken: caption.spoken,
    status,
    failure: status === "failed" ? ((caption.failure as CaptionFailure | null) ?? "shopify") : null,
    cues: cuesOf(caption.vtt),
    url: safeHttpUrl(caption.fileUrl),
  };
}

async function requireVideo(shopId: string, videoId: string): Promise<{ id: string; durationMs: number | null }> {
  const video = await prisma.video.findFirst({ where: { id: videoId, shopId }, select: { id: true, mirror: { select: { durationMs: true } } } });
  if (!video) throw new RecordNotFoundError("Video");
  return { id: video.id, durationMs: video.mirror?.durationMs ?? null };
}

/** The video's captions, its own language first. */
export async function listCaptions(shopId: string, videoId: string): Promise<CaptionDto[]> {
  await requireVideo(shopId, videoId);
  const rows = await prisma.videoCaption.findMany({ where: { shopId, videoId }, orderBy: CAPTION_ORDER });
  return rows.map(toCaptionDto);
}

// ---------------------------------------------------------------- the platform's captions

/**
 * Keeps the caption links an import found (one entry per saved video) and
 * wakes the runner to read them before they expire. A language the video
 * already has is left alone, unless it came from the platform and its copy
 * failed (a fresh link gets another try): an upload or an edit is never
 * replaced by the platform's. Never throws (an import never fails for its captions).
 */
export async function saveImportedCaptions(shopId: string, found: ReadonlyArray<{ videoId: string; captions: readonly ImportedCaption[] }>): Promise<void> {
  let added = 0;
  try {
    for (const { videoId, captions } of found) {
      if (!captions.length) continue;
      const existing = await prisma.videoCaption.findMany({ where: { shopId, videoId }, select: { lang: true, source: true, status: true } });
      const known = new Map(existing.map((row) => [row.lang, row]));
      const hasSpoken = existing.length > 0;
      for (const caption of captions.slice(0, CAPTIONS.maxLanguages)) {
        const url = safeHttpUrl(caption.url);
        if (!url || !isCaptionLanguage(caption.lang)) continue;
        const row = known.get(caption.lang);
        if (!row) {
          if (known.size >= CAPTIONS.maxLanguages) continue;
          try {
            await prisma.videoCaption.create({
              data: { shopId, videoId, lang: caption.lang, source: "platform", spoken: caption.spoken && !hasSpoken, sourceUrl: url, status: "pending" },
            });
            known.set(caption.lang, { lang: caption.lang, source: "platform", status: "pending" });
            added += 1;
          } catch (error) {
            // Another import of the same video saved it a moment ago.
            if (!isUniqueViolation(error)) throw error;
          }
        } else if (row.source === "platform" && (row.status === "failed" || row.status === "pending")) {
          await prisma.videoCaption.updateMany({
            where: { shopId, videoId, lang: caption.lang, source: "platform", status: { in: ["failed", "pending"] }, vtt: null },
            data: { sourceUrl: url, status: "pending", failure: null, attempts: 0, nextCheckAt: new Date() },
          });
          added += 1;
        }
      }
    }
  } catch (error) {
    console.error(`Saving the caption links of an import of shop ${shopId} failed`, error);
  }
  if (added) signalWork("videoMirror");
}

// ---------------------------------------------------------------- the merchant's captions

function refuseFile(line: number, fault: keyof typeof CAPTION_TEXT.errors): never {
  throw new DomainValidationError(CAPTION_TEXT.fileError(line, CAPTION_TEXT.errors[fault]));
}

/** Writes new cues for one language as the merchant's: a new revision, copied to Shopify by the runner; the storefront keeps the previous copy until then. */
async function writeCaption(shopId: string, videoId: string, lang: string, vtt: string, source: Exclude<CaptionSource, "platform">): Promise<CaptionDto> {
  const data = { source, vtt, sourceUrl: null, status: "pending", failure: null, attempts: 0, nextCheckAt: new Date() };
  const updated = await prisma.videoCaption.updateMany({ where: { shopId, videoId, lang }, data: { ...data, revision: { increment: 1 } } });
  if (!updated.count) {
    const count = await prisma.videoCaption.count({ where: { shopId, videoId } });
    if (count >= CAPTIONS.maxLanguages) throw new DomainValidationError(CAPTION_TEXT.tooManyLanguages);
    try {
      // The first captions of a video are taken to be in its own language.
      await prisma.videoCaption.create({ data: { shopId, videoId, lang, spoken: count === 0, ...data } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Saved by a request a moment ago: this one is the later write.
      await prisma.videoCaption.updateMany({ where: { shopId, videoId, lang }, data: { ...data, revision: { increment: 1 } } });
    }
  }
  signalWork("videoMirror");
  return toCaptionDto(await prisma.videoCaption.findUniqueOrThrow({ where: { videoId_lang: { videoId, lang } } }));
}

/**
 * The merchant's caption file (.vtt or .srt) for one language, replacing what
 * that language had. A file that cannot be read is refused with the line of
 * the first fault, and nothing changes.
 */
export async function uploadCaptions(shopId: string, videoId: string, input: { lang: string; filename?: string | null; text: string }): Promise<CaptionDto> {
  await requireVideo(shopId, videoId);
  if (!isCaptionLanguage(input.lang)) throw new DomainValidationError(CAPTION_TEXT.languageUnknown);
  const reading = parseCaptions(input.text, captionFormatOf(input.text, input.filename));
  if (!reading.ok) refuseFile(reading.line, reading.fault);
  return writeCaption(shopId, videoId, input.lang, serializeVtt(reading.cues), "uploaded");
}

/** The merchant's edit of one language's cues (text and times), checked against the video's length. */
export async function editCaptions(shopId: string, videoId: string, lang: string, cues: readonly Cue[]): Promise<CaptionDto> {
  const video = await requireVideo(shopId, videoId);
  const existing = await prisma.videoCaption.findFirst({ where: { shopId, videoId, lang }, select: { id: true } });
  if (!existing) throw new RecordNotFoundError("Captions");
  if (cues.length > CAPTIONS.maxCues) refuseFile(1, "tooManyCues");
  const checked = checkCues(cues, video.durationMs);
  if (!checked.ok) throw new DomainValidationError(CAPTION_TEXT.cueError(checked.index, CAPTION_TEXT.cueErrors[checked.fault]));
  return writeCaption(shopId, videoId, lang, serializeVtt(checked.cues), "edited");
}

/** Removes one language: shoppers no longer get it (the storefront is republished) and its files are deleted from Shopify. */
export async function removeCaptions(shopId: string, videoId: string, lang: string): Promise<void> {
  await requireVideo(shopId, videoId);
  const removed = await prisma.$transaction(async (tx) => {
    const caption = await tx.videoCaption.findFirst({ where: { shopId, videoId, lang } });
    if (!caption) return null;
    await tx.videoCaption.deleteMany({ where: { id: caption.id } });
    for (const fileId of [caption.fileId, caption.copyFileId]) {
      if (fileId) await tx.fileDeletion.upsert({ where: { shopId_fileId: { shopId, fileId } }, create: { shopId, fileId }, update: {} });
    }
    // The video's own language went: the next one stands for it.
    if (caption.spoken) {
      const next = await tx.videoCaption.findFirst({ where: { shopId, videoId }, orderBy: { createdAt: "asc" }, select: { id: true } });
      if (next) await tx.videoCaption.update({ where: { id: next.id }, data: { spoken: true } });
    }
    return caption;
  });
  if (!removed) throw new RecordNotFoundError("Captions");
  if (removed.fileUrl) scheduleStorefrontPublish(shopId);
  signalWork("videoMirror");
}

// ---------------------------------------------------------------- one copy step

export interface CaptionStepDependencies {
  graphql: AdminGraphql;
  budget?: AdminCostBudget;
  signal?: AbortSignal;
}

/** What a step changed: `published` when the storefront must be republished (a new copy is ready). */
export interface CaptionStepOutcome {
  status: CaptionStatus;
  published: boolean;
}

async function queueDeletion(shopId: string, fileId: string | null): Promise<void> {
  if (fileId) await prisma.fileDeletion.upsert({ where: { shopId_fileId: { shopId, fileId } }, create: { shopId, fileId }, update: {} });
}

/** Fails the caption (of this revision only: an edit meanwhile starts over). */
async function failCaption(caption: VideoCaption, failure: CaptionFailure): Promise<CaptionStepOutcome> {
  await prisma.videoCaption.updateMany({
    where: { id: caption.id, revision: caption.revision },
    data: { status: "failed", failure, sourceUrl: null, copyFileId: null, copyRevision: null },
  });
  await queueDeletion(caption.shopId, caption.copyFileId);
  return { status: "failed", published: false };
}

/** The file's name in the merchant's Files: which video and language it captions. */
const captionFilename = (caption: Pick<VideoCaption, "videoId" | "lang" | "revision">) =>
  `clipcart-captions-${caption.videoId}-${caption.lang}-r${caption.revision}.vtt`;

/** One step of a leased caption (see the module's comment). */
export async function takeCaptionStep(caption: VideoCaption, deps: CaptionStepDependencies): Promise<CaptionStepOutcome> {
  if (caption.status === "processing") return followCopy(caption, deps);
  let vtt = caption.vtt;
  if (vtt === null) {
    if (!caption.sourceUrl) return failCaption(caption, "expired");
    const file = await fetchCaptionFile(caption.sourceUrl, deps.signal);
    if (!file.ok) return failCaption(caption, file.failure === "too_large" ? "too_large" : "expired");
    const reading = parseCaptions(file.text, captionFormatOf(file.text, null));
    if (!reading.ok) {
      console.warn(`The platform's ${caption.lang} captions of video ${caption.videoId} cannot be read (line ${reading.line}: ${reading.fault})`);
      return failCaption(caption, "unreadable");
    }
    // Ours from now on: the link (and the platform's bytes) are not kept.
    vtt = serializeVtt(reading.cues);
    const kept = await prisma.videoCaption.updateMany({ where: { id: caption.id, revision: caption.revision, vtt: null }, data: { vtt, sourceUrl: null } });
    if (!kept.count) return { status: "pending", published: false };
  }
  if (caption.attempts >= CAPTION_ATTEMPTS_MAX) return failCaption(caption, "shopify");
  // A copy of an earlier revision that was still being made is not needed any more.
  await queueDeletion(caption.shopId, caption.copyFileId);
  const filename = captionFilename(caption);
  const mimeType = "text/vtt";
  const [target] = await createStagedFileUploads(deps.graphql, [{ filename, mimeType, fileSize: new TextEncoder().encode(vtt).length }], deps.budget);
  await uploadToStagedTarget(target!, { text: vtt, filename, mimeType });
  const [created] = await createGenericFiles(deps.graphql, [{ url: target!.resourceUrl, filename, alt: CAPTION_TEXT.fileAlt(caption.lang) }], deps.budget);
  const started = await prisma.videoCaption.updateMany({
    where: { id: caption.id, revision: caption.revision },
    data: { status: "processing", copyFileId: created!.id, copyRevision: caption.revision, attempts: { increment: 1 }, nextCheckAt: later(POLL_DELAYS_MS[0]!) },
  });
  // Edited meanwhile: this copy is already out of date.
  if (!started.count) await queueDeletion(caption.shopId, created!.id);
  return { status: "processing", published: false };
}

async function followCopy(caption: VideoCaption, deps: CaptionStepDependencies): Promise<CaptionStepOutcome> {
  const fileId = caption.copyFileId;
  if (!fileId) {
    await prisma.videoCaption.updateMany({ where: { id: caption.id, status: "processing" }, data: { status: "pending", nextCheckAt: new Date() } });
    return { status: "pending", published: false };
  }
  const [state] = await fetchGenericFileStates(deps.graphql, [fileId], deps.budget);
  const url = state?.status === "READY" ? safeHttpUrl(state.url) : null;
  if (url) {
    const ready = await prisma.videoCaption.updateMany({
      where: { id: caption.id, status: "processing", copyFileId: fileId, revision: caption.copyRevision ?? -1 },
      data: { status: "ready", fileId, fileUrl: url, copyFileId: null, copyRevision: null, failure: null, attempts: 0 },
    });
    if (!ready.count) return { status: "pending", published: false };
    // The copy the storefront showed until now.
    if (caption.fileId && caption.fileId !== fileId) await queueDeletion(caption.shopId, caption.fileId);
    scheduleStorefrontPublish(caption.shopId);
    return { status: "ready", published: true };
  }
  if (!state) {
    // Deleted in the admin while Shopify stored it: another copy is asked for.
    await prisma.videoCaption.updateMany({
      where: { id: caption.id, copyFileId: fileId },
      data: { status: "pending", copyFileId: null, nextCheckAt: new Date() },
    });
    return { status: "pending", published: false };
  }
  if (state.status === "FAILED") {
    console.warn(`Shopify could not store the ${caption.lang} captions of video ${caption.videoId}: ${state.error ?? "no reason given"}`);
    return failCaption(caption, "shopify");
  }
  if (caption.attempts >= CAPTION_ATTEMPTS_MAX) return failCaption(caption, "shopify");
  const delay = POLL_DELAYS_MS[Math.min(caption.attempts, POLL_DELAYS_MS.length - 1)]!;
  await prisma.videoCaption.updateMany({ where: { id: caption.id, copyFileId: fileId }, data: { attempts: { increment: 1 }, nextCheckAt: later(delay) } });
  return { status: "processing", published: false };
}
