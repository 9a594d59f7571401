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

type ShopifyGlobal = { webVitals?: WebVitalsApi; idToken?: () => Promise<string> };
const shopifyGlobal = () => (globalThis as { shopify?: ShopifyGlobal }).shopify;

// Reports come as the frame unloads, when a fetch must start at once: App Bridge's
// fetch would first wait for a session token, and a fetch started after that wait is
// dropped with the document. So a token is kept at hand (session tokens last a
// minute; an older one is left to App Bridge's fetch to replace).
const TOKEN_KEPT_MS = 45_000;
let keptToken: { value: string; at: number } | null = null;
function keepToken() {
  shopifyGlobal()
    ?.idToken?.()
    .then((value) => (keptToken = { value, at: Date.now() }))
    .catch(() => {});
}

function send(report: WebVitalsReport) {
  const page = webVitalsPageOf(location.pathname);
  if (!page || !Array.isArray(report?.metrics) || report.metrics.length === 0) return;
  const metrics = report.metrics.map(({ name, value }) => ({ name, value }));
  // keepalive: the report usually comes as the page is hidden or unloaded.
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (keptToken && Date.now() - keptToken.at < TOKEN_KEPT_MS) headers.Authorization = `Bearer ${keptToken.value}`;
  keepToken();
  void fetch("/api/web-vitals", {
    method: "POST",
    keepalive: true,
    headers,
    body: JSON.stringify({ page, metrics }),
  }).catch(() => {});
}

let registered = false;

/** Once per load of the app's frame. */
export function reportWebVitals(): void {
  if (registered) return;
  registered = true;
  const api = shopifyGlobal()?.webVitals;
  if (!api?.onReport) return;
  keepToken();
  // The page stays open for minutes: renew the kept token on the merchant's interactions, at most once a kept token's age.
  addEventListener("pointerdown", () => keptToken && Date.now() - keptToken.at > TOKEN_KEPT_MS / 2 && keepToken(), { capture: true, passive: true });
  void api.onReport(send).catch(() => {});
}
