// @ts-check
/*
 * Local Shopify's stand-in for Shopify's App Bridge script
 * (https://cdn.shopify.com/shopifycloud/app-bridge.js), which our machines cannot
 * reach. The app loads it inside the admin's iframe, exactly like the real one:
 *   <script src="<local shopify>/app-bridge.js" data-api-key="..."></script>
 *
 * It gives the app what @shopify/shopify-app-remix and @shopify/app-bridge-react
 * rely on: `window.shopify` (idToken, toast, modal, saveBar, loading, config...),
 * the fetch wrapper that authenticates same-origin requests with a session
 * token, `open(url, "_top")` leaving the iframe, the bounce page reload, and the
 * ui-nav-menu / ui-title-bar / ui-modal / ui-save-bar elements.
 *
 * Everything that Shopify draws in its admin (nav, title bar, toasts, save bar,
 * src modals) is sent to the local admin page (tests/emulators/shopify/admin/) by
 * postMessage; the protocol is described in tests/emulators/shopify/admin/README.md.
 *
 * The custom elements never touch their light-DOM children: React renders and
 * hydrates those children, and any change before hydration is React error #418.
 * Each element gets a shadow root (which hides or slots the children) and only
 * reads the children, re-reading them when React changes them (MutationObserver).
 *
 * Plain ES2020, no build step, no dependencies.
 */
