// What an importer hands back for one video, for tests of the code that saves
// imports (no Shopify, no emulator: the database suite uses it too).
import type { ImportedVideo } from "~/contracts/platforms";

export function importedVideo(id: string, overrides: Partial<ImportedVideo> = {}): ImportedVideo {
  return {
    platformVideoId: id,
    title: `Clip ${id}`,
    authorName: "Creator",
    channelUsername: "creator",
    thumbnailUrl: null,
    embedHtml: null,
    videoUrl: `https://www.tiktok.com/@creator/video/${id}`,
    publishedAt: new Date("2026-01-01T00:00:00Z"),
    ...overrides,
  };
}
