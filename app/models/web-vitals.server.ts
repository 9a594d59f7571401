/**
 * Admin Web Vitals as App Bridge reports them (issue 15 item 23, decision 052):
 * the latest values of LCP, CLS and INP per admin page, kept in this process's
 * memory in fixed-size rings, and their 75th percentile, the figure Shopify
 * judges an app by. Nothing about a shop is kept: only the page and the timing.
 */
import { WEB_VITALS_METRICS, WEB_VITALS_PAGES, WEB_VITALS_SAMPLES_KEPT, type WebVitalsMetricName, type WebVitalsPage } from "~/constants";

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

const rings = new Map<string, Ring>();
const ringKey = (page: WebVitalsPage, name: WebVitalsMetricName) => `${page}:${name}`;

export function recordWebVitals(samples: readonly WebVitalsSample[]): void {
  for (const sample of samples) {
    const key = ringKey(sample.page, sample.name);
    let ring = rings.get(key);
    if (!ring) rings.set(key, (ring = new Ring(WEB_VITALS_SAMPLES_KEPT)));
    ring.add(sample.value);
  }
}

/** The nearest-rank 75th percentile (the value three quarters of the samples are at or below), as CrUX and Shopify compute it. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

export function webVitalsSummary(): WebVitalsSummary {
  const summary = {} as WebVitalsSummary;
  for (const page of WEB_VITALS_PAGES) {
    summary[page] = {} as Record<WebVitalsMetricName, MetricSummary>;
    for (const name of WEB_VITALS_METRICS) {
      const values = rings.get(ringKey(page, name))?.all() ?? [];
      summary[page][name] = { p75: p75(values), count: values.length };
    }
  }
  return summary;
}

/** For tests: forget every sample. */
export function clearWebVitals(): void {
  rings.clear();
}
