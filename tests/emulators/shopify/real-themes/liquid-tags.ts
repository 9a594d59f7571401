/**
 * Shopify's theme tags on liquidjs (shopify.dev, "Liquid tags"), for the real
 * themes: `section`, `sections` (section groups), `content_for 'blocks'` and
 * `content_for 'block'` (theme blocks), `form`, `paginate`, `style`, `layout`,
 * `render` of an app block (`{% render block %}`), and the tags whose content
 * Shopify uses elsewhere (`schema`, `stylesheet`, `javascript`, `doc`), which
 * print nothing. What the rendering tags render is the page's business:
 * they find it (a ThemeRenderScope) in the render's globals.
 */
import {
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  RenderTag,
  Tag,
  type TagToken,
  type Template,
  type TopLevelToken,
  Value,
  evalToken,
} from "liquidjs";

/** The key under which a render's globals carry its ThemeRenderScope (a symbol: no Liquid can read it). */
export const RENDER_SCOPE = Symbol("local shopify theme render");

/** What the tags ask of the page being rendered (render.ts implements it). */
export interface ThemeRenderScope {
  staticSection(ctx: Context, type: string): Promise<string>;
  sectionGroup(ctx: Context, group: string): Promise<string>;
  contentFor(ctx: Context, kind: string, args: Record<string, unknown>): Promise<string>;
  setLayout(layout: string | null): void;
}

export function scopeOf(ctx: Context): ThemeRenderScope {
  const scope = (ctx.globals as Record<symbol, ThemeRenderScope | undefined>)[RENDER_SCOPE];
  if (!scope) throw new Error("a theme tag rendered outside a theme page");
  return scope;
}

/** Something `{% render %}` can be given instead of a snippet name: an app block (Dawn's `{% render block %}` for `@app`). */
export interface RenderableBlock {
  renderHtml(): Promise<string>;
}

export const isRenderableBlock = (value: unknown): value is RenderableBlock =>
  typeof value === "object" && value !== null && typeof (value as RenderableBlock).renderHtml === "function";

/** `'name'` or `"name"` as the name; anything else is evaluated. */
function quoted(text: string): string | null {
  return /^\s*(['"])(.*?)\1\s*$/.exec(text)?.[2] ?? null;
}

/**
 * Splits `a, key: value | filter: x, other.key: y` at its top-level commas
 * (not inside quotes or brackets), then each argument into its key and
 * expression: Shopify's tag arguments, whose keys may hold dots
 * (`closest.product:`) or dashes (`data-type:`), which liquidjs's hash reader
 * does not take.
 */
export function splitArguments(input: string): Array<{ key: string | null; expression: string }> {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (const ch of input) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current);
  return parts.map((part) => {
    const keyed = /^\s*([A-Za-z_][\w.-]*)\s*:(?!:)\s*([\s\S]*)$/.exec(part);
    // A filter's colon comes after a "|": only a colon before any "|" names a key.
    if (keyed && !part.slice(0, part.indexOf(":")).includes("|")) return { key: keyed[1] ?? null, expression: (keyed[2] ?? "").trim() };
    return { key: null, expression: part.trim() };
  });
}

function* evaluate(liquid: Liquid, expression: string, ctx: Context): Generator<unknown, unknown, unknown> {
  if (!expression) return true;
  return yield new Value(expression, liquid).value(ctx, false);
}

/** Tags whose content is not output (Shopify reads it from the file instead): skip to the end tag. */
class IgnoredBlock extends Tag {
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    const end = `end${token.name}`;
    while (remain.length) {
      const next = remain.shift() as TagToken;
      if (next.name === end) return;
    }
    throw new Error(`{% ${token.name} %} without {% ${end} %}`);
  }
  render(): void {}
}

/** A block tag whose content is rendered (form, paginate, style): the templates up to its end tag. */
abstract class ContentTag extends Tag {
  protected templates: Template[] = [];

  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    const end = `end${token.name}`;
    while (remain.length) {
      const next = remain.shift() as TopLevelToken;
      if ((next as TagToken).name === end) return;
      this.templates.push(parser.parseToken(next, remain));
    }
    throw new Error(`{% ${token.name} %} without {% ${end} %}`);
  }

  protected *content(ctx: Context): Generator<unknown, string, unknown> {
    return (yield this.liquid.renderer.renderTemplates(this.templates, ctx)) as string;
  }
}

class SectionTag extends Tag {
  *render(ctx: Context): Generator<unknown, string, unknown> {
    const name = quoted(this.token.args) ?? "";
    return (yield scopeOf(ctx).staticSection(ctx, name)) as string;
  }
}

class SectionsTag extends Tag {
  *render(ctx: Context): Generator<unknown, string, unknown> {
    const name = quoted(this.token.args) ?? "";
    return (yield scopeOf(ctx).sectionGroup(ctx, name)) as string;
  }
}

class ContentForTag extends Tag {
  *render(ctx: Context): Generator<unknown, string, unknown> {
    const [kind, ...rest] = splitArguments(this.token.args);
    const args: Record<string, unknown> = {};
    for (const { key, expression } of rest) if (key) args[key] = yield* evaluate(this.liquid, expression, ctx);
    return (yield scopeOf(ctx).contentFor(ctx, quoted(kind?.expression ?? "") ?? "", args)) as string;
  }
}

/** `{% layout none %}` / `{% layout 'name' %}`: which layout wraps the template. */
class LayoutTag extends Tag {
  render(ctx: Context): void {
    const name = quoted(this.token.args) ?? this.token.args.trim();
    scopeOf(ctx).setLayout(name === "none" ? null : name);
  }
}

