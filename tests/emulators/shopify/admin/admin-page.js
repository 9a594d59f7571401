// @ts-check
/*
 * The local admin page's own script: the Shopify side of the App Bridge
 * stand-in (./app-bridge.js runs in the app's iframe). It draws what Shopify's
 * admin draws for an embedded app (nav items, title bar, toasts, save bar,
 * src modals, loading bar), answers session-token requests with tokens minted
 * by the server (the app secret never reaches the browser), and keeps the
 * admin URL in step with the frame. Protocol: ./README.md.
 *
 * Inlined into the page by ./index.ts after a JSON config block; plain ES2020.
 */
(() => {
  "use strict";
  /** @typedef {import("./protocol.js").AdminPageConfig} AdminPageConfig */
  /** @typedef {import("./protocol.js").ActionDescription} ActionDescription */
  /** @typedef {import("./protocol.js").AdminMessageFields} AdminMessageFields */
  /** @typedef {import("./protocol.js").FrameMessageFields} FrameMessageFields */
  /**
   * @template {keyof FrameMessageFields} [Type=keyof FrameMessageFields]
   * @typedef {import("./protocol.js").FrameMessage<Type>} FrameMessage
   */
  /** @typedef {Extract<FrameMessage<"save-bar">, { save: unknown }>} SaveBarMessage an open save bar, as the frame last described it */
  /** @typedef {Extract<FrameMessage<"modal">, { actions: unknown }>} OpenModalMessage an open modal, as the frame last described it */
  /** @typedef {ReturnType<typeof openShell>} Shell */
  /** @typedef {import("./protocol.js").PickedProduct} PickedProduct */
  /** @typedef {{ shell: Shell; iframe: HTMLIFrameElement; footer: HTMLElement }} SrcModal */
  /** @typedef {HTMLDivElement & { timer?: ReturnType<typeof setTimeout> }} ToastElement a toast, with the timer that hides it */
  /** @typedef {string | boolean | null | undefined | ((event: Event) => void)} AttributeValue */

  const FROM_APP = "local-shopify:app";
  const FROM_ADMIN = "local-shopify:admin";
  const configElement = document.getElementById("local-shopify-admin-config");
  const frame = document.getElementById("app-iframe");
  // ./index.ts renders both with the page, before this script.
  if (!configElement || !(frame instanceof HTMLIFrameElement)) throw new Error("Local Shopify: the admin page has no config block or no #app-iframe");
  /** @type {AdminPageConfig} */
  const config = JSON.parse(configElement.textContent);
  /**
   * An element of the admin page (./index.ts renders each one this script looks up).
   * @param {string} id
   * @returns {HTMLElement}
   */
  const byTestId = (id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    if (!(element instanceof HTMLElement)) throw new Error(`Local Shopify: the admin page has no [data-testid="${id}"]`);
    return element;
  };
  /**
   * A new element: attributes named on<event> are listeners, the others attribute values (true: present, false/null: absent).
   * @template {keyof HTMLElementTagNameMap} Tag
   * @param {Tag} tag
   * @param {Record<string, AttributeValue>} [attributes]
   * @param {...(Node | string)} children
   * @returns {HTMLElementTagNameMap[Tag]}
   */
  const el = (tag, attributes = {}, ...children) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name.startsWith("on")) element.addEventListener(name.slice(2), /** @type {(event: Event) => void} */ (value));
      else if (value !== null && value !== undefined && value !== false) element.setAttribute(name, value === true ? "" : /** @type {string} */ (value));
    }
    element.append(...children);
    return element;
  };

  /**
   * @type {{
   *   appPath: string;
   *   nav: FrameMessageFields["nav-menu"]["items"];
   *   frameReady?: boolean; // set once the main frame's App Bridge said hello
   *   saveBars: Map<string, SaveBarMessage>;
   *   frameModals: Set<string>;
   *   srcModals: Map<string, SrcModal>;
   * }}
   */
  const state = {
    appPath: "/",
    nav: [],
    saveBars: new Map(), // id -> latest "save-bar" message
    frameModals: new Set(), // ids of content modals the frame draws itself
    srcModals: new Map(), // id -> { shell, iframe, footer }
  };

  /**
   * @template {keyof AdminMessageFields} Type
   * @param {Window | null} target
   * @param {Type} type
   * @param {AdminMessageFields[Type]} data
   */
  function send(target, type, data) {
    if (target) target.postMessage({ source: FROM_ADMIN, type, ...data }, config.appOrigin);
  }
  /**
   * @template {keyof AdminMessageFields} Type
   * @param {Type} type
   * @param {AdminMessageFields[Type]} data
   */
  const toFrame = (type, data) => send(frame.contentWindow, type, data);

  // ------------------------------------------------------------- URLs
  /**
   * App URL (absolute or relative to the app) -> this admin's URL for it.
   * @param {string} appHref
   */
  function adminPathFor(appHref) {
    const url = new URL(appHref, config.appOrigin + config.appBasePath + "/");
    if (url.origin !== config.appOrigin) return null;
    let path = url.pathname;
    if (config.appBasePath && path.startsWith(config.appBasePath)) path = path.slice(config.appBasePath.length);
    path = path.replace(/^\/*/, "/");
    const query = new URLSearchParams(url.search);
    for (const name of config.embedParams) query.delete(name);
    const search = query.toString();
    return { path, href: config.adminBasePath + (path === "/" ? "" : path) + (search ? `?${search}` : "") + url.hash };
  }

  // Shopify URLs the app sends the merchant to -> the same page in Local Shopify
  // (admin.shopify.com/store/<h>/x, <h>.myshopify.com/admin/x and App Bridge's
  // shopify://admin/x are all /store/<h>/x).
  /** @param {string} href */
  function toLocalUrl(href) {
    const url = new URL(href, location.href);
    if (url.protocol === "shopify:" && url.hostname === "admin") {
      const storeBase = config.adminBasePath.replace(/\/apps\/[^/]+$/, "");
      return new URL(storeBase + url.pathname.replace(/\/+$/, "") + url.search + url.hash, location.origin);
    }
    const admin = /^\/store\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (url.hostname === "admin.shopify.com" && admin) return new URL(url.pathname + url.search + url.hash, location.origin);
    const shop = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/i.exec(url.hostname);
    const shopAdmin = /^\/admin(\/.*)?$/.exec(url.pathname);
    if (shop && shopAdmin) {
      return new URL(`/store/${shop[1]}${shopAdmin[1] || ""}${url.search}${url.hash}`, location.origin);
    }
    return url;
  }

  // ------------------------------------------------------------- nav
  /**
   * The nav item the admin marks current: the one whose path is the app's path
   * or, for a page below it (/content/rules), the longest that contains it, as
   * Shopify's admin marks the parent of a nested page (Shopify/shopify-app-bridge#392:
   * /settings/path/to/page highlights Settings, and "/" the rest).
   * @param {string} appPath
   */
  function currentNavIndex(appPath) {
    let current = -1;
    let longest = -1;
    state.nav.forEach((item, index) => {
      const path = adminPathFor(item.href)?.path;
      if (!path) return;
      const base = path.replace(/\/+$/, "");
      const contains = path === "/" || appPath === path || appPath.startsWith(`${base}/`);
      if (contains && base.length > longest) {
        longest = base.length;
        current = index;
      }
    });
    return current;
  }

  function renderNav() {
    const list = byTestId("admin-app-nav");
    const currentIndex = currentNavIndex(state.appPath);
    list.replaceChildren(
      ...state.nav.map((item, index) => {
        const target = adminPathFor(item.href);
        const current = index === currentIndex;
        const link = el(
          "a",
          {
            href: target ? target.href : "#",
            "data-testid": "admin-nav-link",
            "aria-current": current ? "page" : null,
            onclick: (event) => {
              if (!state.frameReady) return; // no App Bridge in the frame: plain link
              event.preventDefault();
              if (blockedBySaveBar()) return;
              toFrame("navigate", { index, href: item.href });
            },
          },
          item.label,
        );
        return el("li", {}, link);
      }),
    );
    byTestId("admin-app-link").toggleAttribute("data-current", currentIndex === -1);
  }

  // ------------------------------------------------------------- title bar
  /**
   * @param {ActionDescription} action
   * @param {() => void} onClick
   * @param {string} testId
   */
  function actionButton(action, onClick, testId) {
    return el(
      "button",
      {
        type: "button",
        "data-testid": testId,
        "data-variant": action.variant || "secondary",
        "data-tone": action.tone,
        disabled: action.disabled || action.loading,
        "aria-busy": action.loading ? "true" : null,
        onclick: onClick,
      },
      action.label,
    );
  }

  // Buttons in title-bar order, primary last (rightmost, as in Shopify); grouped
  // actions (<section label>) become one menu per group.
  /**
   * @param {HTMLElement} container
   * @param {ActionDescription[]} actions
   * @param {(index: number) => void} onAction
   * @param {string} testId
   */
  function renderActions(container, actions, onAction, testId) {
    /** @type {Map<string, HTMLDivElement>} */
    const groups = new Map();
    /** @type {Array<{ button: HTMLElement; primary: boolean }>} */
    const buttons = [];
    actions.forEach((action, index) => {
      if (action.variant === "breadcrumb") return;
      const button = actionButton(action, () => onAction(index), testId);
      if (!action.group) return buttons.push({ button, primary: action.variant === "primary" });
      if (!groups.has(action.group)) {
        const menu = el("div", { class: "menu" });
        const details = el("details", { "data-testid": "admin-title-action-group" }, el("summary", {}, action.group), menu);
        groups.set(action.group, menu);
        buttons.push({ button: details, primary: false });
      }
      /** @type {HTMLDivElement} */ (groups.get(action.group)).append(button); // the group's menu was made above
    });
    buttons.sort((a, b) => Number(a.primary) - Number(b.primary));
    container.replaceChildren(...buttons.map((entry) => entry.button));
  }

  /** @param {FrameMessageFields["title-bar"]} titleBar */
  function renderTitleBar({ title, actions }) {
    const shown = title || config.appName;
    byTestId("admin-title").textContent = shown;
    document.title = `${shown} · ${config.appName} · ${config.storeName}`;
    const breadcrumbIndex = actions.findIndex((action) => action.variant === "breadcrumb");
    const breadcrumb = byTestId("admin-breadcrumb");
    breadcrumb.hidden = breadcrumbIndex === -1;
    breadcrumb.onclick = () => toFrame("title-bar-action", { index: breadcrumbIndex });
    breadcrumb.setAttribute("aria-label", breadcrumbIndex === -1 ? "Back" : /** @type {ActionDescription} */ (actions[breadcrumbIndex]).label || "Back");
    renderActions(byTestId("admin-title-actions"), actions, (index) => toFrame("title-bar-action", { index }), "admin-title-action");
  }

  // ------------------------------------------------------------- toasts
  /**
   * @param {FrameMessage<"toast">} message
   * @param {Window} source
   */
  function showToast(message, source) {
    hideToast(message.id);
    const dismiss = () => {
      hideToast(message.id);
      send(source, "toast-dismiss", { id: message.id });
    };
    /** @type {ToastElement} */
    const toast = el(
      "div",
      {
        class: "toast",
        "data-testid": "admin-toast",
        "data-toast-id": message.id,
        "data-tone": message.isError ? "critical" : "default",
        role: message.isError ? "alert" : "status",
      },
      el("span", {}, message.message),
    );
    if (message.action) {
      toast.append(
        el(
          "button",
          { type: "button", class: "toast-action", onclick: () => (send(source, "toast-action", { id: message.id }), hideToast(message.id)) },
          message.action,
        ),
      );
    }
    toast.append(el("button", { type: "button", class: "toast-close", "aria-label": "Dismiss notification", onclick: dismiss }, "\u00d7"));
    toast.timer = setTimeout(() => hideToast(message.id), message.duration || 5000);
    // Toasts go away by design; tests ask the log whether one was shown, a state that lasts.
    byTestId("admin-toast-log").append(el("li", { "data-tone": message.isError ? "critical" : "default" }, message.message));
    const area = byTestId("admin-toasts");
    area.append(toast);
    while (area.children.length > 3) /** @type {Element} */ (area.firstElementChild).remove(); // it has children
  }
  /** @param {string} id */
  function hideToast(id) {
    /** @type {ToastElement | null} */
    const toast = document.querySelector(`[data-toast-id="${CSS.escape(id)}"]`);
    if (toast) {
      clearTimeout(toast.timer);
      toast.remove();
    }
  }

  // ------------------------------------------------------------- save bar
  function currentSaveBar() {
    return Array.from(state.saveBars.values()).pop() || null;
  }
  function renderSaveBar() {
    const bar = currentSaveBar();
    const element = byTestId("admin-save-bar");
    element.hidden = !bar;
    document.body.toggleAttribute("data-save-bar", Boolean(bar));
    if (!bar) return;
    const save = /** @type {HTMLButtonElement} */ (byTestId("admin-save-bar-save"));
    const discard = /** @type {HTMLButtonElement} */ (byTestId("admin-save-bar-discard"));
    save.textContent = bar.save.label;
    save.disabled = bar.save.disabled || bar.save.loading;
    save.setAttribute("aria-busy", String(bar.save.loading));
    discard.textContent = bar.discard.label;
    discard.disabled = bar.discard.disabled || bar.save.loading;
  }
  // With unsaved changes Shopify keeps the merchant on the page and shakes the bar.
  function blockedBySaveBar() {
    if (!currentSaveBar()) return false;
    const element = byTestId("admin-save-bar");
    element.removeAttribute("data-attention");
    void element.offsetWidth; // restart the animation
    element.setAttribute("data-attention", "");
    return true;
  }
  byTestId("admin-save-bar-save").addEventListener("click", () => {
    const bar = currentSaveBar();
    if (bar) toFrame("save-bar-action", { id: bar.id, action: "save" });
  });
  byTestId("admin-save-bar-discard").addEventListener("click", async () => {
    const bar = currentSaveBar();
    if (!bar) return;
    if (bar.discardConfirmation) {
      const discard = await confirmDialog({
        title: "Discard all unsaved changes",
        message: "If you discard changes, you’ll delete any edits you made since you last saved.",
        accept: "Discard changes",
        cancel: "Continue editing",
      });
      if (!discard) return;
    }
    toFrame("save-bar-action", { id: bar.id, action: "discard" });
  });

  // ------------------------------------------------------------- dialogs
  const layer = () => byTestId("admin-modal-layer");
  // Admin-owned modal shell: focus moves in, Escape and the backdrop close it,
  // focus returns where it was.
  /**
   * @param {{ testId: string; title: string; variant: string; body: HTMLElement; footer: HTMLElement; onClose: () => void }} shell
   */
  function openShell({ testId, title, variant, body, footer, onClose }) {
    // Whatever has focus is an HTML, SVG or MathML element, all of which can take it back.
    const returnFocus = /** @type {(Element & HTMLOrSVGElement) | null} */ (document.activeElement);
    const close = el("button", { type: "button", class: "close", "aria-label": "Close", "data-testid": `${testId}-close` }, "\u00d7");
    const heading = el("h2", { id: `${testId}-title-${Date.now()}` }, title);
    const dialog = el(
      "div",
      {
        class: "dialog",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": heading.id,
        tabindex: "-1",
        "data-testid": testId,
        "data-variant": variant || "base",
      },
      el("header", {}, heading, close),
      body,
      footer,
    );
    const overlay = el("div", { class: "overlay" }, el("div", { class: "backdrop", onclick: () => onClose() }), dialog);
    close.addEventListener("click", () => onClose());
    overlay.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose();
      }
    });
    layer().append(overlay);
    return {
      overlay,
      heading,
      dialog,
      remove() {
        overlay.remove();
        if (returnFocus && returnFocus.isConnected) returnFocus.focus();
      },
    };
  }

  /**
   * @param {{ title: string; message: string; accept: string; cancel: string }} question
   * @returns {Promise<boolean>} whether the merchant accepted
   */
  function confirmDialog({ title, message, accept, cancel }) {
    return new Promise((resolve) => {
      /** @type {Shell} */
      let shell;
      /** @param {boolean} answer */
      const finish = (answer) => {
        shell.remove();
        resolve(answer);
      };
      const cancelButton = el("button", { type: "button", "data-testid": "admin-confirm-cancel", onclick: () => finish(false) }, cancel);
      const acceptButton = el(
        "button",
        { type: "button", "data-testid": "admin-confirm-accept", "data-variant": "primary", "data-tone": "critical", onclick: () => finish(true) },
        accept,
      );
      shell = openShell({
        testId: "admin-confirm",
        title,
        variant: "small",
        body: el("div", { class: "body text" }, message),
        footer: el("footer", {}, cancelButton, acceptButton),
        onClose: () => finish(false),
      });
      cancelButton.focus();
    });
  }

  // shopify.resourcePicker({ type: "product" }): Shopify draws its picker in the
  // admin, over the app. Products come from Local Shopify (config.productsUrl);
  // the answer is the chosen products in App Bridge's shape, or null (cancelled).
  /**
   * @param {FrameMessage<"resource-picker">} request
   * @returns {Promise<PickedProduct[] | null>}
   */
  function resourcePickerDialog(request) {
    const limit = request.multiple === true ? Infinity : typeof request.multiple === "number" && request.multiple > 0 ? request.multiple : 1;
    const verb = request.action === "select" ? "Select" : "Add";
    /** @type {Map<string, PickedProduct>} chosen products, in the order chosen */
    const chosen = new Map();
    const preselected = new Set(request.selectionIds);
    return new Promise((resolve) => {
      /** @type {Shell} */
      let shell;
      /** @param {PickedProduct[] | null} answer */
      const finish = (answer) => {
        shell.remove();
        resolve(answer);
      };
      const search = el("input", { type: "search", "aria-label": "Search products", placeholder: "Search products", value: request.query || "" });
      const list = el("ul", { class: "picker-list", "aria-label": "Products", "data-testid": "admin-resource-picker-list" });
      const count = el("span", { class: "picker-count", "aria-live": "polite" });
      const cancelButton = el("button", { type: "button", "data-testid": "admin-resource-picker-cancel", onclick: () => finish(null) }, "Cancel");
      const doneButton = el(
        "button",
        { type: "button", "data-variant": "primary", "data-testid": "admin-resource-picker-done", onclick: () => finish(Array.from(chosen.values())) },
        verb,
      );
      const refresh = () => {
        count.textContent = chosen.size ? `${chosen.size} selected` : "";
        doneButton.disabled = chosen.size === 0;
        for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (list.querySelectorAll("input[type=checkbox]"))) {
          box.checked = chosen.has(box.value);
          box.disabled = !box.checked && limit !== 1 && chosen.size >= limit;
        }
      };
      /** @param {PickedProduct} product */
      const toggle = (product) => {
        if (chosen.has(product.id)) chosen.delete(product.id);
        else {
          if (limit === 1) chosen.clear();
          if (chosen.size < limit) chosen.set(product.id, product);
        }
        refresh();
      };
      /** @param {PickedProduct} product */
      const row = (product) => {
        const image = product.images[0];
        const prices = product.variants.map((variant) => Number(variant.price));
        const low = Math.min(...prices);
        const high = Math.max(...prices);
        const price = prices.length === 0 ? "" : low === high ? `$${low.toFixed(2)}` : `$${low.toFixed(2)} – $${high.toFixed(2)}`;
        const box = el("input", { type: "checkbox", value: product.id, onchange: () => toggle(product) });
        return el(
          "li",
          {},
          el(
            "label",
            { "data-testid": "admin-resource-picker-item" },
            box,
            image ? el("img", { src: image.originalSrc, alt: "", width: "40", height: "40" }) : "",
            el("span", { class: "picker-title" }, product.title),
            el("span", { class: "picker-meta" }, price),
          ),
        );
      };
      let searchSeq = 0;
      const load = async () => {
        const seq = ++searchSeq;
        list.setAttribute("aria-busy", "true");
        try {
          const response = await fetch(`${config.productsUrl}?query=${encodeURIComponent(search.value)}`, { headers: { Accept: "application/json" } });
          const body = /** @type {{ products: PickedProduct[] }} */ (await response.json());
          if (seq !== searchSeq) return;
          // Preselected products (selectionIds) start chosen the first time they are shown.
          for (const product of body.products) {
            if (preselected.delete(product.id) && chosen.size < limit) chosen.set(product.id, product);
          }
          list.replaceChildren(...(body.products.length ? body.products.map(row) : [el("li", { class: "picker-empty" }, "No products found")]));
          refresh();
        } finally {
          if (seq === searchSeq) list.removeAttribute("aria-busy");
        }
      };
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let typing;
      search.addEventListener("input", () => {
        clearTimeout(typing);
        typing = setTimeout(load, 200);
      });
      shell = openShell({
        testId: "admin-resource-picker",
        title: `${verb} products`,
        variant: "base",
        body: el("div", { class: "body picker" }, search, list),
        footer: el("footer", {}, count, cancelButton, doneButton),
        onClose: () => finish(null),
      });
      refresh();
      search.focus();
      void load();
    });
  }

  // Modals with `src`: an iframe of that app URL, loaded with the same embedded
  // params and a fresh token as the main frame.
  /** @param {OpenModalMessage} message */
  async function openSrcModal(message) {
    let modal = state.srcModals.get(message.id);
    if (!modal) {
      const iframe = el("iframe", { name: `local-shopify-modal-${message.id}`, title: message.title || config.appName, "data-testid": "admin-modal-frame" });
      const footer = el("footer", {});
      const shell = openShell({
        testId: "admin-modal",
        title: message.title,
        variant: message.variant,
        body: el("div", { class: "body frame" }, iframe),
        footer,
        onClose: () => {
          closeSrcModal(message.id);
          toFrame("modal-close", { id: message.id });
        },
      });
      modal = { shell, iframe, footer };
      state.srcModals.set(message.id, modal);
      shell.dialog.focus();
      const src = new URL(/** @type {string} */ (message.src)); // only modals with a src come here
      if (src.origin !== config.appOrigin) return console.warn("Local Shopify: modal src must be on the app's origin", message.src);
      for (const [name, value] of Object.entries(await embeddedParams())) src.searchParams.set(name, value);
      iframe.src = src.href;
    }
    modal.shell.heading.textContent = message.title || "";
    modal.shell.dialog.setAttribute("data-variant", message.variant || "base");
    renderActions(modal.footer, message.actions || [], (index) => toFrame("modal-action", { id: message.id, index }), "admin-modal-action");
  }
  /** @param {string} id */
  function closeSrcModal(id) {
    const modal = state.srcModals.get(id);
    if (!modal) return;
    state.srcModals.delete(id);
    modal.shell.remove();
  }

  // Content modals are drawn by the frame; the admin dims its own chrome.
  function renderFrameModalBackdrop() {
    const open = state.frameModals.size > 0;
    byTestId("admin-modal-backdrop").hidden = !open;
    document.body.toggleAttribute("data-frame-modal", open);
  }
  byTestId("admin-modal-backdrop").addEventListener("click", () => {
    const last = Array.from(state.frameModals).pop();
    if (last) toFrame("modal-close", { id: last });
  });

  // ------------------------------------------------------------- tokens
  /** @returns {Promise<string>} */
  async function freshIdToken() {
    const response = await fetch(config.tokenUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    if (!response.ok) throw new Error(`Local Shopify could not mint a session token (HTTP ${response.status})`);
    return (await response.json()).idToken;
  }
  async function embeddedParams() {
    return {
      embedded: "1",
      host: config.host,
      id_token: await freshIdToken(),
      locale: "en",
      session: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(""),
      shop: config.shop,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
  }

  // ------------------------------------------------------------- messages
  function resetForNewDocument() {
    renderTitleBar({ title: null, actions: [] });
    state.saveBars.clear();
    renderSaveBar();
    state.frameModals.clear();
    renderFrameModalBackdrop();
    for (const id of Array.from(state.srcModals.keys())) closeSrcModal(id);
    byTestId("admin-loading").hidden = true;
  }

  /** @typedef {{ source: Window; main: boolean }} Sender the frame that posted (main: the app's frame, else a src modal's) */
  /** @type {{ [Type in keyof FrameMessageFields]: (message: FrameMessage<Type>, sender: Sender) => void }} */
  const handlers = {
    hello(message, { source, main }) {
      send(source, "welcome", { shop: config.shop });
      if (!main) return;
      state.frameReady = true;
      document.body.setAttribute("data-frame-ready", "");
      resetForNewDocument();
    },
    async "id-token"(message, { source }) {
      try {
        send(source, "response", { requestId: message.requestId, idToken: await freshIdToken() });
      } catch (error) {
        // freshIdToken fails with Errors only (its own, fetch's, JSON's).
        send(source, "response", { requestId: message.requestId, error: String(/** @type {Error} */ (error).message || error) });
      }
    },
    location(message, { main }) {
      if (!main) return;
      const target = adminPathFor(message.href);
      if (!target) return;
      state.appPath = target.path;
      document.body.setAttribute("data-app-path", target.path);
      history.replaceState(history.state, "", target.href);
      renderNav();
    },
    "nav-menu"(message, { main }) {
      if (!main) return;
      state.nav = message.items || [];
      renderNav();
    },
    "title-bar"(message, { main }) {
      if (main) renderTitleBar({ title: message.title, actions: message.actions || [] });
    },
    // shopify.reviews.request(): recorded (window.localShopifyReviewRequests and a
    // visible marker) so tests can see that and when the app asked for a review.
    "review-request"(message, { source }) {
      const recorder = /** @type {Window & { localShopifyReviewRequests?: Array<{ at: string; appPath: string }> }} */ (window);
      const requests = (recorder.localShopifyReviewRequests = recorder.localShopifyReviewRequests || []);
      requests.push({ at: new Date().toISOString(), appPath: state.appPath });
      document.body.setAttribute("data-review-requests", String(requests.length));
      send(source, "response", { requestId: message.requestId, success: true, code: "success", message: "Review modal shown successfully" });
    },
    // shopify.app.extensions(): Local Shopify works it out from the shop's published theme files.
    async "app-extensions"(message, { source }) {
      try {
        const response = await fetch(config.extensionsUrl);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        send(source, "response", { requestId: message.requestId, extensions: (await response.json()).extensions });
      } catch (error) {
        send(source, "response", { requestId: message.requestId, error: `Local Shopify could not read the app's extensions (${String(error)})` });
      }
    },
    toast(message, { source }) {
      showToast(message, source);
    },
    "toast-hide"(message) {
      hideToast(message.id);
    },
    loading(message) {
      byTestId("admin-loading").hidden = !message.on;
    },
    modal(message, { main }) {
      if (!main) return;
      if (message.src) {
        if (message.open) openSrcModal(message);
        else closeSrcModal(message.id);
        return;
      }
      if (message.open) state.frameModals.add(message.id);
      else state.frameModals.delete(message.id);
      renderFrameModalBackdrop();
    },
    escape(message, { source, main }) {
      if (main) return;
      for (const [id, modal] of state.srcModals) {
        if (modal.iframe.contentWindow === source) {
          closeSrcModal(id);
          toFrame("modal-close", { id });
        }
      }
    },
    "save-bar"(message, { main }) {
      if (!main) return;
      state.saveBars.delete(message.id);
      if (message.open) state.saveBars.set(message.id, message);
      renderSaveBar();
    },
    async "resource-picker"(message, { source, main }) {
      if (!main) {
        send(source, "response", { requestId: message.requestId, error: "Local Shopify: the resource picker opens from the app's own frame" });
        return;
      }
      send(source, "response", { requestId: message.requestId, selection: await resourcePickerDialog(message) });
    },
    async "leave-confirmation"(message, { source }) {
      const leave = await confirmDialog({
        title: "Leave page with unsaved changes?",
        message: "Leaving this page will delete all unsaved changes.",
        accept: "Leave page",
        cancel: "Stay",
      });
      send(source, "response", { requestId: message.requestId, leave });
    },
    "navigate-top"(message) {
      const target = toLocalUrl(message.url);
      if (target.protocol === "http:" || target.protocol === "https:") location.assign(target.href);
    },
  };

  window.addEventListener("message", (event) => {
    // Anything anyone posted; a FrameMessage once its source and origin are checked.
    const message = /** @type {FrameMessage | null | undefined} */ (event.data);
    if (!message || message.source !== FROM_APP || event.origin !== config.appOrigin) return;
    const main = event.source === frame.contentWindow;
    const fromModal = Array.from(state.srcModals.values()).some((modal) => modal.iframe.contentWindow === event.source);
    if (!main && !fromModal) return;
    // The message's type picked the handler, so the handler takes this message.
    const handler = /** @type {(message: FrameMessage, sender: Sender) => void} */ (handlers[message.type]);
    // event.source is the app's frame or a src modal's frame (checked above): a Window.
    if (handler) handler(message, { source: /** @type {Window} */ (event.source), main });
  });

  // Escape in the admin closes the topmost admin-drawn dialog (handled by each shell).
  renderTitleBar({ title: null, actions: [] });
  renderNav();
})();
