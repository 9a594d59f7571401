/**
 * The value objects Shopify's Liquid hands a theme for its settings and
 * resources: colors (`settings.x.red`, `| color_brightness`), fonts
 * (`settings.type_body_font.family`), images (`| image_url`), money in cents.
 * Each is a liquidjs Drop whose valueOf() is what Shopify prints for it.
 */
import { Drop } from "liquidjs";

// ---------------------------------------------------------------- colors

/** A color setting (Shopify's color drop): prints as hex, or rgba() when translucent. */
export class ColorDrop extends Drop {
  constructor(
    readonly red: number,
    readonly green: number,
    readonly blue: number,
    readonly alpha = 1,
  ) {
    super();
  }

  static parse(value: unknown): ColorDrop | null {
    if (value instanceof ColorDrop) return value;
    if (typeof value !== "string") return null;
    const text = value.trim().toLowerCase();
    if (text === "transparent") return new ColorDrop(0, 0, 0, 0);
    const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
    if (hex && [3, 4, 6, 8].includes(hex.length)) {
      const full = hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex;
      const byte = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
      return new ColorDrop(byte(0), byte(1), byte(2), full.length === 8 ? Math.round((byte(3) / 255) * 100) / 100 : 1);
    }
    const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
    if (rgb) {
      const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith("%") ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
      return new ColorDrop(Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha);
    }
    const hsl = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(text);
    if (hsl) return ColorDrop.fromHsl(Number(hsl[1]), Number(hsl[2]), Number(hsl[3]), hsl[4] === undefined ? 1 : Number(hsl[4]));
    return null;
  }

  static fromHsl(hue: number, saturation: number, lightness: number, alpha = 1): ColorDrop {
    const s = saturation / 100;
    const l = lightness / 100;
    const k = (n: number) => (n + hue / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
    return new ColorDrop(f(0), f(8), f(4), alpha);
  }

  get hsl(): [number, number, number] {
    const r = this.red / 255;
    const g = this.green / 255;
    const b = this.blue / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const l = (max + min) / 2;
    if (max === min) return [0, 0, Math.round(l * 100)];
    const d = max - min;
    const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return [Math.round(h * 60), Math.round(s * 100), Math.round(l * 100)];
  }

  get hue() {
    return this.hsl[0];
  }
  get saturation() {
    return this.hsl[1];
  }
  get lightness() {
    return this.hsl[2];
  }
  get rgb() {
    return `${this.red} ${this.green} ${this.blue}`;
  }
  get rgba() {
    return `${this.red} ${this.green} ${this.blue} / ${this.alpha}`;
  }

  /** Perceived brightness (0-255), as Shopify's color_brightness computes it. */
  get brightness(): number {
    return Math.round(((this.red * 299 + this.green * 587 + this.blue * 114) / 1000) * 100) / 100;
  }

  hex(): string {
    const two = (n: number) =>
      Math.max(0, Math.min(255, Math.round(n)))
        .toString(16)
        .padStart(2, "0");
    return `#${two(this.red)}${two(this.green)}${two(this.blue)}`;
  }

  override valueOf(): string {
    return this.alpha >= 1 ? this.hex() : `rgba(${this.red}, ${this.green}, ${this.blue}, ${this.alpha})`;
  }

  toString(): string {
    return this.valueOf();
  }

  toJSON(): string {
    return this.valueOf();
  }

  with(change: Partial<{ red: number; green: number; blue: number; alpha: number }>): ColorDrop {
    return new ColorDrop(change.red ?? this.red, change.green ?? this.green, change.blue ?? this.blue, change.alpha ?? this.alpha);
  }

  withHsl(change: Partial<{ hue: number; saturation: number; lightness: number }>): ColorDrop {
    const [h, s, l] = this.hsl;
    const clamp = (n: number) => Math.max(0, Math.min(100, n));
    return ColorDrop.fromHsl(change.hue ?? h, clamp(change.saturation ?? s), clamp(change.lightness ?? l), this.alpha);
  }

  /** WCAG relative luminance, for color_contrast. */
  luminance(): number {
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(this.red) + 0.7152 * channel(this.green) + 0.0722 * channel(this.blue);
  }
}

// ---------------------------------------------------------------- fonts

/**
 * A font_picker setting ("assistant_n4"). Shopify's font library is on its CDN,
 * which Local Shopify does not serve: every font reports itself as a system
 * font, so themes print its family and fall back to the fallback stack and
 * ask for no font files.
 */
export class FontDrop extends Drop {
  readonly family: string;
  readonly style: string;
  readonly weight: number;
  readonly fallback_families: string;

