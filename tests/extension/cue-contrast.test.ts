/**
 * Captions read over any video frame (issue 28 item 4, decision 085): the
 * stylesheet's `::cue` rule, for the player and the muted previews alike (both
 * are <video> elements inside `.cc`), gives the cue text a background opaque
 * enough that its contrast meets WCAG AA (4.5:1) whatever the frame behind it.
 * A semi-transparent background is lightest over a white frame and darkest over
 * a black one: both ends are checked, as browsers composite (in sRGB).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STYLE_ASSET } from "../../scripts/build-extension.mjs";

const css = readFileSync(join(import.meta.dirname, "../..", STYLE_ASSET), "utf8");

type Rgba = [number, number, number, number];

/** `#fff`, `#ffffff`, `rgb(...)` or `rgba(...)` as 0-255 channels and an alpha. */
function parseColor(value: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit) : hex[1]!.match(/../g)!;
    const [r, g, b] = digits.map((pair) => parseInt(pair, 16)) as [number, number, number];
    return [r, g, b, 1];
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(value.trim());
  if (!rgb) throw new Error(`not a colour this test reads: ${value}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
}

/** WCAG 2.1 relative luminance of an opaque sRGB colour. */
function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.1 contrast ratio. */
function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `top` drawn over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)).concat(1) as Rgba;
}

/** The declarations of the stylesheet's rule for exactly this selector. */
function rule(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const body = new RegExp(`(?:^|})\\s*${escaped}\\s*{([^}]*)}`, "m").exec(css)?.[1];
  if (body === undefined) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    body
      .split(";")
      .map((declaration) => declaration.split(":").map((part) => part.trim()))
      .filter(([name, value]) => name && value)
      .map(([name, value]) => [name!, value!]),
  );
}

describe("captions over any frame (WCAG AA)", () => {
  const cue = rule(".cc video::cue");
  const text = parseColor(cue.color!);
  const background = parseColor(cue.background!);
  const white: Rgba = [255, 255, 255, 1];
  const black: Rgba = [0, 0, 0, 1];

  it("the cue text is opaque and sits on a background of its own", () => {
    expect(text[3]).toBe(1);
    expect(background[3]).toBeGreaterThan(0);
  });

  it.each([
    ["a white frame (the worst case for light text)", white],
    ["a mid-grey frame", [128, 128, 128, 1] as Rgba],
    ["a black frame", black],
  ])("has at least 4.5:1 over %s", (_, frame) => {
    expect(contrast(text, over(background, frame))).toBeGreaterThanOrEqual(4.5);
  });

  it("the worst case is the one decision 085 states: 12.6:1 over a white frame", () => {
    const worst = Math.min(...[white, black, [128, 128, 128, 1] as Rgba].map((frame) => contrast(text, over(background, frame))));
    expect(worst).toBeCloseTo(contrast(text, over(background, white)), 5);
    expect(Math.floor(worst * 10) / 10).toBe(12.6);
  });

  it("would fail with a background too thin to carry it (the check can fail)", () => {
    expect(contrast(text, over([0, 0, 0, 0.5], white))).toBeLessThan(4.5);
  });
});
