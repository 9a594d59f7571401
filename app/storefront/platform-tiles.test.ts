import { describe, expect, it } from "vitest";
import { VIDEO_SOURCES } from "~/platforms/config";
import type { VideoSource } from "~/contracts/platforms";
import { PLATFORM_TILES, tileTextColor } from "./platform-tiles";

const SOURCES = Object.keys(VIDEO_SOURCES) as VideoSource[];

describe("platform tiles (videos without a poster)", () => {
  it("match the video sources' names and colours", () => {
    expect(Object.keys(PLATFORM_TILES).sort()).toEqual([...SOURCES].sort());
    for (const id of SOURCES) {
      expect(PLATFORM_TILES[id].name).toBe(VIDEO_SOURCES[id].name);
      expect(PLATFORM_TILES[id].color).toBe(VIDEO_SOURCES[id].color);
    }
  });

  it("write in the colour that reads on the tile (white unless given)", () => {
    for (const id of SOURCES) expect(PLATFORM_TILES[id].text ?? "#fff").toBe(tileTextColor(VIDEO_SOURCES[id].color));
  });
});
