/**
 * Which of a beacon's events are queued (decision 019, 042): each type is
 * checked against the fields it has, and a bad event is dropped alone while
 * its batch's good events are kept. Storage is tests/db/beacons.test.ts.
 */
import { describe, expect, it } from "vitest";
import { WATCH_TIME_MAX_MS_PER_EVENT } from "~/constants";
import { PRODUCT_GALLERY_WIDGET_ID } from "~/contracts/beacon-events";
import { checkedStorefrontEvents } from "./storefront-events.server";

const SHOP = "events.myshopify.com";
const VIDEO = `c${"v".repeat(24)}`;
const WIDGET = `c${"w".repeat(24)}`;

/** What is queued of one event, sent alone: null when it is dropped. */
function queuedOf(event: unknown) {
  const [queued, ...more] = checkedStorefrontEvents(SHOP, "session-1", [event]);
  expect(more).toEqual([]);
  if (!queued) return null;
  const { type, videoId, widgetId, productId, ms } = queued;
  return { type, videoId, widgetId, productId, ms };
}

describe("the new shopper events (issue 14 item 8)", () => {
  it.each(["impression", "play", "view", "completion"])("queues %s with its video and widget", (type) => {
    expect(queuedOf({ type, videoId: VIDEO, widgetId: WIDGET })).toEqual({ type, videoId: VIDEO, widgetId: WIDGET });
  });

  it.each(["impression", "play", "view", "completion", "watch_time", "video_click", "product_click", "add_to_cart"])(
    "drops %s without a video id, or with one not in our shape",
    (type) => {
      expect(queuedOf({ type, widgetId: WIDGET, ms: 1000 })).toBeNull();
      expect(queuedOf({ type, videoId: "12345", widgetId: WIDGET, ms: 1000 })).toBeNull();
      expect(queuedOf({ type, videoId: `${VIDEO}\u0000`, widgetId: WIDGET, ms: 1000 })).toBeNull();
    },
  );

  it("queues a widget impression without a video, and only for one of our widget ids", () => {
    expect(queuedOf({ type: "widget_impression", widgetId: WIDGET })).toEqual({ type: "widget_impression", videoId: null, widgetId: WIDGET });
    // A video id it does not have is not read.
    expect(queuedOf({ type: "widget_impression", videoId: VIDEO, widgetId: WIDGET })).toEqual({
      type: "widget_impression",
      videoId: null,
      widgetId: WIDGET,
    });
    for (const widgetId of [undefined, "", "home-carousel", `${WIDGET}\uD800`, 7]) expect(queuedOf({ type: "widget_impression", widgetId })).toBeNull();
  });

  it("queues a watch time in whole milliseconds, and lowers an absurd one to the cap", () => {
    expect(queuedOf({ type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: 12_400 })).toEqual({
      type: "watch_time",
      videoId: VIDEO,
      widgetId: WIDGET,
      ms: 12_400,
    });
    expect(queuedOf({ type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: 1 })?.ms).toBe(1);
    expect(queuedOf({ type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: WATCH_TIME_MAX_MS_PER_EVENT })?.ms).toBe(WATCH_TIME_MAX_MS_PER_EVENT);
    expect(queuedOf({ type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: 3 * 60 * 60 * 1000 })?.ms).toBe(WATCH_TIME_MAX_MS_PER_EVENT);
    expect(WATCH_TIME_MAX_MS_PER_EVENT).toBe(10 * 60 * 1000);
  });

  it.each([
    ["missing", undefined],
    ["zero", 0],
    ["negative", -500],
    ["fractional", 1234.5],
    ["text", "1200"],
    ["not a number", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
    ["beyond a safe integer", 1e300],
    ["null", null],
  ])("drops a watch time whose ms is %s", (_, ms) => {
    expect(queuedOf({ type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms })).toBeNull();
  });

  it("reads ms only on watch_time and a product only on product clicks and adds to cart", () => {
    expect(queuedOf({ type: "play", videoId: VIDEO, widgetId: WIDGET, ms: 5000, productId: "42" })).toEqual({
      type: "play",
      videoId: VIDEO,
      widgetId: WIDGET,
    });
    expect(queuedOf({ type: "video_click", videoId: VIDEO, widgetId: WIDGET, productId: "42" })).toEqual({
      type: "video_click",
      videoId: VIDEO,
      widgetId: WIDGET,
    });
    expect(queuedOf({ type: "add_to_cart", videoId: VIDEO, widgetId: WIDGET, productId: "42", ms: 5 })).toEqual({
      type: "add_to_cart",
      videoId: VIDEO,
      widgetId: WIDGET,
      productId: "42",
    });
    // Still the shopper-input hardening of decision 019 where the field belongs.
    expect(queuedOf({ type: "product_click", videoId: VIDEO, widgetId: WIDGET, productId: "42\uDC00" })).toBeNull();
  });

  it("drops an event whose widget id is not one of ours: only a video published to the widget it names counts (decision 060)", () => {
    for (const widgetId of ["theme-section-7", `${WIDGET}\u0000`, undefined, ""]) expect(queuedOf({ type: "impression", videoId: VIDEO, widgetId })).toBeNull();
  });

  it("queues the product page's videos block's events, which name the product gallery rather than a widget (decision 080)", () => {
    expect(queuedOf({ type: "video_click", videoId: VIDEO, widgetId: PRODUCT_GALLERY_WIDGET_ID })).toEqual({
      type: "video_click",
      videoId: VIDEO,
      widgetId: PRODUCT_GALLERY_WIDGET_ID,
    });
    expect(queuedOf({ type: "video_click", videoId: VIDEO, widgetId: `${PRODUCT_GALLERY_WIDGET_ID}_2` })).toBeNull();
  });

  it("drops a bad event alone: a page view's good events are all queued", () => {
    const queued = checkedStorefrontEvents(SHOP, null, [
      { type: "widget_impression", widgetId: WIDGET },
      { type: "impression", videoId: VIDEO, widgetId: WIDGET },
      { type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: -1 },
      { type: "watched", videoId: VIDEO, widgetId: WIDGET },
      { type: "toString", videoId: VIDEO, widgetId: WIDGET },
      { type: "play", widgetId: WIDGET },
      "impression",
      null,
      { type: "play", videoId: VIDEO, widgetId: WIDGET },
      { type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: 4200 },
    ]);
    expect(queued.map((event) => [event.type, event.ms ?? null])).toEqual([
      ["widget_impression", null],
      ["impression", null],
      ["play", null],
      ["watch_time", 4200],
    ]);
    // Without analytics consent (decision 040) nothing per shopper is queued: no session key.
    expect(queued.every((event) => event.session === null && event.shopDomain === SHOP)).toBe(true);
  });
});

describe("a beacon counts each type once per video and widget (decision 060)", () => {
  const OTHER_VIDEO = `c${"x".repeat(24)}`;
  const OTHER_WIDGET = `c${"y".repeat(24)}`;

  it("keeps the first of each type per video and widget, and adds up its watch times to the cap", () => {
    const queued = checkedStorefrontEvents(SHOP, "session-1", [
      ...Array.from({ length: 5 }, () => ({ type: "play", videoId: VIDEO, widgetId: WIDGET })),
      { type: "play", videoId: OTHER_VIDEO, widgetId: WIDGET },
      { type: "play", videoId: VIDEO, widgetId: OTHER_WIDGET },
      { type: "product_click", videoId: VIDEO, widgetId: WIDGET, productId: "1" },
      { type: "product_click", videoId: VIDEO, widgetId: WIDGET, productId: "2" },
      { type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: 4_000 },
      { type: "watch_time", videoId: VIDEO, widgetId: WIDGET, ms: 2_500 },
      { type: "watch_time", videoId: OTHER_VIDEO, widgetId: WIDGET, ms: 700 },
      ...Array.from({ length: 30 }, () => ({ type: "watch_time", videoId: VIDEO, widgetId: OTHER_WIDGET, ms: WATCH_TIME_MAX_MS_PER_EVENT })),
    ]);
    expect(
      queued.map((event) => [
        event.type,
        event.videoId === VIDEO ? "video" : "other video",
        event.widgetId === WIDGET ? "widget" : "other widget",
        event.productId ?? event.ms ?? null,
      ]),
    ).toEqual([
      ["play", "video", "widget", null],
      ["play", "other video", "widget", null],
      ["play", "video", "other widget", null],
      ["product_click", "video", "widget", "1"],
      ["watch_time", "video", "widget", 6_500],
      ["watch_time", "other video", "widget", 700],
      ["watch_time", "video", "other widget", WATCH_TIME_MAX_MS_PER_EVENT],
    ]);
  });
});
