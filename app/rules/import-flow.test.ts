import { describe, expect, it } from "vitest";
import { CHANNEL_IMPORT_LIMIT, IMPORT_LINKS_MAX, IMPORT_REVIEW_MAX_VIDEOS } from "~/constants";
import { importJob as job } from "../../tests/support/dto-fixtures";
import {
  canFind,
  importErrorContext,
  jobFailureMessage,
  jobOutcome,
  jobProgressPercent,
  jobProgressText,
  jobSuccessMessage,
  normalizeImportValue,
  offersImportReview,
} from "./import-flow";

describe("the Import form (spec 5)", () => {
  it('strips "@" from a username, not from a URL', () => {
    expect(normalizeImportValue("  @creator ", "username")).toBe("creator");
    expect(normalizeImportValue("@@creator", "username")).toBe("creator");
    expect(normalizeImportValue(" https://www.tiktok.com/@creator/video/1 ", "url")).toBe("https://www.tiktok.com/@creator/video/1");
  });

  it("Find needs a value and the permission checkbox", () => {
    expect(canFind("creator", "username", false)).toBe(false);
    expect(canFind("", "username", true)).toBe(false);
    expect(canFind("  ", "url", true)).toBe(false);
    expect(canFind("@", "username", true)).toBe(false);
    expect(canFind("creator", "username", true)).toBe(true);
  });
});

describe("job results (spec 8)", () => {
  it("channel, single video, pin and resync successes", () => {
    expect(jobSuccessMessage(job({ kind: "channel", input: "creator", videos_added: 12 }))).toBe("Successfully added 12 videos from @creator!");
    expect(jobSuccessMessage(job({ kind: "single", platform: "tiktok", videos_added: 1 }))).toBe("Video added successfully!");
    expect(jobSuccessMessage(job({ kind: "single", platform: "pinterest", videos_added: 1 }))).toBe("Pin added successfully!");
    expect(jobSuccessMessage(job({ kind: "sync", input: "creator", videos_added: 3 }))).toBe("Synced @creator: 3 new videos added");
  });

  it("an account import says after spec 8's text how many photo posts it skipped (decision 081)", () => {
    expect(jobSuccessMessage(job({ kind: "channel", input: "creator", videos_added: 10, photo_posts_skipped: 2 }))).toBe(
      "Successfully added 10 videos from @creator! 2 photo posts skipped: Clipcart imports videos only.",
    );
    expect(jobSuccessMessage(job({ kind: "sync", input: "creator", videos_added: 0, photo_posts_skipped: 1 }))).toBe(
      "Synced @creator: 0 new videos added. 1 photo post skipped: Clipcart imports videos only.",
    );
    expect(jobSuccessMessage(job({ kind: "channel", input: "creator", videos_added: 3, photo_posts_skipped: 0 }))).toBe(
      "Successfully added 3 videos from @creator!",
    );
  });

  it("an import that added nothing says so instead of claiming success (issue 15, item 8)", () => {
    const single = job({ kind: "single", platform: "tiktok", status: "succeeded", videos_added: 0 });
    expect(jobOutcome(single)).toEqual({ tone: "info", message: "This video is already in your library." });
    expect(jobSuccessMessage(job({ kind: "single", platform: "pinterest", videos_added: 0 }))).toBe("This pin is already in your library.");
    const account = job({ kind: "channel", input: "creator", status: "succeeded", videos_added: 0 });
    expect(jobOutcome(account)).toEqual({ tone: "info", message: "No new videos found for @creator: its latest videos are already in your library." });
    expect(jobOutcome(job({ kind: "sync", input: "creator", status: "succeeded", videos_added: 0 })).tone).toBe("success");
  });

  it("failures go through the mapper with the channel, video or sync context", () => {
    expect(importErrorContext("channel")).toBe("channel");
    expect(importErrorContext("single")).toBe("video");
    expect(importErrorContext("sync")).toBe("sync");
    expect(jobFailureMessage(job({ kind: "channel", status: "failed", error: "Account is private" }))).toBe("Unable to add channel: Account is private");
    expect(jobFailureMessage(job({ kind: "single", status: "failed", error: null }))).toBe(
      "Unable to add video: Please check that the URL is valid and the video is publicly accessible.",
    );
    expect(jobFailureMessage(job({ kind: "sync", status: "failed", error: "Actor run timeout" }))).toBe(
      "Request timeout: The request took too long to complete. Please try again.",
    );
  });

  it("a run that hit its time limit is a timeout whatever its message", () => {
    expect(jobFailureMessage(job({ kind: "channel", status: "failed", error: "Run aborted", error_kind: "timeout" }))).toBe(
      "Request timeout: The request took too long to complete. Please try again.",
    );
  });

  it("a failure part-way says what was kept", () => {
    expect(jobFailureMessage(job({ kind: "channel", status: "failed", error: "Run failed", videos_added: 8 }))).toBe(
      "Unable to add channel: Run failed. 8 videos imported before the failure were kept.",
    );
  });

  it("says what the auto-approve rules did with the videos it added (decision 054)", () => {
    const synced = job({ kind: "sync", input: "creator", status: "succeeded", videos_added: 7, rules: { approved: 5, held: 1, over_limit: 1 } });
    expect(jobOutcome(synced)).toEqual({
      tone: "success",
      message:
        "Synced @creator: 7 new videos added. 5 approved by your rules, 1 held for blocked words. Your rules stopped at the Free plan's 5 approved videos: 1 more video matches and stays in Draft. Upgrade to Premium for unlimited videos.",
    });
    const added = job({ kind: "channel", input: "creator", status: "succeeded", videos_added: 12, rules: { approved: 3, held: 0, over_limit: 0 } });
    expect(jobOutcome(added).message).toBe("Successfully added 12 videos from @creator! 3 approved by your rules.");
    // Rules that did nothing add nothing.
    expect(
      jobOutcome(job({ kind: "channel", input: "creator", status: "succeeded", videos_added: 2, rules: { approved: 0, held: 0, over_limit: 0 } })).message,
    ).toBe("Successfully added 2 videos from @creator!");
  });

  it("outcome tone follows the status", () => {
    expect(jobOutcome(job({ status: "succeeded", videos_added: 1 })).tone).toBe("success");
    expect(jobOutcome(job({ status: "failed", error: "x" })).tone).toBe("critical");
  });
});

