import { describe, expect, it } from "vitest";
import { linkKey, parseLinkResults, pastedLinksProblem, readPastedLinks, tallyLinks, type LinkResult } from "./link-list";

const tiktok = (id: string, account = "maker") => `https://www.tiktok.com/@${account}/video/${id}`;

describe("reading pasted links", () => {
  it("takes one link per line, skipping blank lines and trimming each", () => {
    const pasted = readPastedLinks(
      `  ${tiktok("7000000000000000001")}  \n\n\r\nhttps://www.instagram.com/reel/Cabc123/\r\nhttps://www.pinterest.com/pin/123456/\n`,
    );
    expect(pasted).toEqual({
      links: [tiktok("7000000000000000001"), "https://www.instagram.com/reel/Cabc123/", "https://www.pinterest.com/pin/123456/"],
      duplicates: 0,
      invalidLines: [],
    });
    expect(pastedLinksProblem(pasted)).toBeNull();
  });

  it("collapses repeats: the same text, or the same post written another way", () => {
    const pasted = readPastedLinks(
      [
        tiktok("7000000000000000001"),
        tiktok("7000000000000000001"),
        `${tiktok("7000000000000000001", "Maker")}?is_from_webapp=1`,
        "https://www.instagram.com/reel/Cabc123/",
        "https://instagram.com/p/Cabc123",
        "https://example.com/a",
        "https://example.com/a",
      ].join("\n"),
    );
    expect(pasted.links).toEqual([tiktok("7000000000000000001"), "https://www.instagram.com/reel/Cabc123/", "https://example.com/a"]);
    expect(pasted.duplicates).toBe(4);
    expect(linkKey("https://www.pinterest.com/pin/some-title--998877/")).toBe("pinterest:998877");
  });

  it("names the lines that are not links, before anything is sent", () => {
    const pasted = readPastedLinks(`${tiktok("7000000000000000001")}\nhello there\n\nwww.tiktok.com/@a/video/1\njavascript:alert(1)`);
    expect(pasted.invalidLines).toEqual([2, 4, 5]);
    expect(pastedLinksProblem(pasted)).toBe("Lines 2, 4, 5 are not links. Paste one link per line, each starting with https://, or remove those lines.");
    expect(pastedLinksProblem(readPastedLinks("nope"))).toBe(
      "Line 1 is not a link. Paste one link per line, each starting with https://, or remove that line.",
    );
  });

  it("refuses more than 50 distinct links, counting after repeats collapse", () => {
    const links = Array.from({ length: 51 }, (_, i) => `https://www.pinterest.com/pin/${1000 + i}/`);
    expect(pastedLinksProblem(readPastedLinks(links.join("\n")))).toBe("You pasted 51 links. Import up to 50 at a time: remove 1 and try again.");
    const fifty = [...links.slice(0, 50), links[0]!, links[1]!];
    const pasted = readPastedLinks(fifty.join("\n"));
    expect(pasted.links).toHaveLength(50);
    expect(pastedLinksProblem(pasted)).toBeNull();
  });
});

describe("link results", () => {
  const results: LinkResult[] = [
    { url: "a", platform: "tiktok", status: "added", reason: null },
    { url: "b", platform: "tiktok", status: "already", reason: null },
    { url: "c", platform: null, status: "failed", reason: "no" },
    { url: "d", platform: "pinterest", status: "pending", reason: null },
  ];

  it("tallies what became of the links", () => {
    expect(tallyLinks(results)).toEqual({ added: 1, already: 1, failed: 1, pending: 1, done: 3 });
  });

  it("reads stored results, leaving out what is malformed", () => {
    expect(parseLinkResults(JSON.stringify([...results, { url: 3, status: "added" }, { url: "e", status: "weird" }, null]))).toEqual(results);
    expect(parseLinkResults("{")).toEqual([]);
    expect(parseLinkResults(null)).toEqual([]);
  });
});