/** `{% style %}`: a style element the theme editor can update (data-shopify marks it). */
class StyleTag extends ContentTag {
  *render(ctx: Context): Generator<unknown, string, unknown> {
    return `<style data-shopify>${yield* this.content(ctx)}</style>`;
  }
}

/** The actions Shopify's form tag posts to, by form type. */
const FORM_ACTIONS: Record<string, string> = {
  product: "/cart/add",
  cart: "/cart",
  localization: "/localization",
  contact: "/contact#contact_form",
  customer: "/contact#contact_form",
  customer_login: "/account/login",
  create_customer: "/account",
  recover_customer_password: "/account/recover",
  reset_customer_password: "/account/reset",
  customer_address: "/account/addresses",
  guest_login: "/account/login",
  currency: "/cart/update",
  storefront_password: "/password",
  new_comment: "/blogs/comments",
};

/**
 * `{% form 'product', product, id: ..., class: ... %}`: Shopify's form element
 * with its hidden form_type and utf8 fields; attributes from the named
 * arguments (data-* included); the product form posts multipart, as Shopify's.
 */
class FormTag extends ContentTag {
  *render(ctx: Context): Generator<unknown, string, unknown> {
    const [kind, ...rest] = splitArguments(this.token.args);
    const type = quoted(kind?.expression ?? "") ?? "";
    const attributes: Record<string, string> = { method: "post", action: FORM_ACTIONS[type] ?? "/" };
    for (const { key, expression } of rest) {
      if (!key) continue; // the form's object (product, customer...): Shopify uses it for ids only
      const value = yield* evaluate(this.liquid, expression, ctx);
      if (value === null || value === undefined || value === false) continue;
      attributes[key] = String(value);
    }
    attributes["accept-charset"] = "UTF-8";
    if (type === "product") attributes.enctype = "multipart/form-data";
    const open = Object.entries(attributes)
      .map(([name, value]) => `${name}="${value.replace(/"/g, "&quot;")}"`)
      .join(" ");
    const hidden = `<input type="hidden" name="form_type" value="${type}" /><input type="hidden" name="utf8" value="✓" />`;
    // The `form` object inside: a form nobody has posted yet.
    ctx.push({ form: { posted_successfully: false, errors: null } });
    try {
      return `<form ${open}>${hidden}${yield* this.content(ctx)}</form>`;
    } finally {
      ctx.pop();
    }
  }
}

/**
 * `{% paginate collection.products by 24 %}`: the array shown one page at a
 * time (`?page=`), and the `paginate` object (pages, parts, next, previous).
 */
class PaginateTag extends ContentTag {
  *render(ctx: Context): Generator<unknown, string, unknown> {
    const match = /^\s*([\w.[\]'"]+)\s+by\s+([^,\s]+)/.exec(this.token.args);
    if (!match) return yield* this.content(ctx);
    const [, path = "", sizeExpression = "12"] = match;
    const pageSize = Math.max(1, Number(yield* evaluate(this.liquid, sizeExpression, ctx)) || 12);
    const segments = path.split(".");
    const root = segments[0] ?? "";
    const items = (yield* evaluate(this.liquid, path, ctx)) as unknown;
    const all = Array.isArray(items) ? items : [];
    const request = ctx.globals as { request?: { path?: string }; current_page?: number };
    const current = Math.max(1, Number(request.current_page) || 1);
    const pages = Math.max(1, Math.ceil(all.length / pageSize));
    const pageUrl = (n: number) => `${request.request?.path ?? ""}?page=${n}`;
    const paginate = {
      current_page: current,
      current_offset: (current - 1) * pageSize,
      items: all.length,
      page_size: pageSize,
      pages,
      page_param: "page",
      previous: current > 1 ? { title: "&laquo; Previous", url: pageUrl(current - 1), is_link: true } : null,
      next: current < pages ? { title: "Next &raquo;", url: pageUrl(current + 1), is_link: true } : null,
      parts: Array.from({ length: pages }, (_, i) => ({ title: i + 1, url: pageUrl(i + 1), is_link: i + 1 !== current })),
    };
    // The paginated array replaces the full one for the tag's content: a copy of its parent with that array sliced.
    const slice = all.slice((current - 1) * pageSize, current * pageSize);
    const scope: Record<string, unknown> = { paginate };
    if (segments.length === 2) {
      const parent = (yield* evaluate(this.liquid, root, ctx)) as object | null;
      if (parent) scope[root] = new Proxy(parent, { get: (target, key) => (key === segments[1] ? slice : Reflect.get(target, key, target)) });
    }
    ctx.push(scope);
    try {
      return yield* this.content(ctx);
    } finally {
      ctx.pop();
    }
  }
}

/** `{% render 'snippet' %}` as liquidjs has it, plus `{% render block %}` for an app block (Shopify renders the block there). */
class ShopifyRenderTag extends RenderTag {
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const file = (this as unknown as { file: unknown }).file;
    if (file && typeof file === "object" && !Array.isArray(file)) {
      const value = yield evalToken(file as Parameters<typeof evalToken>[0], ctx);
      if (isRenderableBlock(value)) {
        emitter.write((yield value.renderHtml()) as string);
        return;
      }
    }
    yield* super.render(ctx, emitter) as Generator<unknown, void, unknown>;
  }
}

export function registerShopifyTags(engine: Liquid) {
  for (const name of ["schema", "stylesheet", "javascript", "doc"]) engine.registerTag(name, IgnoredBlock);
  engine.registerTag("section", SectionTag);
  engine.registerTag("sections", SectionsTag);
  engine.registerTag("content_for", ContentForTag);
  engine.registerTag("layout", LayoutTag);
  engine.registerTag("style", StyleTag);
  engine.registerTag("form", FormTag);
  engine.registerTag("paginate", PaginateTag);
  engine.registerTag("render", ShopifyRenderTag);
}
