/**
 * The tutorial film's captions (public/tutorial/, written by
 * scripts/record-tutorial.mjs): a WebVTT text track the Dashboard's player
 * shows (decision 069), within the film's 1:18, and as current as the product:
 * the widget step names every layout the Widgets page offers.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TUTORIAL_VIDEO, TUTORIAL_VIDEO_LENGTH } from "~/constants";
import { LAYOUT_NAMES } from "~/messages";

const vtt = readFileSync(path.join(process.cwd(), "public", TUTORIAL_VIDEO.captions), "utf8");
const seconds = (stamp: string) => stamp.split(":").reduce((total, part) => total * 60 + Number(part), 0);
const cues = [...vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm)].map(([, start, end, text]) => ({
  start: seconds(start!),
  end: seconds(end!),
  text: text!,
}));

describe("the tutorial's captions", () => {
  it("are a WebVTT track of cues in order, within the film's length", () => {
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    expect(cues.length).toBeGreaterThan(5);
    const length = seconds(`00:0${TUTORIAL_VIDEO_LENGTH}`);
    for (const [index, cue] of cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual(length);
      if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.end);
    }
  });

  it("name every widget layout, Stories included", () => {
    const widgetStep = cues.find((cue) => /create a widget/i.test(cue.text));
    expect(widgetStep).toBeDefined();
    for (const layout of Object.values(LAYOUT_NAMES)) expect(widgetStep!.text).toContain(layout);
  });
});
