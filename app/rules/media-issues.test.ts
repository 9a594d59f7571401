import { describe, expect, it } from "vitest";
import { mediaIssueActions } from "./media-issues";

describe("mediaIssueActions: what the banner offers and the server takes", () => {
  it("a removed post: keep our copy while it plays, else only unpublish", () => {
    expect(mediaIssueActions([{ kind: "source_removed", platform: "tiktok", copy_ready: true }])).toEqual(["keep", "unpublish"]);
    expect(mediaIssueActions([{ kind: "source_removed", platform: "tiktok", copy_ready: false }])).toEqual(["unpublish"]);
  });

  it("a failed copy can be made again, except an upload's (its copy was its only file); a lost poster can always be retried", () => {
    expect(mediaIssueActions([{ kind: "copy_failed", platform: "instagram", copy_ready: false }])).toEqual(["retry", "unpublish"]);
    expect(mediaIssueActions([{ kind: "copy_failed", platform: "upload", copy_ready: false }])).toEqual(["unpublish"]);
    expect(mediaIssueActions([{ kind: "thumbnail_gone", platform: "upload", copy_ready: true }])).toEqual(["retry", "unpublish"]);
  });
});
