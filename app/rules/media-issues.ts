/**
 * What the merchant may do about a video the media check flagged (decision
 * 036). Client-safe: the banner offers exactly these actions and the server
 * refuses any other, so the two cannot disagree.
 */
import type { MediaIssueDto } from "~/rules/api-types";

export const MEDIA_ISSUE_ACTIONS = ["keep", "unpublish", "retry"] as const;
export type MediaIssueAction = (typeof MEDIA_ISSUE_ACTIONS)[number];

/** One video's open issues, as much of them as the choice depends on. */
type IssueFacts = Pick<MediaIssueDto, "kind" | "platform" | "copy_ready">;

/**
 * The actions offered for one video's issues, in the banner's order:
 * - keep showing our copy: only when the post is gone and our copy plays;
 * - retry: a lost poster can be dropped, a failed copy made again, except an
 *   upload's (its copy was its only file);
 * - unpublish: always.
 */
export function mediaIssueActions(issues: readonly IssueFacts[]): MediaIssueAction[] {
  const actions: MediaIssueAction[] = [];
  if (issues.some((issue) => issue.kind === "source_removed" && issue.copy_ready)) actions.push("keep");
  if (issues.some((issue) => issue.kind === "thumbnail_gone" || (issue.kind === "copy_failed" && issue.platform !== "upload"))) actions.push("retry");
  actions.push("unpublish");
  return actions;
}
