// POST /proxy/events (the app proxy's /apps/clipcart/events): what the route
// answers before any event is queued. Storage is tests/db/beacons.test.ts.
import { describe, expect, inject, it } from "vitest";
import { action as eventsRoute } from "~/routes/proxy.events";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { proxiedUrl } from "../emulators/shopify/app-proxy";
import { callRoute, DESKTOP_USER_AGENT, uniqueShop } from "../support/app-requests";

const config = () => ({ ...readLocalShopifyConfig(), appUrl: inject("appUrl") });
const signedUrl = () => proxiedUrl(config(), uniqueShop("beacon"), "/events", new URLSearchParams());

/** A 1 MB body sent in 1 KB chunks, produced only as the reader asks for them. */
function megabyteStream() {
  const chunk = new TextEncoder().encode(`[${"1,".repeat(510)}1]`.padEnd(1024, " "));
  const sent = { chunks: 0, total: 1024 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.chunks === sent.total) return controller.close();
      sent.chunks += 1;
      controller.enqueue(chunk);
    },
  });
  return { body, sent };
}

function beacon(url: URL, body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: "POST",
    headers: { "User-Agent": DESKTOP_USER_AGENT, "Content-Type": "text/plain;charset=UTF-8", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("POST /proxy/events: a batch over 16 KB is refused before it is read", () => {
  it("answers 413 from the declared Content-Length without reading the body", async () => {
    const { body, sent } = megabyteStream();
    const response = await callRoute(eventsRoute, beacon(signedUrl(), body, { "Content-Length": String(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(sent.chunks).toBeLessThanOrEqual(1);
    expect(await response.json()).toEqual({ error: expect.stringContaining("16 KB") });
  });

  it("answers 413 once a body without a length passes 16 KB, and reads no further", async () => {
    const { body, sent } = megabyteStream();
    const response = await callRoute(eventsRoute, beacon(signedUrl(), body));
    expect(response.status).toBe(413);
    expect(sent.chunks).toBeLessThan(32);
    expect(await response.json()).toEqual({ error: expect.stringContaining("16 KB") });
  });

  it("still takes a batch just under the limit, and refuses a batch that is not one with 400", async () => {
    const events = Array.from({ length: 50 }, () => ({ type: "video_click", videoId: "c".repeat(25), widgetId: "c".repeat(25), productId: "1".repeat(20) }));
    const text = JSON.stringify({ session: "a".repeat(24), events }).padEnd(16 * 1024, " ");
    expect((await callRoute(eventsRoute, beacon(signedUrl(), text))).status).toBe(204);
    expect((await callRoute(eventsRoute, beacon(signedUrl(), `${text} `))).status).toBe(413);
    expect((await callRoute(eventsRoute, beacon(signedUrl(), JSON.stringify({ session: "s\u0000", events: [] })))).status).toBe(400);
    expect((await callRoute(eventsRoute, beacon(signedUrl(), "{"))).status).toBe(400);
  });
});
