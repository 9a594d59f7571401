/**
 * The storefront script of the theme app extension (built by
 * scripts/build-extension.mjs into extensions/clipcart-widgets/assets/, loaded
 * deferred through the blocks' schema "javascript"): a <clipcart-widget>
 * element reads the widget JSON and the translated texts its Liquid inlined,
 * and hands them to the shared renderer. The player and the live previews are
 * other assets beside this one (lazy-assets.ts), each loaded once: the player
 * on the shopper's first intent, the previews when a widget that plays them
 * nears the viewport after the page has loaded.
 */
import type { PlayerModule } from "./player";
import type { PreviewsModule } from "./previews";
import { PLAYER_FILE, PLAYER_GLOBAL, PREVIEWS_FILE, PREVIEWS_GLOBAL, loadAsset } from "./lazy-assets";
import { renderWidget, type RenderedWidget, type WidgetStrings } from "./renderer";

// Where this script came from (known only while it first runs): the lazily loaded assets sit beside it.
const scriptUrl = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
const loadPlayer = () => loadAsset<PlayerModule>(scriptUrl, PLAYER_FILE, PLAYER_GLOBAL);
const loadPreviews = () => loadAsset<PreviewsModule>(scriptUrl, PREVIEWS_FILE, PREVIEWS_GLOBAL);

function inlineJson(element: HTMLElement, name: string): unknown {
  try {
    const script = element.querySelector(`script[data-clipcart-${name}]`);
    return script && JSON.parse(script.textContent!);
  } catch {
    return null;
  }
}

class ClipcartWidgetElement extends HTMLElement {
  // `declare`: no class-field code in the bundle.
  declare private data?: { widget: unknown; strings: unknown };
  declare private rendered?: RenderedWidget;
  declare private placed?: boolean;

  connectedCallback() {
    if (this.rendered) return;
    // An app embed at the end of <body> showing a widget an app block on this page already shows: one copy only.
    if (this.hasAttribute("data-embed") && document.querySelector(`clipcart-widget:not([data-embed])[data-number="${this.dataset.number}"]`)) {
      this.remove();
      return;
    }
    // Read once: rendering replaces the inline scripts, and the theme editor may move the element.
    if (!this.data) {
      const widget = inlineJson(this, "widget") as { videos?: unknown } | null;
      // On a product page, a widget showing "Videos tagged with this product" gets that product's videos from its Liquid (decision 079).
      const own = inlineJson(this, "product-videos");
      if (widget && Array.isArray(own)) widget.videos = own;
      this.data = { widget, strings: inlineJson(this, "strings") };
    }
    if (this.dataset.position === "main" && !this.placed) {
      // App embeds render at the end of <body>; vintage themes want page widgets with the page's content.
      this.placed = true;
      const main = document.querySelector("main, [role='main'], #MainContent");
      if (main && !main.contains(this)) {
        main.append(this); // reconnects: that connectedCallback renders
        return;
      }
    }
    // The strings come from the same Liquid as the widget (snippets/clipcart-widget.liquid); {} keeps a broken copy from throwing.
    this.rendered = renderWidget(this, this.data.widget, { strings: (this.data.strings || {}) as WidgetStrings, loadPlayer, loadPreviews });
  }

  disconnectedCallback() {
    if (this.rendered) this.rendered.destroy();
    this.rendered = undefined;
  }
}

if (!customElements.get("clipcart-widget")) customElements.define("clipcart-widget", ClipcartWidgetElement);
