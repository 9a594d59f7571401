/**
 * How Analytics ranks its videos and widgets (decision 068): by the measure the
 * merchant chose, clicks unless told otherwise (spec 2: "top 5 by clicks").
 * Client-safe: the server ranks (a video list is cut after ranking), the page
 * reads the same names.
 */
import { PERFORMANCE_RANKING_PARAMS, PERFORMANCE_RANKINGS, type PerformanceRanking } from "~/constants";
import type { EngagementDto, SalesDto } from "./api-types";
import { appSearch } from "./app-links";

export type PerformanceFigures = EngagementDto & SalesDto;

/** The ranking a query parameter names; anything else (absent, mistyped, old links) ranks by clicks. */
export function rankingFrom(value: string | null | undefined): PerformanceRanking {
  return PERFORMANCE_RANKINGS.find((ranking) => ranking === value) ?? "clicks";
}

const MEASURE_OF: Record<PerformanceRanking, (row: PerformanceFigures) => number> = {
  clicks: (row) => row.clicks,
  revenue: (row) => row.revenue,
  orders: (row) => row.orders,
  add_to_cart: (row) => row.add_to_cart,
  impressions: (row) => row.impressions,
  plays: (row) => row.plays,
  views: (row) => row.views,
};

/**
 * Most of the chosen measure first; ties by clicks, then the most seen, then
 * the most played (the lists' order before a ranking could be chosen), so a
 * page of zeros still reads in a sensible order.
 */
export function byPerformance(ranking: PerformanceRanking) {
  const measure = MEASURE_OF[ranking];
  return (a: PerformanceFigures, b: PerformanceFigures) => measure(b) - measure(a) || b.clicks - a.clicks || b.impressions - a.impressions || b.plays - a.plays;
}

/** Listed once shoppers saw it, played it, clicked it or added from it, or it sold. */
export function hasPerformance(row: PerformanceFigures): boolean {
  return row.clicks > 0 || row.impressions > 0 || row.plays > 0 || row.add_to_cart > 0 || row.orders > 0;
}

/**
 * The page's query string with one table ranked anew: the app's lasting
 * parameters and the other table's ranking kept, one-shot ones (an expired
 * id_token) dropped; the default, clicks, is left out of the address.
 */
export function searchRankedBy(search: string, table: keyof typeof PERFORMANCE_RANKING_PARAMS, ranking: PerformanceRanking): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams(appSearch(search));
  for (const [each, param] of Object.entries(PERFORMANCE_RANKING_PARAMS)) {
    const kept = each === table ? ranking : rankingFrom(current.get(param));
    if (kept !== "clicks") next.set(param, kept);
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}
