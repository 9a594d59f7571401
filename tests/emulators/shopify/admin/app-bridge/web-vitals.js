// @ts-check
/*
 * `shopify.webVitals`: the framed document's LCP, CLS and INP.
 */

// Like App Bridge, the stand-in measures the framed document's LCP, CLS and
// INP itself (PerformanceObserver, the definitions web.dev gives) and hands
// them to the callbacks of `webVitals.onReport` as `{ metrics: [{ id, name,
// value }] }` when the document is hidden or unloaded, or the app moves to
// another page (history.pushState to another path): LCP once per document,
// CLS and INP per page, again only when they grew since the last report.
/** @typedef {{ id: string; name: "LCP" | "CLS" | "INP"; value: number }} VitalsMetric */
/** @type {Set<(report: { metrics: VitalsMetric[] }) => void | Promise<void>>} */
export const vitalsCallbacks = new Set();
const vitalsLoad = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const vitals = { lcp: -1, cls: 0, inp: -1 };
/** @type {Record<string, number>} what was last reported, per metric */
const vitalsSent = {};
let lcpFinal = false;
let vitalsPage = 0;
/** @type {Map<number, number>} the longest event of each interaction */
const interactions = new Map();
let clsWindow = { value: 0, first: 0, last: 0 };
/**
 * @param {string} type
 * @param {(entries: PerformanceEntryList) => void} onEntries
 * @param {Record<string, unknown>} [extra]
 */
function observe(type, onEntries, extra = {}) {
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true, ...extra });
  } catch (_) {
    // An engine without this entry type: the metric is not reported, as in App Bridge.
  }
}

function reportVitals() {
  lcpFinal = true;
  /** @type {VitalsMetric[]} */
  const metrics = [];
  /** @type {Array<[VitalsMetric["name"], number]>} */
  const measured = [
    ["LCP", vitals.lcp],
    ["CLS", vitals.cls],
    ["INP", vitals.inp],
  ];
  for (const [name, value] of measured) {
    if (value < 0 || vitalsSent[name] === value || (name === "LCP" && name in vitalsSent)) continue;
    vitalsSent[name] = value;
    metrics.push({ id: `v1-${vitalsLoad}-${vitalsPage}-${name}`, name, value });
  }
  if (metrics.length === 0) return;
  for (const callback of vitalsCallbacks) {
    try {
      void Promise.resolve(callback({ metrics: metrics.map((metric) => ({ ...metric })) })).catch(() => {});
    } catch (_) {
      // One callback's failure never stops the others.
    }
  }
}
// Another page of the app, shown without a new document: LCP belongs to the document's first page only;
// CLS and INP start again for the new page.
export function vitalsPageLeft() {
  reportVitals();
  vitalsPage += 1;
  vitals.cls = 0;
  vitals.inp = -1;
  clsWindow = { value: 0, first: 0, last: 0 };
  interactions.clear();
  delete vitalsSent.CLS;
  delete vitalsSent.INP;
}

/** Starts measuring. */
export function installVitals() {
  observe("largest-contentful-paint", (entries) => {
    const last = entries[entries.length - 1];
    if (last && !lcpFinal) vitals.lcp = last.startTime;
  });
  // Layout shifts without recent input, in session windows (gaps under 1 s, at most 5 s); CLS is the largest window.
  observe("layout-shift", (entries) => {
    for (const entry of /** @type {Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>} */ (entries)) {
      if (entry.hadRecentInput) continue;
      const joins = clsWindow.value > 0 && entry.startTime - clsWindow.last < 1000 && entry.startTime - clsWindow.first < 5000;
      clsWindow = joins
        ? { value: clsWindow.value + entry.value, first: clsWindow.first, last: entry.startTime }
        : { value: entry.value, first: entry.startTime, last: entry.startTime };
      vitals.cls = Math.max(vitals.cls, clsWindow.value);
    }
  });
  // INP: the longest interaction, or with many of them the 98th percentile (one left out per 50).
  const recordInteractions = (/** @type {PerformanceEntryList} */ entries) => {
    for (const entry of /** @type {Array<PerformanceEntry & { interactionId?: number }>} */ (entries)) {
      if (!entry.interactionId) continue;
      interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) || 0, entry.duration));
    }
    const longest = [...interactions.values()].sort((a, b) => b - a);
    vitals.inp = longest[Math.min(longest.length - 1, Math.floor(longest.length / 50))] ?? -1;
  };
  observe("event", recordInteractions, { durationThreshold: 16 });
  observe("first-input", recordInteractions);
  // LCP stops at the first input, as the browser's own definition does.
  for (const type of ["keydown", "pointerdown"]) addEventListener(type, () => (lcpFinal = true), { once: true, capture: true });

  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && reportVitals(), true);
  addEventListener("pagehide", reportVitals, true);
}
