/**
 * The merchant's answers to the media check's findings (decision 036), with
 * what each one sets going: unpublishing goes through moderation (the
 * storefront republishes), retrying wakes the mirror runner.
 */
import { signalWork } from "./background-work.server";
import type { MediaIssueDto } from "~/rules/api-types";
import type { MediaIssueAction } from "~/rules/media-issues";
import { listMediaIssues, resolveMediaIssue } from "./media-health.server";
import { setVideoEnabled } from "./videos.server";

export async function resolveVideoMediaIssue(shopId: string, videoId: string, action: MediaIssueAction): Promise<MediaIssueDto[]> {
  const outcome = await resolveMediaIssue(shopId, videoId, action);
  if (outcome.unpublish) await setVideoEnabled(shopId, videoId, { enabled: false });
  if (outcome.retried) signalWork("videoMirror");
  return listMediaIssues(shopId);
}