(() => {
  "use strict";
  /** @typedef {import("./protocol.js").ActionDescription} ActionDescription */
  /** @typedef {import("./protocol.js").FrameMessageFields} FrameMessageFields */
  /** @typedef {import("./protocol.js").AdminMessageFields} AdminMessageFields */
  /** @typedef {import("./protocol.js").RequestAnswers} RequestAnswers */
  /**
   * @template {keyof AdminMessageFields} [Type=keyof AdminMessageFields]
   * @typedef {import("./protocol.js").AdminMessage<Type>} AdminMessage
   */
  /** @typedef {import("@shopify/app-bridge-types").ToastOptions} ToastOptions */
  /** @typedef {HTMLButtonElement | HTMLAnchorElement} ActionElement a title-bar button or link */
  /** @typedef {ReturnType<typeof buildChrome>} Chrome a modal's overlay, dialog, title and footer */
  /** @typedef {Element & HTMLOrSVGElement & { disabled?: boolean }} Focusable form controls have `disabled`, links do not */

  // window.shopify is typed as App Bridge (@shopify/app-bridge-types), but is unset until an App Bridge script ran.
  const existing = /** @type {{ __localShopify?: true } | undefined} */ (window.shopify);
  if (existing && existing.__localShopify) return; // the tag was rendered twice

  /** @type {"local-shopify:app"} */ // not widened to string in the messages it marks
  const FROM_APP = "local-shopify:app";
  const FROM_ADMIN = "local-shopify:admin";
  const script = document.currentScript || document.querySelector("script[data-api-key]");
  const apiKeyMeta = /** @type {{ content?: string }} */ (document.querySelector('meta[name="shopify-api-key"]') || {});
  const apiKey = (script && script.getAttribute("data-api-key")) || apiKeyMeta.content || "";
  const params = new URLSearchParams(location.search);
  const embedded = window.parent !== window;

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

  // ---------------------------------------------------------------- channel
  // The admin's origin: Chromium and WebKit tell us directly; elsewhere we learn
  // it from the admin's answer to "hello" (only the real parent can send a
  // message whose `source` is window.parent). Until it is known, messages wait
  // in the outbox rather than being posted to "*".
  /** @type {string | null} */
  let adminOrigin = null;
  try {
    if (location.ancestorOrigins && location.ancestorOrigins.length) adminOrigin = /** @type {string} */ (location.ancestorOrigins[0]);
  } catch (_) {
    /* not available */
  }
  /** @type {Array<{ source: typeof FROM_APP; type: keyof FrameMessageFields }>} */
  const outbox = [];
  /** @type {{ [Type in keyof AdminMessageFields]?: (message: AdminMessage<Type>) => void }} */
  const handlers = {};

  /**
   * @template {keyof FrameMessageFields} Type
   * @param {Type} type
   * @param {FrameMessageFields[Type]} data
   */
  function post(type, data) {
    if (!embedded) return;
    const message = { source: FROM_APP, type, ...data };
    if (adminOrigin) window.parent.postMessage(message, adminOrigin);
    else outbox.push(message);
  }

  window.addEventListener("message", (event) => {
    // Anything anyone posted; an AdminMessage once its source and origin are checked.
    const message = /** @type {AdminMessage | null | undefined} */ (event.data);
    if (!embedded || event.source !== window.parent || !message || message.source !== FROM_ADMIN) return;
    if (message.type === "welcome" && !adminOrigin) {
      adminOrigin = event.origin;
      for (const queued of outbox.splice(0)) window.parent.postMessage(queued, adminOrigin);
    }
    if (event.origin !== adminOrigin) return;
    // The message's type picked the handler, so the handler takes this message.
    const handler = /** @type {((message: AdminMessage) => void) | undefined} */ (handlers[message.type]);
    if (handler) handler(message);
  });

  // Requests the admin answers with {type: "response", requestId, ...} or {error}.
  /** @type {Map<string, (answer: AdminMessage<"response">) => void>} */
  const pending = new Map();
  let requestSeq = 0;
  /**
   * @template {keyof RequestAnswers} Type
   * @param {Type} type
   * @param {Omit<FrameMessageFields[Type], "requestId">} data
   * @param {number} timeoutMs no time limit when 0
   * @returns {Promise<RequestAnswers[Type]>}
   */
  function request(type, data, timeoutMs) {
    if (!embedded) return Promise.reject(new Error("Local Shopify: the app is not inside the admin"));
    const requestId = `${Date.now().toString(36)}-${++requestSeq}`;
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs &&
        setTimeout(() => {
          pending.delete(requestId);
          reject(new Error(`Local Shopify: the admin did not answer "${type}"`));
        }, timeoutMs);
      pending.set(requestId, (answer) => {
        clearTimeout(timer);
        if (answer.error) reject(new Error(answer.error));
        // The admin answers a request with that request's answer.
        else resolve(/** @type {RequestAnswers[Type]} */ (/** @type {unknown} */ (answer)));
      });
      // The request's own fields plus its id: that request's message fields.
      post(type, /** @type {FrameMessageFields[Type]} */ (/** @type {unknown} */ ({ requestId, ...data })));
    });
  }
  handlers.response = (message) => {
    const settle = pending.get(message.requestId);
    pending.delete(message.requestId);
    if (settle) settle(message);
  };

  if (embedded) window.parent.postMessage({ source: FROM_APP, type: "hello" }, adminOrigin || "*");

  // --------------------------------------------------------------- idToken
  // Tokens live one minute; a cached one is reused until 10 s before it expires.
  /** @type {{ token: string; expiresAt: number } | null} */
  let cachedToken = null;
  /** @type {Promise<string> | null} */
  let tokenInFlight = null;
  /** @param {string} token */
  function expiryOf(token) {
    try {
      const payload = token.split(".")[1];
      if (payload === undefined) return 0; // not a JWT
      return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))).exp * 1000;
    } catch (_) {
      return 0;
    }
  }
  /** @param {string} token */
  function keepToken(token) {
    cachedToken = { token, expiresAt: expiryOf(token) };
    return token;
  }
  if (params.get("id_token")) keepToken(/** @type {string} */ (params.get("id_token")));

  /**
   * @param {boolean} fresh whether a cached token will not do
   * @returns {Promise<string>}
   */
  function idToken(fresh) {
    if (!fresh && cachedToken && cachedToken.expiresAt - Date.now() > 10000) return Promise.resolve(cachedToken.token);
    if (!tokenInFlight) {
      tokenInFlight = request("id-token", {}, 10000)
        .then((answer) => keepToken(answer.idToken))
        .finally(() => {
          tokenInFlight = null;
        });
    }
    return tokenInFlight;
  }

  // ----------------------------------------------------------------- fetch
  // Same-origin requests carry `Authorization: Bearer <session token>`, which is
  // how authenticate.admin tells data requests from document requests.
  const nativeFetch = window.fetch.bind(window);
  const RETRY_HEADER = "X-Shopify-Retry-Invalid-Session-Request";
  const REAUTHORIZE_HEADER = "X-Shopify-API-Request-Failure-Reauthorize-Url";
  window.fetch = async function localShopifyFetch(input, init) {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
    if (!embedded || new URL(url, location.href).origin !== location.origin) return nativeFetch(input, init);
    const original = new Request(input, init);
    if (original.headers.has("Authorization")) return nativeFetch(original);
    /** @param {boolean} fresh */
    const send = async (fresh) => {
      const attempt = original.clone();
      attempt.headers.set("Authorization", `Bearer ${await idToken(fresh)}`);
      return nativeFetch(attempt);
    };
    let response = await send(false);
    // The library asks for exactly one retry when the token was rejected (e.g. expired).
    if (response.status === 401 && response.headers.get(RETRY_HEADER) === "1") response = await send(true);
    // Billing and re-auth: the library wants the whole admin window to go there.
    const reauthorizeUrl = response.headers.get(REAUTHORIZE_HEADER);
    if (reauthorizeUrl) navigateTop(reauthorizeUrl);
    return response;
  };

  // ------------------------------------------------------ top navigation
  // The exit-iframe page calls open(url, "_top"); a cross-origin frame may not
  // navigate its top window itself without a user gesture, so the admin does it.
  /** @param {string} url */
  function navigateTop(url) {
    post("navigate-top", { url: new URL(url, location.href).href });
  }
  const nativeOpen = window.open;
  window.open = function localShopifyOpen(url, target, features) {
    const name = String(target || "").toLowerCase();
    if (embedded && url && (name === "_top" || name === "_parent")) {
      navigateTop(String(url));
      return null;
    }
    return nativeOpen.call(window, url, target, features);
  };

  // The library's bounce page (/auth/session-token?shopify-reload=<url>) expects
  // App Bridge to reload <url> with a fresh id_token.
  const reloadUrl = params.get("shopify-reload");
  if (reloadUrl) {
    const target = new URL(reloadUrl, location.href);
    if (target.origin === location.origin) {
      idToken(true).then((token) => {
        target.searchParams.set("id_token", token);
        location.replace(target.href);
      });
    }
  }

  // ------------------------------------------------------ location sync
  // Shopify keeps the admin URL in step with the frame, so a reload reopens the
  // same page. Bounce and exit pages are transient and not reported.
  function reportLocation() {
    if (reloadUrl || params.has("exitIframe")) return;
    const url = new URL(location.href);
    url.searchParams.delete("id_token");
    post("location", { href: url.href });
  }
  for (const method of /** @type {const} */ (["pushState", "replaceState"])) {
    const native = history[method];
    history[method] = function (...args) {
      // Leaving an app page for another: that page's CLS and INP are final (reported before the URL changes).
      if (args[2] != null && new URL(String(args[2]), location.href).pathname !== location.pathname) vitalsPageLeft();
      const result = native.apply(this, args);
      reportLocation();
      return result;
    };
  }
  window.addEventListener("popstate", reportLocation);
  reportLocation();

  // ----------------------------------------------------------------- toast
  /** @type {Map<string, ToastOptions>} */
  const toastOptions = new Map();
  let toastSeq = 0;
  const toast = {
    /**
     * @param {string} message
     * @param {ToastOptions} [options]
     */
    show(message, options = {}) {
      const id = `toast-${++toastSeq}`;
      const duration = Number(options.duration) > 0 ? Number(options.duration) : 5000;
      toastOptions.set(id, options);
      setTimeout(() => toastOptions.delete(id), duration + 60000);
      if (!embedded) console.info(`[toast] ${message}`);
      post("toast", { id, message: String(message), isError: Boolean(options.isError), duration, action: options.action || null });
      return id;
    },
    /** @param {string} id */
    hide(id) {
      toastOptions.delete(id);
      post("toast-hide", { id });
    },
  };
  handlers["toast-action"] = ({ id }) => {
    const options = toastOptions.get(id);
    if (options && typeof options.onAction === "function") options.onAction();
  };
  handlers["toast-dismiss"] = ({ id }) => {
    const options = toastOptions.get(id);
    toastOptions.delete(id);
    if (options && typeof options.onDismiss === "function") options.onDismiss();
  };

  // --------------------------------------------------- custom element kit
  const HIDE_CHILDREN = "<style>:host{display:none!important}</style>";
  /**
   * @param {Node} element
   * @param {MutationCallback} callback
   * @returns {() => void} starts watching
   */
  function watch(element, callback) {
    const observer = new MutationObserver(callback);
    return () => observer.observe(element, { childList: true, subtree: true, attributes: true, characterData: true });
  }
  /**
   * @param {Element} element
   * @param {string} name
   */
  function flag(element, name) {
    // React 18 writes boolean props of custom elements as "true"/"false" strings.
    const value = element.getAttribute(name);
    return value !== null && value !== "false";
  }
  // The buttons/links of a ui-title-bar: direct <button>/<a>, and grouped ones in <section label>.
  /**
   * @param {Element | null} titleBar
   * @returns {Array<ActionDescription & { element: ActionElement }>}
   */
  function readActions(titleBar) {
    /** @type {Array<{ element: ActionElement; group: string | null }>} */
    const actions = [];
    if (!titleBar) return [];
    for (const child of titleBar.children) {
      if (child.localName === "button" || child.localName === "a") actions.push({ element: /** @type {ActionElement} */ (child), group: null });
      if (child.localName === "section") {
        for (const inner of /** @type {NodeListOf<ActionElement>} */ (child.querySelectorAll("button, a"))) {
          actions.push({ element: inner, group: child.getAttribute("label") || "More actions" });
        }
      }
    }
    return actions.map(({ element, group }) => ({
      element,
      label: element.textContent.trim(),
      variant: element.getAttribute("variant") || null,
      tone: element.getAttribute("tone") || null,
      disabled: element.disabled === true || flag(element, "disabled"),
      loading: flag(element, "loading"),
      group,
    }));
  }
  /**
   * What the admin is told about actions (all but the element).
   * @param {Array<ActionDescription & { element: ActionElement }>} actions
   * @returns {ActionDescription[]}
   */
  const describe = (actions) => actions.map(({ element: _element, ...rest }) => rest);
  /**
   * @param {Array<{ element: ActionElement; disabled: boolean }>} actions
   * @param {number} index
   */
  function clickAction(actions, index) {
    const action = actions[index];
    if (action && !action.disabled) action.element.click();
  }
  /**
   * @param {string} name
   * @param {CustomElementConstructor} constructor
   */
  function define(name, constructor) {
    if (!customElements.get(name)) customElements.define(name, constructor);
  }

  // ------------------------------------------------------------ ui-nav-menu
  // <a rel="home"> is the app's home (the app name in the admin), not an item.
  // The links of the nav menu that reported last (the one the admin shows).
  /** @type {(() => HTMLAnchorElement[]) | null} */
  let currentNavLinks = null;
  class UINavMenu extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML = HIDE_CHILDREN;
      this.startWatching = watch(this, () => this.report());
    }
    connectedCallback() {
      this.startWatching();
      this.report();
    }
    links() {
      return Array.from(/** @type {NodeListOf<HTMLAnchorElement>} */ (this.querySelectorAll("a[href]"))).filter((a) => a.getAttribute("rel") !== "home");
    }
    report() {
      currentNavLinks = () => this.links();
      const home = this.querySelector('a[rel="home"]');
      post("nav-menu", {
        items: this.links().map((a) => ({ label: a.textContent.trim(), href: /** @type {string} */ (a.getAttribute("href")) })), // a[href]
        home: home ? home.getAttribute("href") : null,
      });
    }
  }
  // The admin says which item was clicked; shopify-app-remix's AppProvider
  // listens for this event and navigates client-side to the <a>'s href.
  handlers.navigate = ({ index, href }) => {
    if (!currentNavLinks) return;
    const links = currentNavLinks();
    const link = links.find((a) => a.getAttribute("href") === href) || links[index];
    if (link) link.dispatchEvent(new CustomEvent("shopify:navigate", { bubbles: true }));
  };
  define("ui-nav-menu", UINavMenu);

  // ----------------------------------------------------------- ui-title-bar
  // A title bar inside a ui-modal belongs to the modal; the others set the page
  // title in the admin (the last connected one wins).
  /** @type {UITitleBar[]} */
  const pageTitleBars = [];
  function currentTitleBar() {
    return pageTitleBars[pageTitleBars.length - 1] || null;
  }
  function reportTitleBar() {
    const bar = currentTitleBar();
    post("title-bar", bar ? { title: bar.getAttribute("title") || "", actions: describe(readActions(bar)) } : { title: null, actions: [] });
  }
  class UITitleBar extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" }).innerHTML = HIDE_CHILDREN;
      this.startWatching = watch(this, () => {
        if (currentTitleBar() === this) reportTitleBar();
      });
    }
    connectedCallback() {
      this.startWatching();
      if (this.closest("ui-modal")) return;
      pageTitleBars.push(this);
      reportTitleBar();
    }
    disconnectedCallback() {
      const index = pageTitleBars.indexOf(this);
      if (index === -1) return;
      pageTitleBars.splice(index, 1);
      reportTitleBar();
    }
  }
  handlers["title-bar-action"] = ({ index }) => clickAction(readActions(currentTitleBar()), index);
  define("ui-title-bar", UITitleBar);

  // --------------------------------------------------------------- ui-modal
  // Modals with `src` are drawn by the admin around an iframe of that URL.
  // Modals with content are drawn here, over the app, because that content is
  // live app UI (React state, inputs, Polaris popovers) that a copy in the
  // admin could not run; the admin only dims its own chrome around the frame.
  // - React (@shopify/app-bridge-react's <Modal>) portals the content into
  //   `modal.content`, an element of ours, shown in an overlay added to <body>:
  //   never trapped in a Card's stacking context, z-index 519 with
  //   data-polaris-layer so Polaris stacks popovers opened from it above it.
  //   The dialog and body are light DOM: Polaris opens a popover only when its
  //   activator has an offsetParent, which slotted content never has.
  // - Plain HTML children are shown through a <slot> of the modal's shadow root.
  // Header and footer are small shadow roots, so the app's CSS cannot restyle them.
  const BAR_CSS = `
    header,footer{display:flex;align-items:center;gap:8px;padding:12px 16px;font:13px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:#303030}
    header{background:#f3f3f3;border-bottom:1px solid #e3e3e3;border-radius:12px 12px 0 0}
    footer{justify-content:flex-end;border-top:1px solid #e3e3e3}
    footer:empty{display:none}
    h2{flex:1;margin:0;font-size:14px;font-weight:650}
    button{font:inherit;font-weight:550;padding:6px 12px;border-radius:8px;border:1px solid #c9c9c9;background:#fff;color:#303030;cursor:pointer}
    button[data-variant=primary]{background:#303030;border-color:#303030;color:#fff}
    button[data-tone=critical]{color:#8e0b21}
    button[data-variant=primary][data-tone=critical]{background:#c70a24;border-color:#c70a24;color:#fff}
    button:disabled{opacity:.5;cursor:default}
    .close{border:0;background:transparent;font-size:18px;line-height:1;padding:4px 8px}`;
  /** @type {Record<string, string>} */
  const WIDTHS = { small: "380px", base: "620px", large: "980px" };
  const FOCUSABLE = 'input:not([type=hidden]),select,textarea,button,[href],[tabindex]:not([tabindex="-1"])';
  /** @type {UIModal[]} */
  const openModals = []; // in opening order; Escape closes the last one
  let modalSeq = 0;

  /**
   * @template {keyof HTMLElementTagNameMap} Tag
   * @param {Tag} tag
   * @param {string} css
   * @param {Record<string, string>} [attributes]
   */
  function styled(tag, css, attributes = {}) {
    const element = document.createElement(tag);
    element.style.cssText = css;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  }
  /** @param {"header" | "footer"} tag */
  function shadowBar(tag) {
    const host = document.createElement("div");
    const root = host.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${BAR_CSS}</style><${tag}></${tag}>`;
    return { host, part: /** @type {HTMLElement} */ (root.querySelector(tag)) }; // written just above
  }
  // Backdrop + dialog (header, body holding `content`, footer) appended to `container`.
  /**
   * @param {ParentNode} container
   * @param {UIModal} modal
   * @param {Node} content
   */
  function buildChrome(container, modal, content) {
    const overlay = styled("div", "position:fixed;inset:0;z-index:519;display:none;align-items:center;justify-content:center");
    const backdrop = styled("div", "position:absolute;inset:0;background:rgba(0,0,0,.5)");
    const dialog = styled(
      "div",
      "position:relative;display:flex;flex-direction:column;max-height:calc(100vh - 64px);background:#fff;border-radius:12px;box-shadow:0 20px 40px rgba(0,0,0,.3);outline:none",
      { role: "dialog", "aria-modal": "true", tabindex: "-1" },
    );
    const header = shadowBar("header");
    header.part.innerHTML = '<h2></h2><button type="button" class="close" aria-label="Close" data-testid="admin-modal-close">\u00d7</button>';
    const body = styled("div", "flex:1;overflow:auto;min-height:40px");
    const footer = shadowBar("footer");
    body.append(content);
    dialog.append(header.host, body, footer.host);
    overlay.append(backdrop, dialog);
    container.append(overlay);
    backdrop.addEventListener("click", () => modal.hide());
    // Both written into the header above.
    /** @type {HTMLButtonElement} */ (header.part.querySelector(".close")).addEventListener("click", () => modal.hide());
    return { overlay, dialog, title: /** @type {HTMLHeadingElement} */ (header.part.querySelector("h2")), footer: footer.part, rendered: "" };
  }
  /**
   * @param {HTMLElement} dialog
   * @param {string} variant
   */
  function sizeDialog(dialog, variant) {
    const max = variant === "max";
    dialog.style.width = max ? "calc(100vw - 32px)" : `min(${WIDTHS[variant] || WIDTHS.base}, calc(100vw - 32px))`;
    dialog.style.height = max ? "calc(100vh - 32px)" : "";
    dialog.style.maxHeight = max ? "none" : "calc(100vh - 64px)";
  }

  // ui-modal and ui-save-bar share one lifecycle: hidden until shown, redrawn
  // while shown whenever their children change, hidden when removed from the page.
  class OverlayElement extends HTMLElement {
    /**
     * @param {string} kind the prefix of the handle of an element without an id
     * @param {string} shadowHtml
     */
    constructor(kind, shadowHtml) {
      super();
      this.key = `${kind}-${++modalSeq}`;
      this.isShown = false;
      this.attachShadow({ mode: "open" }).innerHTML = shadowHtml;
      this.startWatching = watch(this, () => this.isShown && this.redraw());
    }
    connectedCallback() {
      this.startWatching();
    }
    disconnectedCallback() {
      this.hide();
    }
    get handle() {
      return this.id || this.key;
    }
    /** Draws the shown element again; each kind overrides it. */
    redraw() {}
    /** Runs once the element is marked shown. */
    whenShown() {}
    /** Runs once the element is marked hidden. */
    whenHidden() {}
    async show() {
      if (this.isShown) return;
      this.isShown = true;
      this.whenShown();
      this.dispatchEvent(new Event("show"));
    }
    async hide() {
      if (!this.isShown) return;
      this.isShown = false;
      this.whenHidden();
      this.dispatchEvent(new Event("hide"));
    }
    async toggle() {
      return this.isShown ? this.hide() : this.show();
    }
  }

  class UIModal extends OverlayElement {
    constructor() {
      // No <slot> until a plain-content modal is shown: the children stay unrendered.
      super("modal", "<style>:host{display:contents}</style>");
    }
    get open() {
      return this.isShown;
    }
    get variant() {
      return this.getAttribute("variant") || "base";
    }
    set variant(value) {
      this.setAttribute("variant", value);
    }
    /** @returns {string | null} */
    get src() {
      return this.getAttribute("src");
    }
    /** @param {string} value */
    set src(value) {
      this.setAttribute("src", value);
    }
    // Created on first use (after hydration: React reads it from an effect).
    get content() {
      if (!this.contentElement) {
        this.contentElement = document.createElement("div");
        this.contentElement.setAttribute("data-local-shopify-modal-content", "");
      }
      return this.contentElement;
    }
    // A src modal's iframe is a sibling frame in the admin, same origin as us.
    get contentWindow() {
      try {
        // A named child frame is a property of its parent's `frames`.
        const adminFrames = /** @type {Window & Record<string, Window | undefined>} */ (window.parent.frames);
        return (this.isShown && this.src && adminFrames[`local-shopify-modal-${this.handle}`]) || null;
      } catch (_) {
        return null;
      }
    }
    titleBar() {
      return this.querySelector(":scope > ui-title-bar");
    }
    chrome() {
      if (!this.contentElement) {
        // The shadow root was attached in the constructor.
        if (!this.ownChrome) this.ownChrome = buildChrome(/** @type {ShadowRoot} */ (this.shadowRoot), this, document.createElement("slot"));
        return this.ownChrome;
      }
      if (!this.bodyHost) {
        this.bodyHost = styled("div", "position:fixed;inset:0;z-index:519", { class: "local-shopify-modal-host", "data-polaris-layer": "true" });
        this.bodyChrome = buildChrome(this.bodyHost, this, this.contentElement);
      }
      return /** @type {Chrome} */ (this.bodyChrome); // built with bodyHost
    }
    redraw() {
      const titleBar = this.titleBar();
      const state = {
        id: this.handle,
        open: this.isShown,
        title: titleBar ? titleBar.getAttribute("title") || "" : "",
        variant: this.variant,
        src: this.src ? new URL(this.src, location.href).href : null,
        actions: describe(readActions(titleBar)),
      };
      post("modal", state);
      if (state.src) return;
      const chrome = this.chrome();
      if (this.bodyHost && !this.bodyHost.isConnected) document.body.appendChild(this.bodyHost);
      const signature = JSON.stringify(state);
      if (chrome.rendered === signature) return;
      chrome.rendered = signature;
      chrome.title.textContent = state.title;
      chrome.dialog.setAttribute("aria-label", state.title);
      sizeDialog(chrome.dialog, state.variant);
      chrome.footer.replaceChildren(
        ...state.actions
          .map((action, index) => ({ action, index }))
          .filter(({ action }) => action.variant !== "breadcrumb")
          .sort((a, b) => Number(a.action.variant === "primary") - Number(b.action.variant === "primary"))
          .map(({ action, index }) => {
            const button = document.createElement("button");
            button.type = "button";
            button.textContent = action.label;
            button.disabled = action.disabled || action.loading;
            button.setAttribute("data-testid", "admin-modal-action");
            if (action.variant) button.setAttribute("data-variant", action.variant);
            if (action.tone) button.setAttribute("data-tone", action.tone);
            button.addEventListener("click", () => clickAction(readActions(this.titleBar()), index));
            return button;
          }),
      );
      chrome.dialog.setAttribute("data-testid", "admin-modal");
      chrome.overlay.style.display = "flex";
    }
    whenShown() {
      openModals.push(this);
      this.returnFocus = /** @type {(Element & { focus?: () => void }) | null} */ (document.activeElement);
      this.redraw();
      if (!this.src) {
        // Focus moves into the dialog: its first control, else the dialog itself.
        const chrome = this.chrome();
        const scope = this.contentElement || this;
        const focusable = /** @type {NodeListOf<Focusable>} */ (scope.querySelectorAll(FOCUSABLE));
        const first = Array.from(focusable).find((element) => !element.disabled && !element.closest("ui-title-bar, ui-save-bar"));
        (first || chrome.dialog).focus();
      }
    }
    whenHidden() {
      openModals.splice(openModals.indexOf(this), 1);
      for (const chrome of [this.ownChrome, this.bodyChrome]) {
        if (!chrome) continue;
        chrome.overlay.style.display = "none";
        chrome.dialog.removeAttribute("data-testid");
        chrome.rendered = "";
      }
      if (this.bodyHost) this.bodyHost.remove();
      post("modal", { id: this.handle, open: false, src: this.src ? new URL(this.src, location.href).href : null });
      if (this.returnFocus && this.returnFocus.isConnected && this.returnFocus.focus) this.returnFocus.focus();
    }
  }
  /** @param {string} id */
  const findModal = (id) => openModals.find((modal) => modal.handle === id);
  handlers["modal-action"] = ({ id, index }) => {
    const modal = findModal(id);
    if (modal) clickAction(readActions(modal.titleBar()), index);
  };
  handlers["modal-close"] = ({ id }) => {
    const modal = findModal(id);
    if (modal) modal.hide();
  };
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const top = openModals[openModals.length - 1];
    if (top && !top.src) top.hide();
    // Inside an admin-drawn (src) modal, Escape closes that modal.
    else if (!top) post("escape", {});
  });
  define("ui-modal", UIModal);

  // ------------------------------------------------------------ ui-save-bar
  // Drawn by the admin over its top bar. The <button variant="primary"> child is
  // Save, the other <button> is Discard; the admin's buttons click them.
  /** @type {Map<string, UISaveBar>} */
  const saveBars = new Map();
  class UISaveBar extends OverlayElement {
    constructor() {
      super("save-bar", HIDE_CHILDREN);
    }
    get showing() {
      return this.isShown;
    }
    /** @returns {boolean} */
    get discardConfirmation() {
      return this.discardConfirmationValue !== undefined
        ? this.discardConfirmationValue
        : flag(this, "discardconfirmation") || flag(this, "discard-confirmation");
    }
    /** @param {boolean} value */
    set discardConfirmation(value) {
      this.discardConfirmationValue = Boolean(value);
    }
    buttons() {
      const all = Array.from(this.querySelectorAll("button"));
      return {
        save: all.find((button) => button.getAttribute("variant") === "primary") || null,
        discard: all.find((button) => button.getAttribute("variant") !== "primary") || null,
      };
    }
    redraw() {
      const { save, discard } = this.buttons();
      /**
       * @param {HTMLButtonElement | null} button
       * @param {string} fallback
       * @returns {import("./protocol.js").SaveBarButtonDescription}
       */
      const describeButton = (button, fallback) => ({
        label: (button && button.textContent.trim()) || fallback,
        disabled: Boolean(button && (button.disabled || flag(button, "disabled"))),
        loading: Boolean(button && flag(button, "loading")),
      });
      post("save-bar", {
        id: this.handle,
        open: this.isShown,
        discardConfirmation: this.discardConfirmation,
        save: describeButton(save, "Save"),
        discard: describeButton(discard, "Discard"),
      });
    }
    whenShown() {
      saveBars.set(this.handle, this);
      this.redraw();
    }
    whenHidden() {
      saveBars.delete(this.handle);
      post("save-bar", { id: this.handle, open: false });
    }
  }
  handlers["save-bar-action"] = ({ id, action }) => {
    const bar = saveBars.get(id);
    const button = bar && bar.buttons()[action === "save" ? "save" : "discard"];
    if (button && !button.disabled) button.click();
  };
  define("ui-save-bar", UISaveBar);

  // ------------------------------------------------------------ web vitals
  // Like App Bridge, the stand-in measures the framed document's LCP, CLS and
  // INP itself (PerformanceObserver, the definitions web.dev gives) and hands
  // them to the callbacks of `webVitals.onReport` as `{ metrics: [{ id, name,
  // value }] }` when the document is hidden or unloaded, or the app moves to
  // another page (history.pushState to another path): LCP once per document,
  // CLS and INP per page, again only when they grew since the last report.
  /** @typedef {{ id: string; name: "LCP" | "CLS" | "INP"; value: number }} VitalsMetric */
  /** @type {Set<(report: { metrics: VitalsMetric[] }) => void | Promise<void>>} */
  const vitalsCallbacks = new Set();
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
  function vitalsPageLeft() {
    reportVitals();
    vitalsPage += 1;
    vitals.cls = 0;
    vitals.inp = -1;
    clsWindow = { value: 0, first: 0, last: 0 };
    interactions.clear();
    delete vitalsSent.CLS;
    delete vitalsSent.INP;
  }
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && reportVitals(), true);
  addEventListener("pagehide", reportVitals, true);

  // ----------------------------------------------------------- window.shopify
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
      return adminOrigin || "";
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
})();
