// @ts-check
/*
 * `window.shopify`: the App Bridge API the app calls, over the other parts.
 */
/** @typedef {import("./modal.js").UIModal} UIModal */
/** @typedef {import("./save-bar.js").UISaveBar} UISaveBar */
/** @typedef {import("./web-vitals.js").VitalsMetric} VitalsMetric */
import { embedded, knownAdminOrigin, params, post, request } from "./channel.js";
import { idToken } from "./session.js";
import { toast } from "./toast.js";
import { saveBars } from "./save-bar.js";
import { vitalsCallbacks } from "./web-vitals.js";

// Read while the script runs: document.currentScript is null afterwards.
const script = document.currentScript || document.querySelector("script[data-api-key]");
const apiKeyMeta = /** @type {{ content?: string }} */ (document.querySelector('meta[name="shopify-api-key"]') || {});
const apiKey = (script && script.getAttribute("data-api-key")) || apiKeyMeta.content || "";

// Shopify adds shop/host/locale only to the first URL of the frame; apps that
// drop the query string on in-frame navigations still know them.
/**
 * @param {string} key
 * @param {string} fallback
 */
function remembered(key, fallback) {
  const value = params.get(key);
  try {
    if (value) sessionStorage.setItem(`local-shopify:${key}`, value);
    else return sessionStorage.getItem(`local-shopify:${key}`) || fallback;
  } catch (_) {
    /* storage disabled: the URL is all we have */
  }
  return value || fallback;
}

/**
 * @template {"ui-modal" | "ui-save-bar"} Tag
 * @param {Tag} tagName
 * @param {string} id
 * @returns {{ "ui-modal": UIModal; "ui-save-bar": UISaveBar }[Tag]}
 */
function byId(tagName, id) {
  const element = document.getElementById(id);
  if (!element || element.localName !== tagName) throw new Error(`Local Shopify: no <${tagName} id="${id}">`);
  // An element of the class this script defines for that tag name.
  return /** @type {{ "ui-modal": UIModal; "ui-save-bar": UISaveBar }[Tag]} */ (element);
}
/** @param {string} host */
function hostShop(host) {
  try {
    const match = /\/store\/([^/]+)/.exec(atob(host));
    return match ? `${match[1]}.myshopify.com` : "";
  } catch (_) {
    return "";
  }
}

/** Sets `window.shopify`. */
export function installShopify() {
  const host = remembered("host", "");
  const shopify = {
    __localShopify: true,
    config: {
      apiKey,
      host,
      shop: remembered("shop", hostShop(host)),
      locale: remembered("locale", "en"),
    },
    get origin() {
      return knownAdminOrigin() || "";
    },
    environment: { embedded, mobile: false, pos: false },
    ready: Promise.resolve(),
    idToken: () => idToken(false),
    /** @param {boolean} [isLoading] */
    loading(isLoading) {
      post("loading", { on: isLoading !== false });
    },
    toast,
    modal: {
      show: async (/** @type {string} */ id) => byId("ui-modal", id).show(),
      hide: async (/** @type {string} */ id) => byId("ui-modal", id).hide(),
      toggle: async (/** @type {string} */ id) => byId("ui-modal", id).toggle(),
    },
    saveBar: {
      show: async (/** @type {string} */ id) => byId("ui-save-bar", id).show(),
      hide: async (/** @type {string} */ id) => byId("ui-save-bar", id).hide(),
      toggle: async (/** @type {string} */ id) => byId("ui-save-bar", id).toggle(),
      // Resolves when nothing is unsaved or the merchant chooses to leave; if
      // they stay, it never resolves (as in App Bridge).
      async leaveConfirmation() {
        if (saveBars.size === 0) return;
        const answer = await request("leave-confirmation", {}, 0);
        if (!answer.leave) await new Promise(() => {});
      },
    },
    // App Bridge's review request: the admin decides whether to show Shopify's
    // review modal; here it always does, and records the request for tests.
    reviews: {
      async request() {
        const answer = await request("review-request", {}, 5000);
        return { success: answer.success, code: answer.code, message: answer.message };
      },
    },
    // The app's extensions and where the published theme holds them (the admin reads the shop's theme files).
    app: {
      async extensions() {
        const answer = await request("app-extensions", {}, 5000);
        return answer.extensions;
      },
    },
    webVitals: {
      /** @param {((report: { metrics: VitalsMetric[] }) => void | Promise<void>) | null} callback */
      async onReport(callback) {
        // One callback at a time, as App Bridge keeps it; null unregisters.
        vitalsCallbacks.clear();
        if (callback) vitalsCallbacks.add(callback);
      },
    },
    // Shopify's product picker, drawn by the admin over the app. Answers the chosen
    // products (App Bridge's Product resources) with `selection` pointing at the
    // same list, as App Bridge does, or undefined when the merchant cancels.
    /**
     * @param {{ type: string; action?: "add" | "select"; multiple?: boolean | number; query?: string; selectionIds?: Array<{ id: string }> }} options
     */
    async resourcePicker(options) {
      if (!options || options.type !== "product") throw new Error(`Local Shopify: the resource picker only picks products, not ${options && options.type}`);
      const answer = await request(
        "resource-picker",
        {
          resourceType: "product",
          action: options.action === "select" ? "select" : "add",
          multiple: options.multiple === undefined ? false : options.multiple,
          query: options.query || "",
          selectionIds: (options.selectionIds || []).map((resource) => resource.id),
        },
        0,
      );
      if (!answer.selection) return undefined;
      const selection = answer.selection.slice();
      return Object.assign(selection, { selection });
    },
  };
  // The app's types see App Bridge; the stand-in has the part the app uses (README "Known limits").
  window.shopify = /** @type {typeof window.shopify} */ (/** @type {unknown} */ (shopify));
}
