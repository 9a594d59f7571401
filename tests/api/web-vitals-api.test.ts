import { beforeEach, describe, expect, it } from "vitest";
import { WEB_VITALS_SAMPLES_KEPT, WEB_VITALS_SHOPS_KEPT } from "~/constants";
import { clearWebVitals, p75, recordWebVitals, webVitalsSummary, type WebVitalsSummary } from "~/models/web-vitals.server";
import { action as reportRoute, loader as summaryRoute } from "~/routes/api.web-vitals";
import { webVitalsPageOf } from "~/browser/web-vitals";
import { prisma } from "~/db.server";
import { apiRequest, callRoute, uniqueShop } from "../support/app-requests";
import { bootstrapShop, jsonOf } from "../support/library-fixtures";

// Admin Web Vitals (issue 15 item 23, decision 052): App Bridge's reports, kept per page, read as p75.

async function report(domain: string, body: unknown) {
  return callRoute(reportRoute, await apiRequest(domain, "/api/web-vitals", { body }));
}

async function summary(domain: string) {
  return jsonOf<WebVitalsSummary>(await callRoute(summaryRoute, await apiRequest(domain, "/api/web-vitals")));
}

beforeEach(() => clearWebVitals());

describe("POST /api/web-vitals and GET /api/web-vitals", () => {
  it("keeps LCP, CLS and INP per page and gives their 75th percentile; other metrics are ignored", async () => {
    const shop = await bootstrapShop("vitals");
    for (const lcp of [400, 500, 600, 900]) {
      const response = await report(shop.domain, {
        page: "library",
        metrics: [
          { name: "LCP", value: lcp },
          { name: "TTFB", value: 10 },
        ],
      });
      expect(response.status).toBe(200);
    }
    await report(shop.domain, { page: "library", metrics: [{ name: "CLS", value: 0.02 }] });
    const body = await summary(shop.domain);
    expect(body.library.LCP).toEqual({ p75: 600, count: 4 });
    expect(body.library.CLS).toEqual({ p75: 0.02, count: 1 });
    expect(body.library.INP).toEqual({ p75: null, count: 0 });
    expect(body.dashboard.LCP.count).toBe(0);
  });

  it("refuses an unknown page, a negative or absurd value and an oversized report, and keeps nothing from them", async () => {
    const shop = await bootstrapShop("vitals");
    expect((await report(shop.domain, { page: "admin", metrics: [{ name: "LCP", value: 1 }] })).status).toBe(400);
    expect((await report(shop.domain, { page: "plan", metrics: [{ name: "LCP", value: -1 }] })).status).toBe(400);
    const many = Array.from({ length: 11 }, () => ({ name: "INP", value: 10 }));
    expect((await report(shop.domain, { page: "plan", metrics: many })).status).toBe(400);
    // A background tab's hours-long LCP is noise, not the page's speed.
    expect((await report(shop.domain, { page: "plan", metrics: [{ name: "LCP", value: 10_000_000 }] })).status).toBe(200);
    expect((await summary(shop.domain)).plan.LCP.count).toBe(0);
  });

  it("keeps a bounded number of the latest values per page and metric", async () => {
    const shop = await bootstrapShop("vitals");
    const metrics = Array.from({ length: 10 }, () => ({ name: "INP", value: 50 }));
    const reports = Math.ceil((WEB_VITALS_SAMPLES_KEPT + 20) / 10);
    for (let i = 0; i < reports; i++) await report(shop.domain, { page: "widgets", metrics });
    expect((await summary(shop.domain)).widgets.INP.count).toBe(WEB_VITALS_SAMPLES_KEPT);
  });

  it("needs the admin's session token", async () => {
    const shop = await bootstrapShop("vitals");
    const response = await callRoute(reportRoute, await apiRequest(shop.domain, "/api/web-vitals", { token: null, body: { page: "plan", metrics: [] } }));
    expect(response.status).toBe(401);
  });
});

describe("each shop's own figures (decision 062)", () => {
  const lcp = (value: number) => ({ page: "library", metrics: [{ name: "LCP", value }] });

  it("a shop reads the p75 of its own admin: another shop's reports do not move it", async () => {
    const [mine, theirs] = [await bootstrapShop("vitals-mine"), await bootstrapShop("vitals-theirs")];
    for (const value of [400, 500, 600]) expect((await report(mine.domain, lcp(value))).status).toBe(200);
    for (const value of [9000, 9500, 9900, 9999]) await report(theirs.domain, lcp(value));

    expect((await summary(mine.domain)).library.LCP).toEqual({ p75: 600, count: 3 });
    expect((await summary(theirs.domain)).library.LCP).toEqual({ p75: 9900, count: 4 });
  });

  it("ignores the reports of a shop that never set the app up, or has uninstalled it", async () => {
    const installed = await bootstrapShop("vitals-installed");
    await report(installed.domain, lcp(500));
    const stranger = uniqueShop("vitals-stranger");
    const ignored = await report(stranger, lcp(60_000));
    expect(ignored.status).toBe(200);
    expect(await jsonOf(ignored)).toEqual({ recorded: 0 });
    // Nor can it read anything: it has no shop here.
    expect((await callRoute(summaryRoute, await apiRequest(stranger, "/api/web-vitals"))).status).toBe(404);

    const gone = await bootstrapShop("vitals-gone");
    await prisma.shop.update({ where: { id: gone.id }, data: { uninstalledAt: new Date() } });
    expect(await jsonOf(await report(gone.domain, lcp(60_000)))).toEqual({ recorded: 0 });
    expect((await summary(installed.domain)).library.LCP).toEqual({ p75: 500, count: 1 });
  });

  it("keeps the shops that reported last, a bounded number of them", async () => {
    const domains = Array.from({ length: WEB_VITALS_SHOPS_KEPT + 1 }, () => uniqueShop("vitals-many"));
    await prisma.shop.createMany({ data: domains.map((shopDomain) => ({ shopDomain })) });
    const ids = new Map((await prisma.shop.findMany({ where: { shopDomain: { in: domains } } })).map((shop) => [shop.shopDomain, shop.id]));
    for (const domain of domains) await recordWebVitals(domain, [{ page: "plan", name: "INP", value: 40 }]);
    expect(webVitalsSummary(ids.get(domains[0]!)!).plan.INP.count).toBe(0);
    expect(webVitalsSummary(ids.get(domains[1]!)!).plan.INP.count).toBe(1);
    expect(webVitalsSummary(ids.get(domains.at(-1)!)!).plan.INP.count).toBe(1);
  });
});

describe("p75 and pages", () => {
  it("is the nearest-rank 75th percentile", () => {
    expect(p75([])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([10, 1, 7, 3, 5, 9, 2, 8])).toBe(8);
  });

  it("names the five admin pages by their paths", () => {
    expect(webVitalsPageOf("/")).toBe("dashboard");
    expect(webVitalsPageOf("/content/")).toBe("library");
    expect(webVitalsPageOf("/plan")).toBe("plan");
    expect(webVitalsPageOf("/nowhere")).toBeNull();
  });
});
