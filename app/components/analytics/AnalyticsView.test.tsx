// @vitest-environment happy-dom
/**
 * The Analytics page's tables as a merchant reads them: the spec's columns
 * first and unchanged, then one group of measures at a time (decision 068):
 * what sold (the first shown), what shoppers saw and watched (issue 14), with
 * a dash where a rate has nothing to divide by, and each kind of click; a
 * stories widget named as such.
 */
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { AnalyticsSummaryDto } from "~/rules/api-types";
import { ANALYTICS_TEXT } from "~/messages";
import { renderNow, unmountRendered } from "../../../tests/support/components";
import { performanceFigures as measured } from "../../../tests/support/dto-fixtures";
import { AnalyticsView, type AnalyticsPageData } from "./AnalyticsView";

const summary: AnalyticsSummaryDto = {
  totalClicks: 3,
  totalVideoClicks: 2,
  last30DaysClicks: 3,
  totalVideos: 2,
  enabledVideos: 2,
  totalWidgets: 2,
  taggedProducts: 1,
  totalProductClicks: 1,
  totalConversions: 0,
  conversionRevenue: 0,
  currency: "USD",
  last30Days: { from: "2026-10-28", videoClicks: 2, productClicks: 1, conversions: 0, revenue: 0 },
  thisMonthVideoClicks: 2,
  platformBreakdown: [{ platform: "tiktok", clicks: 3, videoClicks: 2, productClicks: 1 }],
  dailyClicks: [],
};

const data: AnalyticsPageData = {
  shopFound: true,
  summary,
  activeWidgets: 1,
  ranking: { videos: "clicks", widgets: "clicks" },
  videos: [
    {
      id: "v1",
      thumbnail_url: null,
      title: "Linen shirt",
      author_name: "Maker Studio",
      channel_username: "maker",
      platform: "tiktok",
      enabled: true,
      platform_plays: 184_300,
      ...measured({
        clicks: 3,
        impressions: 8,
        plays: 2,
        play_rate: 0.25,
        views: 1,
        watch_time_ms: 24_800,
        average_watch_ms: 12_400,
        video_clicks: 2,
        product_clicks: 1,
        click_through_rate: 0.25,
        add_to_cart: 2,
        orders: 2,
        revenue: 150,
      }),
    },
    // Played and opened from a stories row without an impression: no rate to show.
    {
      id: "v2",
      thumbnail_url: null,
      title: "Soap",
      author_name: null,
      channel_username: null,
      platform: "tiktok",
      enabled: false,
      platform_plays: null,
      ...measured({ plays: 1 }),
    },
  ],
  widgets: [
    {
      id: "w1",
      name: "Home stories",
      layout_type: "stories",
      page_contexts: '["homepage"]',
      source_type: "all",
      ...measured({
        clicks: 3,
        impressions: 4,
        plays: 2,
        play_rate: 0.5,
        average_watch_ms: 125_000,
        video_clicks: 2,
        product_clicks: 1,
        click_through_rate: 0.5,
        add_to_cart: 12_480,
        orders: 2,
        revenue: 15_250,
      }),
    },
    { id: "w2", name: "Never seen", layout_type: "grid", page_contexts: "[]", source_type: "all", ...measured({}) },
  ],
};

afterEach(() => unmountRendered());

const renderPage = (page: AnalyticsPageData = data) => renderNow(<AnalyticsView data={page} />, { route: { path: "/analytics", url: "/analytics?shop=a" } });

/** A table's headings and rows as text, cell by cell, as seen (a badge's hidden tone word left out). */
function tableAfter(container: HTMLElement, title: string) {
  for (const hidden of container.querySelectorAll(".Polaris-Text--visuallyHidden")) hidden.remove();
  const heading = [...container.querySelectorAll("h2")].find((element) => element.textContent === title);
  const table = heading?.closest(".Polaris-Card, [class*='Polaris-ShadowBevel']")?.querySelector("table") ?? null;
  expect(table, `a table under "${title}"`).not.toBeNull();
  const cells = (row: Element) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "");
  const [head, ...rows] = [...(table?.querySelectorAll("tr") ?? [])].filter((row) => !row.closest("tfoot"));
  return { headings: head ? cells(head) : [], rows: rows.map(cells) };
}

/** Shows one group of a table's measures, as the merchant's click on it does. */
function showColumns(container: HTMLElement, title: string, set: string) {
  const heading = [...container.querySelectorAll("h2")].find((element) => element.textContent === title);
  const group = heading?.closest(".Polaris-Card, [class*='Polaris-ShadowBevel']")?.querySelector("[role=group]");
  const button = [...(group?.querySelectorAll("button") ?? [])].find((element) => element.textContent === set);
  expect(button, `the ${set} button under "${title}"`).toBeDefined();
  act(() => button?.click());
}

const VIDEO_SPEC_COLUMNS = ["Thumbnail", "Video Details", "Platform", "Clicks", "Status"];
const WIDGET_SPEC_COLUMNS = ["Widget Name", "Type", "Page Context", "Clicks"];

