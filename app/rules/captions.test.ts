import { describe, expect, it } from "vitest";
import { CAPTIONS } from "~/constants";
import { captionFormatOf, checkCues, formatTimestamp, parseCaptions, serializeVtt } from "./captions";
import { captionLanguage } from "./caption-languages";

const VTT = `WEBVTT - made by TikTok

NOTE a comment
that runs on

1
00:00:00.500 --> 00:00:02.000 align:start line:90%
<v Mia>Hello <b>there</b> &amp; welcome

00:03.000 --> 00:04.250
Two lines
of text
`;

const SRT = `1
00:00:01,000 --> 00:00:02,500
Bonjour à tous

2
00:00:03,000 --> 00:00:05,000
<i>Merci</i>
`;

describe("reading caption files", () => {
  it("reads WebVTT: identifiers, NOTE blocks, cue settings and markup are not kept; times in ms", () => {
    expect(parseCaptions(VTT, "vtt")).toEqual({
      ok: true,
      cues: [
        { start: 500, end: 2000, text: "Hello there & welcome" },
        { start: 3000, end: 4250, text: "Two lines\nof text" },
      ],
    });
  });

  it("reads SRT, with CRLF line ends and a byte-order mark", () => {
    const reading = parseCaptions(`\uFEFF${SRT.replace(/\n/g, "\r\n")}`, "srt");
    expect(reading).toEqual({
      ok: true,
      cues: [
        { start: 1000, end: 2500, text: "Bonjour à tous" },
        { start: 3000, end: 5000, text: "Merci" },
      ],
    });
  });

  it("names the line of the first fault", () => {
    expect(parseCaptions("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:03.000 -> 00:00:04.000\nbroken\n", "vtt")).toEqual({
      ok: false,
      line: 6,
      fault: "timing",
    });
    expect(parseCaptions("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nbackwards\n", "srt")).toEqual({
      ok: false,
      line: 6,
      fault: "order",
    });
    expect(parseCaptions("1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n", "srt")).toEqual({ ok: false, line: 2, fault: "emptyCue" });
    expect(parseCaptions("1\n00:00:01,000 --> 00:00:02,000\n" + "a".repeat(CAPTIONS.maxCueChars + 1) + "\n", "srt")).toEqual({
      ok: false,
      line: 3,
      fault: "longCue",
    });
    expect(parseCaptions("Hello\n\n00:00:01.000 --> 00:00:02.000\nhi\n", "vtt")).toEqual({ ok: false, line: 1, fault: "header" });
    expect(parseCaptions("1\n00:00:61,000 --> 00:01:02,000\nbad seconds\n", "srt")).toEqual({ ok: false, line: 2, fault: "timing" });
    expect(parseCaptions("WEBVTT\n\n", "vtt")).toMatchObject({ ok: false, fault: "noCues" });
    expect(parseCaptions("1\n00:00:01,000 --> 00:00:02,000\nnul\u0000here\n", "srt")).toEqual({ ok: false, line: 3, fault: "binary" });
    expect(parseCaptions("x".repeat(CAPTIONS.maxBytes + 1), "srt")).toEqual({ ok: false, line: 1, fault: "tooLarge" });
  });

  it("sorts cues by start time", () => {
    const reading = parseCaptions("1\n00:00:05,000 --> 00:00:06,000\nsecond\n\n2\n00:00:01,000 --> 00:00:02,000\nfirst\n", "srt");
    expect(reading.ok && reading.cues.map((cue) => cue.text)).toEqual(["first", "second"]);
  });

  it("tells the format by the file's name, else by its first line", () => {
    expect(captionFormatOf(SRT, "clip.SRT")).toBe("srt");
    expect(captionFormatOf(VTT, null)).toBe("vtt");
    expect(captionFormatOf(SRT, "captions")).toBe("srt");
  });
});

describe("writing WebVTT", () => {
  it("writes one normalised file that reads back to the same cues, markup escaped, never a cue-ending arrow", () => {
    const cues = [
      { start: 3_723_456, end: 3_724_000, text: "<script>alert(1)</script> & more" },
      { start: 0, end: 1500, text: "a --> b\n\n  second line  " },
    ];
    const vtt = serializeVtt(cues);
    expect(vtt).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\na --&gt; b\nsecond line\n\n01:02:03.456 --> 01:02:04.000\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; more\n",
    );
    const reading = parseCaptions(vtt, "vtt");
    expect(reading).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 1500, text: "a --> b\nsecond line" },
        { start: 3_723_456, end: 3_724_000, text: "<script>alert(1)</script> & more" },
      ],
    });
    expect(formatTimestamp(61_001)).toBe("00:01:01.001");
  });
});

describe("the editor's rules", () => {
  it("a cue ends after it starts, within the video, and has text", () => {
    expect(checkCues([{ start: 2000, end: 1000, text: "x" }], null)).toEqual({ ok: false, index: 0, fault: "order" });
    expect(
      checkCues(
        [
          { start: 0, end: 1000, text: "ok" },
          { start: 1000, end: 9000, text: "x" },
        ],
        5000,
      ),
    ).toEqual({ ok: false, index: 1, fault: "pastEnd" });
    expect(checkCues([{ start: 0, end: 1000, text: "  " }], 5000)).toEqual({ ok: false, index: 0, fault: "emptyCue" });
    expect(checkCues([{ start: 0, end: 1000, text: " hi " }], 5000)).toEqual({ ok: true, cues: [{ start: 0, end: 1000, text: "hi" }] });
  });
});

describe("caption languages as store languages", () => {
  it("maps TikTok's codes to BCP 47 as Shopify names store languages", () => {
    expect(captionLanguage("eng-US")).toBe("en");
    expect(captionLanguage("fra-FR")).toBe("fr");
    expect(captionLanguage("spa-MX")).toBe("es");
    expect(captionLanguage("deu-DE")).toBe("de");
    expect(captionLanguage("por-BR")).toBe("pt-BR");
    expect(captionLanguage("por-PT")).toBe("pt-PT");
    expect(captionLanguage("cmn-Hans-CN")).toBe("zh-CN");
    expect(captionLanguage("cmn-Hant-TW")).toBe("zh-TW");
    expect(captionLanguage("jpn-JP")).toBe("ja");
    expect(captionLanguage("en")).toBe("en");
    expect(captionLanguage("fr_CA")).toBe("fr");
    expect(captionLanguage("xxx-YY")).toBeNull();
    expect(captionLanguage("<b>")).toBeNull();
    expect(captionLanguage(42)).toBeNull();
  });
});