describe("job progress", () => {
  it("shows fetched and saved, and a percentage when the total is known", () => {
    expect(jobProgressText(job({ progress: { fetched: 12, saved: 10, total: 30 } }))).toBe("Fetched 12 of 30 · saved 10");
    expect(jobProgressText(job({ progress: { fetched: 4, saved: 2, total: null } }))).toBe("Fetched 4 · saved 2");
    expect(jobProgressText(job({ status: "queued" }))).toBe("Waiting to start...");
    expect(jobProgressPercent(job({ progress: { fetched: 12, saved: 15, total: 30 } }))).toBe(50);
    expect(jobProgressPercent(job({ progress: { fetched: 12, saved: 10, total: null } }))).toBeNull();
  });
});

describe("a links job (issue 16, decision 056)", () => {
  const link = (status: "added" | "already" | "failed" | "pending", n: number) => ({
    url: `https://www.pinterest.com/pin/${n}/`,
    platform: "pinterest" as const,
    status,
    reason: status === "failed" ? "Pinterest found no pin at this URL" : null,
  });
  const links = (spec: Array<"added" | "already" | "failed" | "pending">) => spec.map((status, i) => link(status, i + 1));

  it("counts links while it runs", () => {
    const running = job({ kind: "links", progress: { fetched: 3, saved: 3, total: 10 }, input: "a\nb" });
    expect(jobProgressText(running)).toBe("3 of 10 links");
    expect(jobProgressPercent(running)).toBe(30);
    expect(jobProgressText(job({ kind: "links", status: "queued", progress: { fetched: 0, saved: 0, total: 10 } }))).toBe("Waiting to start...");
  });

  it("ends with what became of its links, in a tone that says whether any failed", () => {
    const done = (spec: Array<"added" | "already" | "failed" | "pending">) =>
      jobOutcome(job({ kind: "links", status: "succeeded", links: links(spec), videos_added: spec.filter((s) => s === "added").length }));
    expect(done(["added", "added", "added"])).toEqual({ tone: "success", message: "3 videos added." });
    expect(done(["added", "already", "failed"])).toEqual({
      tone: "warning",
      message: "1 video added, 1 link was already in your library, 1 link failed.",
    });
    expect(done(["already", "already"])).toEqual({ tone: "info", message: "2 links were already in your library." });
    expect(done(["failed", "failed"])).toEqual({ tone: "critical", message: "2 links failed." });
    expect(done([...Array(9).fill("added"), "failed"])).toEqual({ tone: "warning", message: "9 videos added, 1 link failed." });
  });

  it("a cancelled or interrupted links job says so like any import", () => {
    expect(jobOutcome(job({ kind: "links", status: "cancelled", videos_added: 2, links: links(["added", "added", "pending"]) }))).toEqual({
      tone: "info",
      message: "Import cancelled. The 2 videos added before it stopped were kept.",
    });
    expect(jobOutcome(job({ kind: "links", status: "failed", error: "The import was interrupted because the app restarted. Please try again." })).message).toBe(
      "Unable to add video: The import was interrupted because the app restarted. Please try again.",
    );
  });
});

describe('"Tag suggested products" for a whole import (decision 078)', () => {
  it("is offered once an import has ended having added videos, whatever its end", () => {
    expect(offersImportReview(job({ status: "succeeded", videos_added: 12 }))).toBe(true);
    expect(offersImportReview(job({ status: "failed", videos_added: 3 }))).toBe(true);
    expect(offersImportReview(job({ status: "cancelled", videos_added: 1 }))).toBe(true);
    expect(offersImportReview(job({ status: "succeeded", videos_added: 0 }))).toBe(false);
    expect(offersImportReview(job({ status: "running", videos_added: 5 }))).toBe(false);
  });

  it("reviews as many videos as one import can add", () => {
    expect(IMPORT_REVIEW_MAX_VIDEOS).toBeGreaterThanOrEqual(CHANNEL_IMPORT_LIMIT);
    expect(IMPORT_REVIEW_MAX_VIDEOS).toBeGreaterThanOrEqual(IMPORT_LINKS_MAX);
  });
});
