// Third-party text (captions, author names, embed HTML, profile names) is
// untrusted: a NUL, a control character or a lone UTF-16 surrogate in one
// video must not fail the import on either database. PostgreSQL refuses NUL in
// text and a lone surrogate is not UTF-8; they are removed before saving.
import { importedVideo } from "../support/imported-videos";
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { upsertChannelFromImport } from "../../app/models/channels.server";
import { listVideos, saveImportedVideos } from "../../app/models/videos.server";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";

describe("imported third-party text on this database", () => {
  it("saves every video of an import whose titles carry NUL, controls and lone surrogates, with those characters removed", async () => {
    const shop = await createShop("dirty-import");
    const saved = await saveImportedVideos(shop.id, "tiktok", [
      importedVideo("7300000000000000001", { title: "Summer\u0000 sale", authorName: "Ana\u0000" }),
      importedVideo("7300000000000000002", { title: `Half an emoji ${LONE_HIGH}here`, authorName: `${LONE_LOW}Bo` }),
      importedVideo("7300000000000000003", { title: "Bell\u0007 and \u0085next line", embedHtml: `<blockquote>\u0000${LONE_HIGH}</blockquote>` }),
      importedVideo("7300000000000000004", { title: "A whole emoji 😀 stays" }),
    ]);
    expect(saved.added).toBe(4);

    const rows = await prisma.video.findMany({ where: { shopId: shop.id }, orderBy: { platformVideoId: "asc" } });
    expect(rows.map((row) => [row.title, row.authorName])).toEqual([
      ["Summer sale", "Ana"],
      ["Half an emoji here", "Bo"],
      ["Bell and next line", "Creator"],
      ["A whole emoji 😀 stays", "Creator"],
    ]);
    expect(rows[2]?.embedHtml).toBe("<blockquote></blockquote>");
    expect((await listVideos(shop.id, { tab: "all", search: "half an emoji", platforms: [], page: 1 })).total).toBe(1);
  });

  it("keeps a surrogate pair whole when a long caption is cut to its stored length", async () => {
    const shop = await createShop("long-caption");
    // 1,999 letters then an emoji: a cut at 2,000 UTF-16 units would split the pair.
    await saveImportedVideos(shop.id, "tiktok", [importedVideo("7300000000000000005", { title: `${"a".repeat(1999)}😀 tail` })]);
    const row = await prisma.video.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(row.title).toBe("a".repeat(1999));
  });

  it("saves an account whose profile name carries a NUL, then a lone surrogate", async () => {
    const shop = await createShop("dirty-channel");
    const found = (displayName: string) => ({ username: "creator", displayName, avatarUrl: null, followerCount: 10 });
    const channel = await upsertChannelFromImport(shop.id, "tiktok", "creator", found("Cre\u0000ator"));
    expect((await prisma.channel.findUniqueOrThrow({ where: { id: channel.id } })).displayName).toBe("Creator");
    await upsertChannelFromImport(shop.id, "tiktok", "creator", found(`Creator ${LONE_HIGH}2`));
    expect((await prisma.channel.findUniqueOrThrow({ where: { id: channel.id } })).displayName).toBe("Creator 2");
  });
});
