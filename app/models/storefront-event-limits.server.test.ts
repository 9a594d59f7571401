/**
 * What one sender may send one shop (decision 060): a minute's worth at once,
 * then the rate; asking for more cuts the sender off for a while; shops and
 * senders never share a budget; memory stays bounded. The end to end of it,
 * with the database, is tests/db/shopper-counting.test.ts.
 */
import { describe, expect, it } from "vitest";
import { SHOPPER_COUNTING } from "~/constants";
import { forwardedClientAddress } from "~/http/request-input.server";
import { EventRate, admittedStorefrontEvents } from "./storefront-event-limits.server";

const MINUTE = 60_000;

describe("EventRate", () => {
  it("takes a minute's worth at once, refills at the rate, and cuts off a key that asks for more", () => {
    const rate = new EventRate(300, 10 * MINUTE);
    const start = 1_000_000;
    expect(rate.take("a", 250, start)).toBe(250);
    // 50 left: 40 of these 90, then nothing for ten minutes, however little it asks.
    expect(rate.take("a", 90, start)).toBe(50);
    expect(rate.take("a", 1, start + MINUTE)).toBe(0);
    expect(rate.take("a", 1, start + 10 * MINUTE - 1)).toBe(0);
    expect(rate.take("a", 300, start + 10 * MINUTE)).toBe(300);
    // Another key has its own budget all along.
    expect(rate.take("b", 300, start)).toBe(300);
    // Five a second: 12 s later, 60 more.
    expect(rate.take("b", 60, start + 12_000)).toBe(60);
  });

  it("forgets keys whose bucket is full again, so a stream of new keys does not grow memory", () => {
    const rate = new EventRate(300, 10 * MINUTE);
    for (let key = 0; key < 5_000; key++) rate.take(`k${key}`, 10, key);
    // Ten events refill in two seconds: by now all but the last keys are full again.
    rate.take("last", 1, 5_000 + 20_000);
    expect(rate.size).toBeLessThan(10);
  });
});

describe("admittedStorefrontEvents", () => {
  it("cuts off a flooding session of one shop, but neither the same session key nor the same address at another shop", () => {
    const now = Date.now();
    const flooded = "flooded.myshopify.com";
    const other = "neighbour.myshopify.com";
    let admitted = 0;
    for (let beacon = 0; beacon < 200; beacon++) admitted += admittedStorefrontEvents(flooded, "red-team", "203.0.113.9", 50, now);
    expect(admitted).toBe(SHOPPER_COUNTING.sessionEventsPerMinute);
    expect(admittedStorefrontEvents(other, "red-team", "203.0.113.9", 12, now)).toBe(12);
    // Another shopper of the flooded shop behind the same address still counts: the session was cut off, not the address.
    expect(admittedStorefrontEvents(flooded, "neighbour", "203.0.113.9", 12, now)).toBe(12);
  });

  it("cuts off an address that sends new session keys, or none, faster than its shoppers could", () => {
    const now = Date.now();
    const shop = "rotating.myshopify.com";
    let admitted = 0;
    for (let beacon = 0; beacon < 200; beacon++) admitted += admittedStorefrontEvents(shop, `fresh-${beacon}`, "198.51.100.7", 50, now);
    expect(admitted).toBe(SHOPPER_COUNTING.sourceEventsPerMinute);
    expect(admittedStorefrontEvents(shop, null, "198.51.100.7", 1, now)).toBe(0);
    expect(admittedStorefrontEvents(shop, null, "198.51.100.8", 10, now)).toBe(10);
  });
});

describe("forwardedClientAddress", () => {
  const request = (forwardedFor?: string) =>
    new Request("https://app.example/proxy/events", { headers: forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor } });

  it("reads the entry Shopify's app proxy wrote: the last one, never what the shopper's request claimed before it", () => {
    expect(forwardedClientAddress(request("203.0.113.9"))).toBe("203.0.113.9");
    expect(forwardedClientAddress(request("1.2.3.4, 203.0.113.9"))).toBe("203.0.113.9");
    expect(forwardedClientAddress(request("2001:db8::1"))).toBe("2001:db8::1");
  });

  it("answers nothing for a missing or malformed entry", () => {
    expect(forwardedClientAddress(request())).toBe("");
    expect(forwardedClientAddress(request("203.0.113.9, not an address"))).toBe("");
    expect(forwardedClientAddress(request(""))).toBe("");
  });
});
