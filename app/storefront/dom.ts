/**
 * Small DOM helpers of the storefront renderer and its player (two script
 * assets, each measured in bytes: both include what they use of this).
 */
import { PLATFORM_COLORS, PLATFORM_NAMES } from "./platform-tiles";

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string | null): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners of any event type
export function on(target: EventTarget, type: string, listener: (event: any) => void, once?: boolean) {
  target.addEventListener(type, listener, { once });
}

export function attr(node: Element, name: string, value: string) {
  node.setAttribute(name, value);
}

export function button(className: string, label: string, text?: string): HTMLButtonElement {
  const node = el("button", className, text);
  node.type = "button";
  attr(node, "aria-label", label);
  return node;
}

export const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

export function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export function shopRoot(): string {
  // Shopify.routes.root is the locale-aware root ("/", "/fr/") themes expose.
  const shopify = (window as { Shopify?: { routes?: { root?: unknown } } }).Shopify;
  const root = shopify && shopify.routes && shopify.routes.root;
  return typeof root === "string" && /^\/([\w-]+\/)?$/.test(root) ? root : "/";
}

/**
 * The platform's coloured tile with its name: shown when a poster is missing or broken.
 * The name is drawn by CSS (::before), not text: it is decoration like a poster, and a
 * card's name is its video's title, which must hold all the text it shows (WCAG 2.5.3).
 */
export function tile(platform: string): HTMLElement {
  const config: { color: string; text?: string } = PLATFORM_COLORS[platform as keyof typeof PLATFORM_COLORS] || { color: "#777" };
  const node = el("span", "cc-tile");
  attr(node, "data-name", PLATFORM_NAMES[platform as keyof typeof PLATFORM_NAMES] || platform);
  node.style.background = config.color;
  node.style.color = config.text || "#fff";
  return node;
}
