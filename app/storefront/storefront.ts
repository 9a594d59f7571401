/**
 * The storefront script of the theme app extension (built by
 * scripts/build-extension.mjs into extensions/clipcart-widgets/assets/, loaded
 * deferred through the blocks' schema "javascript"): a <clipcart-widget>
 * element reads the widget JSON and the translated texts its Liquid inlined,
 * and hands them to the shared renderer. The player is another asset beside
 * this one (clipcart-player.js), loaded once, on the shopper's first intent.
 */
import type { PlayerModule } from "./player";
import { PLAYER_FILE, PLAYER_GLOBAL } from "./player-file";
import { renderWidget, type RenderedWidget, type WidgetStrings } from "./renderer";

// Where this script came from (known only while it first runs): the player asset sits beside it.
const scriptUrl = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
let playerLoad: Promise<PlayerModule> | null = null;

/** The player asset, loaded once; a failed load is forgotten so the next intent tries again. */
function loadPlayer(): Promise<PlayerModule> {
  playerLoad =
    playerLoad ||
    new Promise<PlayerModule>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(PLAYER_FILE, scriptUrl || location.href).href;
      script.async = true;
      script.onload = () => {
        const module = (window as unknown as Record<string, PlayerModule | undefined>)[PLAYER_GLOBAL];
        if (module) resolve(module);
        else reject(new Error("no player"));
      };
      script.onerror = () => {
        script.remove();
        playerLoad = null;
        reject(new Error("player not loaded"));
      };
      document.head.append(script);
    });
  return playerLoad;
}

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
    // Read once: rendering replaces the inline scripts, and the theme editor may move the element.
    this.data = this.data || { widget: inlineJson(this, "widget"), strings: inlineJson(this, "strings") };
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
    this.rendered = renderWidget(this, this.data.widget, { strings: (this.data.strings || {}) as WidgetStrings, loadPlayer });
  }

  disconnectedCallback() {
    if (this.rendered) this.rendered.destroy();
    this.rendered = undefined;
  }
}

if (!customElements.get("clipcart-widget")) customElements.define("clipcart-widget", ClipcartWidgetElement);
