// @vitest-environment happy-dom
/**
 * The captions of the library's preview (decision 084): each language with
 * its source and state; the editor checks each cue as it is typed, plays the
 * edit in the preview's player as a track, and saves only what passes.
 */
import { act, createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CaptionDto, VideoDto } from "~/rules/api-types";
import { fetchCaptions, saveCaptionCues } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { CaptionsPanel, editorTime, readEditorTime, type PreviewTrack } from "./CaptionsPanel";

vi.mock("~/browser/api-client", () => ({
  fetchCaptions: vi.fn(),
  saveCaptionCues: vi.fn(),
  uploadCaptionFile: vi.fn(),
  removeCaptionLanguage: vi.fn(),
}));

const video = { id: "v1", title: "Mug", platform: "tiktok" } as unknown as VideoDto;
const english: CaptionDto = {
  lang: "en",
  source: "platform",
  spoken: true,
  status: "ready",
  failure: null,
  cues: [
    { start: 0, end: 1000, text: "Hi everyone" },
    { start: 1000, end: 2000, text: "Our new mug" },
  ],
  url: "https://cdn.example/en.vtt",
};
const french: CaptionDto = { ...english, lang: "fr", spoken: false, status: "pending", url: null, cues: [{ start: 0, end: 1000, text: "Salut" }] };

async function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === name || b.textContent?.trim() === name)!;

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

describe("the preview's captions", () => {
  it("lists each language with its source and state, and plays them as tracks, the spoken one shown", async () => {
    vi.mocked(fetchCaptions).mockResolvedValue([english, french]);
    const tracks: PreviewTrack[][] = [];
    const container = await render(<CaptionsPanel video={video} videoRef={createRef()} durationMs={3000} onTracks={(next) => tracks.push(next)} />);
    const items = [...container.querySelectorAll("li[data-caption-lang]")].map((item) => item.textContent);
    expect(items[0]).toMatch(/English.*From TikTok.*Spoken language.*On your store/);
    expect(items[1]).toMatch(/French.*From TikTok.*Being copied to your store/);
    expect(tracks.at(-1)?.map((track) => [track.lang, track.showing])).toEqual([
      ["en", true],
      ["fr", false],
    ]);
  });

  it("the editor checks each cue as typed, plays the edit live, and saves the cues in milliseconds", async () => {
    vi.mocked(fetchCaptions).mockResolvedValue([english]);
    vi.mocked(saveCaptionCues).mockResolvedValue({ ...english, source: "edited", status: "pending" });
    const tracks: PreviewTrack[][] = [];
    const container = await render(<CaptionsPanel video={video} videoRef={createRef()} durationMs={3000} onTracks={(next) => tracks.push(next)} />);
    await act(async () => button(container, "Edit English captions").click());
    const cue = (index: number) => container.querySelector(`li[data-cue-index="${index}"]`)!;
    const text = cue(0).querySelector("textarea")!;

    await type(text, " ");
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Caption 1: it has no text.");
    const save = button(container, "Save captions");
    expect(save.disabled || save.getAttribute("aria-disabled") === "true").toBe(true);

    await type(text, "Hello from the editor");
    const end = cue(1).querySelectorAll("input")[1]!;
    await type(end, "0:09.000");
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Caption 2: it ends after the video does.");
    await type(end, "0:02.500");
    expect(container.querySelector('[role="alert"]')).toBeNull();
    // The player's track is the editor's, as typed.
    expect(tracks.at(-1)?.[0]).toMatchObject({ lang: "en", showing: true });
    expect(tracks.at(-1)?.[0]?.vtt).toContain("00:00:00.000 --> 00:00:01.000\nHello from the editor");

    await act(async () => button(container, "Save captions").click());
    expect(saveCaptionCues).toHaveBeenCalledWith("v1", "en", [
      { start: 0, end: 1000, text: "Hello from the editor" },
      { start: 1000, end: 2500, text: "Our new mug" },
    ]);
  });

  it("a cue's button seeks the preview's player to it and plays", async () => {
    vi.mocked(fetchCaptions).mockResolvedValue([english]);
    const player = { currentTime: 0, play: vi.fn(() => Promise.resolve()) };
    const videoRef = { current: player as unknown as HTMLVideoElement };
    const container = await render(<CaptionsPanel video={video} videoRef={videoRef} durationMs={3000} onTracks={() => undefined} />);
    await act(async () => button(container, "Edit English captions").click());
    await act(async () => button(container, "Play from 0:01.000").click());
    expect(player.currentTime).toBe(1);
    expect(player.play).toHaveBeenCalled();
  });

  it("reads and writes the editor's times", () => {
    expect(editorTime(64_250)).toBe("1:04.250");
    expect(readEditorTime("1:04.25")).toBe(64_250);
    expect(readEditorTime("4.5")).toBe(4500);
    expect(readEditorTime("00:01:04,250")).toBe(64_250);
    expect(readEditorTime("1:75")).toBeNull();
    expect(readEditorTime("soon")).toBeNull();
  });
});
