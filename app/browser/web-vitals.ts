/**
 * Sends the admin's Web Vitals, as App Bridge measures and reports them
 * (`shopify.webVitals.onReport`), to our server, tagged with the app page they
 * were measured on (decision 052). An admin without the API sends nothing.
 */
import { WEB_VITALS_PAGES, type WebVitalsPage } from "~/constants";
import { NAV_ITEMS } from "~/messages";

type WebVitalsReport = { metrics: Array<{ id: string; name: string; value: number }> };
type WebVitalsApi = { onReport?: (callback: ((report: WebVitalsReport) => void) | null) => Promise<void> };

/** The page of an app path, as NAV_ITEMS orders them; null outside the five pages. */
export function webVitalsPageOf(pathname: string): WebVitalsPage | null {
  const normalized = pathname.replace(/\/+$/, "") || "/";
  const index = NAV_ITEMS.findIndex((item) => item.path === normalized);
  return index < 0 ? null : (WEB_VITALS_PAGES[index] ?? null);
}

function send(report: WebVitalsReport) {
  const page = webVitalsPageOf(location.pathname);
  if (!page || !Array.isArray(report?.metrics) || report.metrics.length === 0) return;
  const metrics = report.metrics.map(({ name, value }) => ({ name, value }));
  // keepalive: the report usually comes as the page is hidden or unloaded.
  void fetch("/api/web-vitals", {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ page, metrics }),
  }).catch(() => {});
}

let registered = false;

/** Once per load of the app's frame. */
export function reportWebVitals(): void {
  if (registered) return;
  registered = true;
  const api = (globalThis as { shopify?: { webVitals?: WebVitalsApi } }).shopify?.webVitals;
  void api?.onReport?.(send)?.catch(() => {});
}
