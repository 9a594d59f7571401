import { describe, expect, it } from "vitest";
import { PLATFORM_IDS, PLATFORMS } from "~/platforms/config";
import { PLATFORM_TILES, tileTextColor } from "./platform-tiles";

describe("platform tiles (videos without a poster)", () => {
  it("match the platform configuration's names and colours", () => {
    expect(Object.keys(PLATFORM_TILES).sort()).toEqual([...PLATFORM_IDS].sort());
    for (const id of PLATFORM_IDS) {
      expect(PLATFORM_TILES[id].name).toBe(PLATFORMS[id].name);
      expect(PLATFORM_TILES[id].color).toBe(PLATFORMS[id].color);
    }
  });

  it("write in the colour that reads on the tile (white unless given)", () => {
    for (const id of PLATFORM_IDS) expect(PLATFORM_TILES[id].text ?? "#fff").toBe(tileTextColor(PLATFORMS[id].color));
  });
});
