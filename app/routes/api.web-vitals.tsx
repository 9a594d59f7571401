import { z } from "zod";
import { apiBootstrapRoute, apiRoute } from "~/http/api-route.server";
import { WEB_VITALS_MAX_VALUE, WEB_VITALS_METRICS, WEB_VITALS_PAGES } from "~/constants";
import { recordWebVitals, webVitalsSummary } from "~/models/web-vitals.server";

const Metric = z.object({ name: z.string().max(16), value: z.number().finite().nonnegative() });
// App Bridge reports a handful of metrics at a time; more is not a report.
const ReportBody = z.object({ page: z.enum(WEB_VITALS_PAGES), metrics: z.array(Metric).max(10) });

/** GET /api/web-vitals: the shop's own p75 and sample count of LCP, CLS and INP per admin page, over this instance's latest reports. */
const summary = apiRoute({
  GET: { handle: async ({ shop }) => webVitalsSummary(shop.id) },
});

/**
 * POST /api/web-vitals {page, metrics: [{name, value}]}: App Bridge's report of an admin page (decision 052), kept for
 * the token's shop; a shop that is not installed is ignored ({recorded: 0}; decision 062), hence the token's domain
 * only. Other metrics (FCP, TTFB) are ignored.
 */
const report = apiBootstrapRoute("POST", {
  body: ReportBody,
  handle: async ({ shopDomain, body }) => {
    const samples = body.metrics.flatMap((metric) => {
      const name = WEB_VITALS_METRICS.find((known) => known === metric.name);
      return name && metric.value <= WEB_VITALS_MAX_VALUE[name] ? [{ page: body.page, name, value: metric.value }] : [];
    });
    return { recorded: await recordWebVitals(shopDomain, samples) };
  },
});

export const loader = summary.loader;
export const action = report.action;