describe("Analytics: what sold and what shoppers did, per video and per widget", () => {
  it("shows what each video sold first, after the spec's columns: adds to cart, orders and revenue (decision 068)", () => {
    const { headings, rows } = tableAfter(renderPage(), "Top Performing Videos");
    expect(headings).toEqual([...VIDEO_SPEC_COLUMNS, "Add to Cart", "Orders", "Revenue"]);
    expect(rows.map((row) => row.slice(2))).toEqual([
      ["TikTok", "3", "Published", "2", "2", "$150.00"],
      ["TikTok", "0", "Unpublished", "0", "0", "$0.00"],
    ]);
  });

  it("lists each video's impressions, plays, rates and watch time, and each kind of click, one group at a time", () => {
    const container = renderPage();
    showColumns(container, "Top Performing Videos", "Watching");
    let table = tableAfter(container, "Top Performing Videos");
    expect(table.headings).toEqual([...VIDEO_SPEC_COLUMNS, "Impressions", "Plays", "Play Rate", "Views", "Avg. Watch Time"]);
    expect(table.rows.map((row) => row.slice(3))).toEqual([
      ["3", "Published", "8", "2", "25%", "1", "12.4 s"],
      ["0", "Unpublished", "0", "1", "—", "0", "—"],
    ]);
    showColumns(container, "Top Performing Videos", "Clicks");
    table = tableAfter(container, "Top Performing Videos");
    // Beside the store's clicks, the plays the platform reported (decision 082): a dash when it gave none, never 0.
    expect(table.headings).toEqual([...VIDEO_SPEC_COLUMNS, "Video Clicks", "Product Clicks", "CTR", "Platform Plays"]);
    expect(table.rows.map((row) => row.slice(5))).toEqual([
      ["2", "1", "25%", "184.3K"],
      ["0", "0", "—", "—"],
    ]);
    // The other table keeps its own choice.
    expect(tableAfter(container, "Widget Performance").headings).toEqual([...WIDGET_SPEC_COLUMNS, "Add to Cart", "Orders", "Revenue"]);
  });

  it("lists widgets by their layout, a stories widget included, leaves out one nobody saw, and writes large figures compactly with the exact one as a tooltip", () => {
    const container = renderPage();
    const { headings, rows } = tableAfter(container, "Widget Performance");
    expect(headings).toEqual([...WIDGET_SPEC_COLUMNS, "Add to Cart", "Orders", "Revenue"]);
    expect(rows).toEqual([["Home stories", "Stories", "Homepage", "3", "12.5K", "2", "$15.3K"]]);
    const tooltips = [...container.querySelectorAll("abbr")].map((element) => [element.textContent, element.getAttribute("title")]);
    expect(tooltips).toEqual([
      ["12.5K", "12,480"],
      ["$15.3K", "$15,250.00"],
    ]);
    showColumns(container, "Widget Performance", "Watching");
    expect(tableAfter(container, "Widget Performance").rows).toEqual([["Home stories", "Stories", "Homepage", "3", "4", "2", "50%", "0", "2 min 5 s"]]);
  });

  it("says under a widget's name when it shows the videos tagged with the page's product, and keeps the spec's columns (decision 079)", () => {
    const byProduct = { ...data.widgets[0]!, id: "w3", name: "Product reel", layout_type: "carousel" as const, source_type: "product" as const };
    const { headings, rows } = tableAfter(renderPage({ ...data, widgets: [data.widgets[0]!, byProduct] }), "Widget Performance");
    expect(headings).toEqual([...WIDGET_SPEC_COLUMNS, "Add to Cart", "Orders", "Revenue"]);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ["Home stories", "Stories", "Homepage"],
      ["Product reelVideos tagged with this product", "Carousel", "Homepage"],
    ]);
  });

  it("says what the videos are ranked by, and on a phone gives each figure its heading (data-label)", () => {
    const container = renderPage({ ...data, ranking: { videos: "revenue", widgets: "clicks" } });
    expect(container.textContent).toContain("Top 5 by revenue in the last 30 days");
    const select = container.querySelector<HTMLSelectElement>("select");
    expect(select?.value).toBe("revenue");
    const labels = [...container.querySelectorAll("tbody tr")][0]?.querySelectorAll("td[data-label]");
    expect([...(labels ?? [])].map((cell) => cell.getAttribute("data-label"))).toEqual(["Clicks", "Add to Cart", "Orders", "Revenue"]);
    // The name heads its row for assistive tech; badges and the thumbnail carry no label of their own.
    expect([...container.querySelectorAll("tbody th[scope=row]")].map((cell) => cell.textContent)).toEqual([
      "Linen shirtMaker Studio · @maker",
      "Soap",
      "Home stories",
    ]);
  });

  it("names each kind of click apart, as the cards do, and gives only the channel username an @ (issue 15 item 10)", () => {
    const container = renderPage();
    const { rows } = tableAfter(container, "Top Performing Videos");
    expect(rows[0]?.[1]).toBe("Linen shirtMaker Studio · @maker");
    expect(rows[1]?.[1]).toBe("Soap");
    expect(container.textContent).toContain("Video clicks 2 · Product clicks 1");
    expect(container.textContent).not.toContain("@Maker Studio");
  });

  it("says beside the cards, in one line, how each figure is counted (decision 060)", () => {
    const container = renderPage();
    const note = [...container.querySelectorAll("p")].find((element) => element.textContent === ANALYTICS_TEXT.countingNote);
    expect(note, "the counting line").toBeDefined();
    expect(note?.textContent).toContain("Each shopper session counts once per video and widget per day");
    expect(note?.textContent).toContain("watch time is capped at the video's length");
    // Right after the Performance Overview's cards.
    const cards = [...container.querySelectorAll("h3, h2, p, span")].filter((element) => element.textContent === "Sales");
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]!.compareDocumentPosition(note!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