  constructor(readonly handle: string) {
    super();
    const [, name = "sans-serif", variant = "n4"] = /^(.*)_([ino])(\d)$/.exec(handle) ?? [];
    this.family = name
      .split("_")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ");
    this.style = variant.startsWith("i") ? "italic" : variant.startsWith("o") ? "oblique" : "normal";
    this.weight = Number(handle.slice(-1)) * 100 || 400;
    this.fallback_families = /serif|garamond|playfair|lora|merriweather|baskerville/i.test(name) && !/sans/i.test(name) ? "serif" : "sans-serif";
  }

  get "system?"() {
    return true;
  }
  get system() {
    return true;
  }
  get variants() {
    return [this];
  }

  /** A sibling of this font with another weight or style (font_modify). */
  modify(property: string, value: string): FontDrop {
    const base = this.handle.replace(/_[ino]\d$/, "");
    const letter = this.handle.slice(-2, -1) || "n";
    const digit = this.handle.slice(-1) || "4";
    if (property === "style") return new FontDrop(`${base}_${value === "italic" ? "i" : value === "oblique" ? "o" : "n"}${digit}`);
    if (property === "weight") {
      const current = Number(digit) * 100;
      const wanted =
        value === "bold"
          ? 700
          : value === "normal"
            ? 400
            : value === "bolder"
              ? current + 300
              : value === "lighter"
                ? current - 300
                : Number(value.replace(/^\+|^-/, ""));
      const next = /^[+-]/.test(value) ? current + Number(value) : wanted;
      return new FontDrop(`${base}_${letter}${Math.max(1, Math.min(9, Math.round(next / 100)))}`);
    }
    return this;
  }

  override valueOf(): string {
    return this.handle;
  }
}

// ---------------------------------------------------------------- images

/** An image (product image, media preview, image_picker): Shopify's image drop over a Local Shopify CDN URL. */
export class ImageDrop extends Drop {
  readonly media_type = "image";
  readonly aspect_ratio: number;

  constructor(
    readonly src: string,
    readonly width: number,
    readonly height: number,
    readonly alt: string,
    readonly id: number,
    readonly position = 1,
  ) {
    super();
    this.aspect_ratio = Math.round((width / height) * 1000) / 1000;
  }

  get url() {
    return this.src;
  }
  get preview_image() {
    return this;
  }
  get presentation() {
    return { focal_point: "50.0% 50.0%" };
  }
  get attached_to_variant() {
    return false;
  }
  get variants() {
    return [];
  }

  override valueOf(): string {
    return this.src;
  }

  toJSON() {
    return {
      id: this.id,
      alt: this.alt,
      position: this.position,
      preview_image: { aspect_ratio: this.aspect_ratio, height: this.height, width: this.width, src: this.src },
      aspect_ratio: this.aspect_ratio,
      height: this.height,
      media_type: "image",
      src: this.src,
      width: this.width,
    };
  }
}

// ---------------------------------------------------------------- money

/** The local shops sell in US dollars, with Shopify's default money format. */
export const SHOP_CURRENCY = { iso_code: "USD", symbol: "$", name: "United States Dollar" } as const;

export function moneyText(cents: unknown, kind: "money" | "with_currency" | "without_currency" | "without_trailing_zeros" = "money"): string {
  const value = Number(cents) || 0;
  const amount = (value / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  if (kind === "without_currency") return amount;
  if (kind === "without_trailing_zeros") return `$${amount.replace(/\.00$/, "")}`;
  return kind === "with_currency" ? `$${amount} USD` : `$${amount}`;
}
