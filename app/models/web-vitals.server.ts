/**
 * Admin Web Vitals as App Bridge reports them (issue 15 item 23, decision 052):
 * the latest values of LCP, CLS and INP per admin page, kept in this process's
 * memory in fixed-size rings, and their 75th percentile, the figure Shopify
 * judges an app by.
 *
 * Kept per shop (decision 062): a shop reads the p75 of its own admin's
 * reports, and only an installed shop's reports are kept. Otherwise any
 * session token, even of a shop that never set the app up, could move the
 * figures every shop sees. Only the page and the timing are kept, under the
 * shop's id, for at most WEB_VITALS_SHOPS_KEPT shops.
 */
import {
  WEB_VITALS_METRICS,
  WEB_VITALS_PAGES,
  WEB_VITALS_SAMPLES_KEPT,
  WEB_VITALS_SHOPS_KEPT,
  type WebVitalsMetricName,
  type WebVitalsPage,
} from "~/constants";
import { getShopByDomain } from "./shop.server";

export interface WebVitalsSample {
  page: WebVitalsPage;
  name: WebVitalsMetricName;
  value: number;
}

export interface MetricSummary {
  p75: number | null;
  count: number;
}

export type WebVitalsSummary = Record<WebVitalsPage, Record<WebVitalsMetricName, MetricSummary>>;

class Ring {
  private readonly values: number[] = [];
  private next = 0;
  constructor(private readonly size: number) {}
  add(value: number) {
    if (this.values.length < this.size) this.values.push(value);
    else this.values[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }
  all(): readonly number[] {
    return this.values;
  }
}

/** Shop id -> its rings by page and metric; in the order shops last reported (a Map keeps insertion order). */
const shops = new Map<string, Map<string, Ring>>();
const ringKey = (page: WebVitalsPage, name: WebVitalsMetricName) => `${page}:${name}`;

/** The shop's rings, moved to the most recent end; the shop that reported least recently goes when there are too many. */
function ringsOf(shopId: string): Map<string, Ring> {
  let rings = shops.get(shopId);
  if (rings) shops.delete(shopId);
  else rings = new Map();
  shops.set(shopId, rings);
  if (shops.size > WEB_VITALS_SHOPS_KEPT) {
    const [oldest] = shops.keys();
    if (oldest !== undefined) shops.delete(oldest);
  }
  return rings;
}

/**
 * Keeps the samples of the shop's admin, when the shop is installed (a shop
 * never set up, or uninstalled, is ignored). Answers how many were kept.
 */
export async function recordWebVitals(shopDomain: string, samples: readonly WebVitalsSample[]): Promise<number> {
  if (!samples.length) return 0;
  const shop = await getShopByDomain(shopDomain);
  if (!shop || shop.uninstalledAt) return 0;
  const rings = ringsOf(shop.id);
  for (const sample of samples) {
    const key = ringKey(sample.page, sample.name);
    let ring = rings.get(key);
    if (!ring) rings.set(key, (ring = new Ring(WEB_VITALS_SAMPLES_KEPT)));
    ring.add(sample.value);
  }
  return samples.length;
}

/** The nearest-rank 75th percentile (the value three quarters of the samples are at or below), as CrUX and Shopify compute it. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

/** The shop's own figures, over this instance's latest reports of its admin. */
export function webVitalsSummary(shopId: string): WebVitalsSummary {
  const rings = shops.get(shopId);
  const summary = {} as WebVitalsSummary;
  for (const page of WEB_VITALS_PAGES) {
    summary[page] = {} as Record<WebVitalsMetricName, MetricSummary>;
    for (const name of WEB_VITALS_METRICS) {
      const values = rings?.get(ringKey(page, name))?.all() ?? [];
      summary[page][name] = { p75: p75(values), count: values.length };
    }
  }
  return summary;
}

/** For tests: forget every sample. */
export function clearWebVitals(): void {
  shops.clear();
}
