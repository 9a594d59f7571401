import { describe, expect, it } from "vitest";
import { VIDEO_SOURCES } from "~/platforms/config";
import { IMPORT_TEXT } from "~/messages";
import type { VideoSource } from "~/contracts/platforms";
import { PLATFORM_TILES, tileTextColor } from "./platform-tiles";

const SOURCES = Object.keys(VIDEO_SOURCES) as VideoSource[];

describe("platform tiles (videos without a poster)", () => {
  it("name and colour every video source as the admin does (the uploads as the admin's texts name them)", () => {
    expect(Object.keys(PLATFORM_TILES).sort()).toEqual([...SOURCES].sort());
    for (const id of SOURCES) {
      expect(PLATFORM_TILES[id].name).toBe(VIDEO_SOURCES[id].name);
      expect(PLATFORM_TILES[id].color).toBe(VIDEO_SOURCES[id].color);
    }
    expect(PLATFORM_TILES.upload.name).toBe(IMPORT_TEXT.uploadSource);
  });

  it("write in the colour that reads on the tile (white unless given)", () => {
    for (const id of SOURCES) expect(PLATFORM_TILES[id].text ?? "#fff").toBe(tileTextColor(PLATFORM_TILES[id].color));
  });
});
