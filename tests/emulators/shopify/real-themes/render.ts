/**
 * A page of a shop on a real theme, rendered as Shopify renders it
 * (shopify.dev, "Theme architecture"): the template (templates/<name>.json:
 * its sections in order) inside the layout (layout/theme.liquid, or the one
 * the template names), the layout's section groups (`{% sections
 * 'header-group' %}` reads sections/header-group.json), static sections
 * (`{% section 'x' %}`), each section in its wrapper
 * (`<div id="shopify-section-<id>" class="shopify-section ...">`), with its
 * settings and blocks; theme blocks (`{% content_for 'blocks' %}`, static
 * `{% content_for 'block' %}`, nested), section blocks (`section.blocks`), and
 * the app's blocks, in an `apps` section or wherever a section takes `@app`
 * blocks (rendered from the extension's real Liquid, as app-blocks.ts does
 * for the minimal themes).
 *
 * Section ids are Shopify's: `template--<n>__<key>` for a template's
 * sections, `sections--<n>__<key>` for a group's, the file name for a static
 * one; the Section Rendering API (`renderSections`) answers each by that id.
 *
 * A Liquid error in one section is written into the page as a comment and
 * logged (Shopify prints "Liquid error" there), so one emulation gap does not
 * blank the page; tests look for those comments (LIQUID_ERROR_MARK).
 */
import { Drop, type Liquid } from "liquidjs";
import { appAssetTags, appMetafields, renderAppBlock, type Assets } from "../app-blocks.js";
import type { LocalShopifyContext } from "../context.js";
import type { Product } from "../catalogue.js";
import type { CartState, ShopState } from "../state.js";
import { cartView } from "../storefront-cart.js";
import { embedBlocks, type BlockEntry } from "../theme-files.js";
import { productImageUrl } from "../urls.js";
import { themeEngine } from "./engine.js";
import { RENDER_SCOPE, type RenderableBlock, type ThemeRenderScope } from "./liquid-tags.js";
import { CartDrop, CollectionDrop, ObjectFactory, ProductDrop, slugify } from "./objects.js";
import { shopifyHead } from "./shopify-head.js";
import { MenuDrop, resolveColorSchemes, resolveSettings, type ColorSchemeDrop, type MenuLink, type SettingSchema, type SettingsEnv } from "./settings.js";
import { REAL_THEME_INFO, parseThemeJson, realThemeFiles, type RealThemeFiles, type RealThemeName } from "./theme-source.js";

/** What a page with a Liquid error carries where the failing part would be. */
export const LIQUID_ERROR_MARK = "Liquid error";

/** A section or block as JSON templates and section groups hold it. */
export interface NodeData {
  type: string;
  settings?: Record<string, unknown>;
  blocks?: Record<string, NodeData>;
  block_order?: string[];
  disabled?: boolean;
  static?: boolean;
  name?: string;
}

interface TemplateData {
  sections: Record<string, NodeData>;
  order: string[];
  layout?: string | false;
  wrapper?: string;
}

/** The page a storefront path shows on a real theme. */
export interface ThemePageTarget {
  template: "index" | "product" | "collection" | "list-collections" | "cart" | "search" | "404";
  status: number;
  product?: ProductDrop;
  collection?: CollectionDrop;
}

export interface ThemeRequest {
  shop: ShopState;
  ctx: LocalShopifyContext;
  cart: CartState;
  /** The path within the storefront, without the language prefix. */
  path: string;
  search: URLSearchParams;
  /** The storefront's origin (http://<handle>.localhost:<port>). */
  origin: string;
  locale: string;
}

/** Which real theme a shop is on, with the merchant's settings over the theme's own. */
export interface RealThemeSetup {
  name: RealThemeName;
  settings: Record<string, unknown>;
}

/** The theme's JSON files with the merchant's edits (the theme editor's saves) on top. */
export function editedThemeJson(theme: RealThemeFiles, edits: Record<string, string> | undefined, path: string): unknown {
  const edited = edits?.[path];
  return edited === undefined ? theme.json(path) : parseThemeJson(edited);
}

/** A small stable number per name, for Shopify-like ids (template--<n>__main). */
function stableNumber(text: string): number {
  let hash = 17;
  for (const ch of text) hash = (hash * 131 + ch.charCodeAt(0)) % 9_000_000_000;
  return 10_000_000_000 + hash;
}

const logged = new Set<string>();
function logOnce(message: string) {
  if (logged.has(message)) return;
  logged.add(message);
  console.warn(`Local Shopify: ${message}`);
}

/** The template a storefront path shows (null: not a page of the store). */
export function themePageFor(factory: ObjectFactory, path: string): ThemePageTarget {
  if (path === "/" || path === "") return { template: "index", status: 200 };
  if (path === "/cart") return { template: "cart", status: 200 };
  if (path === "/search") return { template: "search", status: 200 };
  if (path === "/collections") return { template: "list-collections", status: 200 };
  const productHandle = /^\/(?:collections\/[^/]+\/)?products\/([^/]+)$/.exec(path)?.[1];
  if (productHandle) {
    const product = factory.productByHandle(decodeURIComponent(productHandle));
    if (product) return { template: "product", status: 200, product };
  }
  const collectionHandle = /^\/collections\/([^/]+)$/.exec(path)?.[1];
  if (collectionHandle) {
    const collection = factory.collection(decodeURIComponent(collectionHandle));
    if (collection) return { template: "collection", status: 200, collection };
  }
  return { template: "404", status: 404 };
}

/** One render of one page (or of some of its sections) of a shop on a real theme. */
export class ThemePageRender {
  readonly theme: RealThemeFiles;
  readonly engine: Liquid;
  readonly factory: ObjectFactory;
  readonly target: ThemePageTarget;
  private readonly globals: Record<string | symbol, unknown>;
  private readonly assets: Assets = { scripts: new Set(), styles: new Set() };
  private layout: string | null = "theme";
  private readonly edits: Record<string, string>;
  private readonly templateNumber: number;

  constructor(
    readonly setup: RealThemeSetup,
    readonly request: ThemeRequest,
  ) {
    this.theme = realThemeFiles(setup.name);
    this.engine = themeEngine(this.theme);
    this.edits = request.shop.realThemeEdits?.[setup.name] ?? {};
    const variant = Number(request.search.get("variant")) || null;
    this.factory = new ObjectFactory(request.ctx.config, request.shop.products, variant);
    this.target = themePageFor(this.factory, request.path);
    this.templateNumber = stableNumber(`${setup.name}/${this.target.template}`);
    this.globals = this.pageGlobals();
  }

  /** Fills `recommendations` (the Product Recommendations API renders its section with it). */
  setRecommendations(products: Product[], intent: string) {
    const drops = products.map((product) => this.factory.product(product));
    this.globals.recommendations = { "performed?": true, performed: true, products: drops, products_count: drops.length, intent };
  }

  // ------------------------------------------------------------ pages

  async renderPage(): Promise<string> {
    const template = this.templateData();
    if (template?.layout === false) this.layout = null;
    else if (typeof template?.layout === "string") this.layout = template.layout;
    let content = "";
    for (const [index, key] of (template?.order ?? []).entries()) {
      const data = template?.sections[key];
      if (!data || data.disabled) continue;
      content += await this.renderSection(this.templateSectionId(key), data, { location: "template", index });
    }
    if (!this.layout) return content;
    // content_for_header is filled in last: blocks rendered anywhere on the page add the assets it loads.
    const headerMark = `<!--content_for_header:${Math.random()}-->`;
    const html = await this.renderFile(`layout/${this.layout}`, { ...this.globals, content_for_header: headerMark, content_for_layout: content });
    const embeds = await this.renderEmbeds();
    const head = shopifyHead({
      theme: this.theme,
      themeInfo: REAL_THEME_INFO[this.setup.name],
      shop: this.request.shop,
      locale: this.request.locale,
      template: this.target.template,
      appAssets: appAssetTags(this.assets),
    });
    return html.replace(headerMark, head).replace("</body>", `${embeds}</body>`);
  }

  /**
   * The Section Rendering API: each id's section HTML in its wrapper, as it
   * renders on this page (a section of this page's template or groups, or a
   * static section file); null for an id the theme does not have.
   */
  async renderSections(ids: readonly string[]): Promise<Record<string, string | null>> {
    const known = this.sectionsOfPage();
    const rendered: Record<string, string | null> = {};
    for (const id of ids) {
      const found = known.get(id);
      if (found) rendered[id] = await this.renderSection(id, found.data, { location: found.location, index: found.index, group: found.group });
      else if (this.theme.text(`sections/${id}.liquid`) !== undefined)
        rendered[id] = await this.renderSection(id, this.staticSectionData(id), { location: "static", index: 0 });
      else rendered[id] = null;
    }
    return rendered;
  }

  private templateData(): TemplateData | null {
    const data = editedThemeJson(this.theme, this.edits, `templates/${this.target.template}.json`) as TemplateData | undefined;
    return data ?? null;
  }

  private templateSectionId(key: string) {
    return `template--${this.templateNumber}__${key}`;
  }

  private groupSectionId(group: string, key: string) {
    return `sections--${stableNumber(`${this.setup.name}/${group}`)}__${key}`;
  }

  /** Every section this page holds, by id (template and the layout's section groups). */
  private sectionsOfPage(): Map<string, { data: NodeData; location: string; index: number; group?: string }> {
    const found = new Map<string, { data: NodeData; location: string; index: number; group?: string }>();
    const template = this.templateData();
    for (const [index, key] of (template?.order ?? []).entries()) {
      const data = template?.sections[key];
      if (data) found.set(this.templateSectionId(key), { data, location: "template", index });
    }
    for (const group of this.theme.list("sections").filter((file) => file.endsWith(".json"))) {
      const name = group.replace(/\.json$/, "");
      const data = editedThemeJson(this.theme, this.edits, `sections/${group}`) as TemplateData | undefined;
      for (const [index, key] of (data?.order ?? []).entries()) {
        const section = data?.sections[key];
        if (section) found.set(this.groupSectionId(name, key), { data: section, location: name, index, group: name });
      }
    }
    return found;
  }

  private staticSectionData(type: string): NodeData {
    const current = this.settingsData().current as { sections?: Record<string, NodeData> } | undefined;
    return current?.sections?.[type] ?? { type };
  }

  // ------------------------------------------------------------ sections and blocks

  private async renderSection(id: string, data: NodeData, place: { location: string; index: number; group?: string }): Promise<string> {
    const schema = (this.theme.schema("sections", data.type) ?? {}) as { settings?: SettingSchema[]; class?: string; tag?: string; blocks?: SettingSchema[] };
    const classes = ["shopify-section", place.group ? `shopify-section-group-${place.group}` : "", schema.class ?? ""].filter(Boolean).join(" ");
    const tag = schema.tag ?? "div";
    let inner: string;
    try {
      // A theme without an apps section (Horizon) still shows one the merchant's edits hold: Shopify's own.
      const shopifyApps = data.type === "apps" && this.theme.text("sections/apps.liquid") === undefined;
      inner = shopifyApps ? await this.renderAppsSection(data) : await this.renderSectionBody(id, data, schema, place);
    } catch (error) {
      inner = this.liquidError(`sections/${data.type}.liquid`, error);
    }
    return `<${tag} id="shopify-section-${id}" class="${classes}">${inner}</${tag}>`;
  }

  private async renderSectionBody(
    id: string,
    data: NodeData,
    schema: { settings?: SettingSchema[]; blocks?: SettingSchema[] },
    place: { location: string; index: number },
  ): Promise<string> {
    const settings = resolveSettings(schema.settings, data.settings, this.settingsEnv());
    const closest = { ...this.pageClosest(), ...closestFrom(settings) };
    const section = {
      id,
      settings,
      location: place.location,
      index: place.index + 1,
      index0: place.index,
      blocks: [] as unknown[],
    };
    const globals = { ...this.globals, section, closest };
    section.blocks = await this.sectionBlocks(data, schema.blocks ?? [], globals);
    const scope = this.scope({ node: data, section, closest, sectionSchemaBlocks: schema.blocks ?? [] });
    return this.renderFile(`sections/${data.type}`, { ...globals, [RENDER_SCOPE]: scope });
  }

  /** `section.blocks`: the section's top-level blocks (section blocks with their schema's settings, theme blocks, app blocks as `@app`). */
  private async sectionBlocks(data: NodeData, localBlocks: SettingSchema[], globals: Record<string | symbol, unknown>) {
    const blocks: unknown[] = [];
    for (const blockId of data.block_order ?? Object.keys(data.blocks ?? {})) {
      const block = data.blocks?.[blockId];
      if (!block || block.disabled) continue;
      if (block.type.startsWith("shopify://apps/")) {
        blocks.push(new AppBlockDrop(blockId, block, () => this.renderAppBlockHtml(blockId, block, globals)));
        continue;
      }
      const local = localBlocks.find((candidate) => candidate.type === block.type) as { settings?: SettingSchema[] } | undefined;
      const schemaSettings = local?.settings ?? ((this.theme.schema("blocks", block.type) ?? {}) as { settings?: SettingSchema[] }).settings;
      blocks.push({
        id: blockId,
        type: block.type,
        settings: await this.dynamicSettings(resolveSettings(schemaSettings, block.settings, this.settingsEnv()), globals),
        shopify_attributes: "",
      });
    }
    return blocks;
  }

  /** A theme block (blocks/<type>.liquid) with its settings, under the section (or block) that holds it. */
  private async renderThemeBlock(id: string, data: NodeData, parent: ThemeScope, extra: Record<string, unknown>): Promise<string> {
    const schema = (this.theme.schema("blocks", data.type) ?? {}) as { settings?: SettingSchema[] };
    if (this.theme.text(`blocks/${data.type}.liquid`) === undefined) {
      logOnce(`${this.setup.name} has no theme block "${data.type}"`);
      return "";
    }
    const closestOverrides = Object.fromEntries(
      Object.entries(extra)
        .filter(([key]) => key.startsWith("closest."))
        .map(([key, value]) => [key.slice("closest.".length), value]),
    );
    const variables = Object.fromEntries(Object.entries(extra).filter(([key]) => !key.startsWith("closest.") && key !== "type" && key !== "id"));
    const closest = { ...parent.closest, ...closestOverrides };
    const baseGlobals = { ...this.globals, section: parent.section, closest, ...variables };
    const settings = await this.dynamicSettings(resolveSettings(schema.settings, data.settings, this.settingsEnv()), baseGlobals);
    const block = { id, type: data.type, settings, shopify_attributes: "", name: data.name ?? null };
    const childClosest = { ...closest, ...closestFrom(settings) };
    const scope = this.scope({ node: data, section: parent.section, closest: childClosest, sectionSchemaBlocks: [] });
    try {
      return await this.renderFile(`blocks/${data.type}`, { ...baseGlobals, block, [RENDER_SCOPE]: scope });
    } catch (error) {
      return this.liquidError(`blocks/${data.type}.liquid`, error);
    }
  }

  private async renderAppsSection(data: NodeData): Promise<string> {
    let html = "";
    for (const blockId of data.block_order ?? Object.keys(data.blocks ?? {})) {
      const block = data.blocks?.[blockId];
      if (block && !block.disabled) html += await this.renderAppBlockHtml(blockId, block, this.globals);
    }
    return html;
  }

  /** An app block in Shopify's wrapper, rendered from the extension (nothing when the block renders nothing). */
  private async renderAppBlockHtml(id: string, block: NodeData, globals: Record<string | symbol, unknown>): Promise<string> {
    const html = await renderAppBlock(
      id,
      block as BlockEntry,
      { ...globals, app: { metafields: appMetafields(this.request.shop) } },
      this.assets,
      this.request.locale,
    );
    return html.trim() ? `<div id="shopify-block-${id}" class="shopify-block shopify-app-block">${html}</div>` : "";
  }

  /** App embeds switched on in config/settings_data.json (target body): at the end of the body on every page. */
  private async renderEmbeds(): Promise<string> {
    const settingsData = this.edits["config/settings_data.json"] ?? this.theme.text("config/settings_data.json") ?? "{}";
    let html = "";
    for (const [id, entry] of Object.entries(embedBlocks({ "config/settings_data.json": settingsData }))) {
      if (!entry.disabled)
        html += await renderAppBlock(id, entry, { ...this.globals, app: { metafields: appMetafields(this.request.shop) } }, this.assets, this.request.locale);
    }
    return html;
  }

  /**
   * Setting values holding Liquid (dynamic sources: `<h1>{{ closest.product.title }}</h1>`)
   * are rendered, as Shopify fills them in for the block that shows them.
   */
  private async dynamicSettings(settings: Record<string, unknown>, globals: Record<string | symbol, unknown>) {
    for (const [key, value] of Object.entries(settings)) {
      if (typeof value === "string" && value.includes("{{")) {
        try {
          settings[key] = await this.engine.parseAndRender(value, {}, { globals });
        } catch {
          settings[key] = "";
        }
      }
    }
    return settings;
  }

  // ------------------------------------------------------------ the tags' side (ThemeRenderScope)

  private scope(node: Omit<ThemeScope, "page">): ThemeRenderScope & ThemeScope {
    const scope: ThemeRenderScope & ThemeScope = {
      ...node,
      page: this,
      staticSection: (_ctx, type) => this.renderSection(type, this.staticSectionData(type), { location: "static", index: 0 }),
      sectionGroup: (_ctx, group) => this.renderSectionGroup(group),
      contentFor: (_ctx, kind, args) => this.contentFor(scope, kind, args),
      setLayout: (layout) => {
        this.layout = layout;
      },
    };
    return scope;
  }

  private async renderSectionGroup(group: string): Promise<string> {
    const data = editedThemeJson(this.theme, this.edits, `sections/${group}.json`) as TemplateData | undefined;
    if (!data) return "";
    let html = "";
    for (const [index, key] of data.order.entries()) {
      const section = data.sections[key];
      if (section && !section.disabled) html += await this.renderSection(this.groupSectionId(group, key), section, { location: group, index, group });
    }
    return html;
  }

  /** `{% content_for 'blocks' %}` (the node's blocks, static ones aside) and `{% content_for 'block', type:, id: %}` (a static block). */
  private async contentFor(parent: ThemeScope, kind: string, args: Record<string, unknown>): Promise<string> {
    const node = parent.node;
    if (kind === "block") {
      const id = String(args.id ?? args.type ?? "");
      const type = String(args.type ?? "");
      const saved = node.blocks?.[id];
      const data: NodeData = saved && saved.type === type ? saved : { type, settings: {}, static: true };
      return this.renderThemeBlock(id, data, parent, args);
    }
    if (kind !== "blocks") return "";
    let html = "";
    for (const blockId of node.block_order ?? Object.keys(node.blocks ?? {})) {
      const block = node.blocks?.[blockId];
      if (!block || block.disabled || block.static) continue;
      if (block.type.startsWith("shopify://apps/"))
        html += await this.renderAppBlockHtml(blockId, block, { ...this.globals, section: parent.section, closest: parent.closest });
      else if (block.type === "@app") continue;
      else html += await this.renderThemeBlock(blockId, block, parent, {});
    }
    return html;
  }

  // ------------------------------------------------------------ Liquid

  private async renderFile(file: string, globals: Record<string | symbol, unknown>): Promise<string> {
    const withScope =
      RENDER_SCOPE in globals
        ? globals
        : { ...globals, [RENDER_SCOPE]: this.scope({ node: { type: "layout" }, section: null, closest: this.pageClosest(), sectionSchemaBlocks: [] }) };
    return this.engine.renderFile(file, {}, { globals: withScope });
  }

  private liquidError(file: string, error: unknown): string {
    const message = (error as Error)?.message ?? String(error);
    logOnce(`${this.setup.name}: ${LIQUID_ERROR_MARK} (${file}): ${message}`);
    return `<!-- ${LIQUID_ERROR_MARK} (${file}): ${message.replace(/--/g, "- -")} -->`;
  }

  private pageClosest(): Record<string, unknown> {
    return { product: this.target.product ?? null, collection: this.target.collection ?? null };
  }

  // ------------------------------------------------------------ objects

  private settingsData(): { current?: unknown } {
    const data = (editedThemeJson(this.theme, this.edits, "config/settings_data.json") ?? {}) as { current?: unknown; presets?: Record<string, unknown> };
    const current = typeof data.current === "string" ? data.presets?.[data.current] : data.current;
    return { current };
  }

  private cachedSettings: Record<string, unknown> | null = null;
  private cachedSchemes: (ColorSchemeDrop[] & Record<string, ColorSchemeDrop>) | null = null;

  private settingsEnv(): SettingsEnv {
    return {
      factory: this.factory,
      schemes: () => this.colorSchemes(),
      menu: (handle) => this.menu(handle),
      globals: () => this.cachedSettings ?? {},
      currentPath: this.request.path,
    };
  }

  private colorSchemes() {
    if (!this.cachedSchemes) {
      const schema = this.theme.json("config/settings_schema.json") as Array<{ settings?: SettingSchema[] }>;
      const group = schema.flatMap((entry) => entry.settings ?? []).find((setting) => setting.type === "color_scheme_group");
      const current = (this.settingsData().current ?? {}) as Record<string, unknown>;
      const data = group?.id ? (current[group.id] ?? group.default) : undefined;
      this.cachedSchemes = resolveColorSchemes(group, data, this.settingsEnv());
    }
    return this.cachedSchemes;
  }

  /** `settings`: the schema's defaults, settings_data.json's current values, then the shop's overrides (control: seed themeSettings). */
  private themeSettings(): Record<string, unknown> {
    if (this.cachedSettings) return this.cachedSettings;
    const schema = (this.theme.json("config/settings_schema.json") as Array<{ settings?: SettingSchema[] }>).flatMap((entry) => entry.settings ?? []);
    const current = { ...((this.settingsData().current ?? {}) as Record<string, unknown>), ...this.setup.settings };
    const settings: Record<string, unknown> = {};
    this.cachedSettings = settings;
    const env = this.settingsEnv();
    // Two passes: defaults that point at other settings (Horizon's palette) find them resolved in the first.
    for (const pass of [0, 1]) {
      for (const setting of schema) {
        if (!setting.id) continue;
        const raw = current[setting.id];
        if (pass === 1 && !(raw === undefined && typeof setting.default === "string" && setting.default.includes("{{"))) continue;
        if (setting.type === "color_scheme_group") settings[setting.id] = this.colorSchemes();
        else Object.assign(settings, resolveSettings([setting], current, env));
      }
    }
    return settings;
  }

  private menus: Map<string, MenuDrop> | null = null;

  /** The store's navigation: a main menu (home, the catalog, a few collections) and a footer menu. */
  private menu(handle: string): MenuDrop | null {
    if (!this.menus) {
      const path = this.request.path;
      const link = (title: string, url: string, type: string): MenuLink => ({
        title,
        url,
        handle: slugify(title),
        type,
        links: [],
        active: path === url,
        current: path === url,
        child_active: false,
        child_current: false,
        levels: 0,
        object: null,
      });
      const collections = this.factory
        .allCollections()
        .filter((c) => c.handle !== "all")
        .slice(0, 3);
      this.menus = new Map([
        [
          "main-menu",
          new MenuDrop("main-menu", "Main menu", [
            link("Home", "/", "frontpage_link"),
            link("Catalog", "/collections/all", "collection_link"),
            ...collections.map((c) => link(c.title, c.url, "collection_link")),
          ]),
        ],
        ["footer", new MenuDrop("footer", "Footer menu", [link("Search", "/search", "search_link"), link("Catalog", "/collections/all", "collection_link")])],
      ]);
    }
    return this.menus.get(handle) ?? null;
  }

  private pageGlobals(): Record<string | symbol, unknown> {
    const { shop, origin, path, locale, search } = this.request;
    const cart = new CartDrop(
      this.factory,
      cartView(shop, this.request.cart, (product) => productImageUrl(this.request.ctx.config, product.handle)),
    );
    const target = this.target;
    const root = locale === "en" ? "/" : `/${locale}/`;
    // Locale-aware, as Shopify's routes are: /fr/cart/add on the French storefront.
    const prefix = locale === "en" ? "" : `/${locale}`;
    const routes = {
      root_url: root,
      ...Object.fromEntries(
        Object.entries({
          cart_url: "/cart",
          cart_add_url: "/cart/add",
          cart_change_url: "/cart/change",
          cart_update_url: "/cart/update",
          cart_clear_url: "/cart/clear",
          account_url: "/account",
          account_login_url: "/account/login",
          account_logout_url: "/account/logout",
          account_register_url: "/account/register",
          account_addresses_url: "/account/addresses",
          account_recover_url: "/account/recover",
          collections_url: "/collections",
          all_products_collection_url: "/collections/all",
          search_url: "/search",
          predictive_search_url: "/search/suggest",
          product_recommendations_url: "/recommendations/products",
          storefront_login_url: "/account/login",
        }).map(([name, path]) => [name, `${prefix}${path}`]),
      ),
    };
    const country = {
      iso_code: "US",
      name: "United States",
      currency: { iso_code: "USD", symbol: "$", name: "United States Dollar" },
      unit_system: "imperial",
      available_languages: [],
    };
    const language = { iso_code: locale, name: "English", endonym_name: "English", primary: locale === "en", root_url: root };
    const pageTitle =
      target.product?.title ?? target.collection?.title ?? (target.template === "cart" ? "Your cart" : target.template === "404" ? "404 Not Found" : shop.name);
    const factory = this.factory;
    const globals: Record<string | symbol, unknown> = {
      shop: {
        id: shop.id,
        name: shop.name,
        email: shop.email,
        domain: shop.domain,
        permanent_domain: shop.domain,
        url: origin,
        secure_url: origin,
        currency: "USD",
        money_format: "${{amount}}",
        money_with_currency_format: "${{amount}} USD",
        description: "",
        enabled_payment_types: [],
        customer_accounts_enabled: false,
        customer_accounts_optional: true,
        accepts_gift_cards: false,
        brand: { logo: null, square_logo: null, short_description: "", slogan: "", colors: {}, cover_image: null },
        metafields: {},
        policies: [],
        published_locales: [language],
        locale,
        products_count: factory.live.length,
        collections_count: factory.allCollections().length,
        types: [...new Set(factory.live.map((p) => p.productType))],
        vendors: [...new Set(factory.live.map((p) => p.vendor))],
      },
      request: {
        page_type: target.template === "list-collections" ? "list-collections" : target.template,
        design_mode: false,
        visual_preview_mode: false,
        host: new URL(origin).host,
        origin,
        path,
        locale: language,
      },
      routes,
      localization: { available_countries: [country], available_languages: [language], country, language, market: { id: 1, handle: "us", metafields: {} } },
      settings: null,
      template: new TemplateDrop(target.template),
      cart,
      product: target.product ?? null,
      collection: target.collection ?? null,
      customer: null,
      page_title: pageTitle,
      page_description: target.product ? target.product.source.description : null,
      canonical_url: `${origin}${path}`,
      handle: target.product?.handle ?? target.collection?.handle ?? null,
      current_page: Math.max(1, Number(search.get("page")) || 1),
      current_tags: null,
      all_products: new LookupDrop(
        (handle) => factory.productByHandle(handle),
        () => factory.live.map((p) => factory.product(p)),
      ),
      collections: new LookupDrop(
        (handle) => factory.collection(handle),
        () => factory.allCollections(),
      ),
      linklists: new LookupDrop(
        (handle) => this.menu(handle),
        () => ["main-menu", "footer"].map((h) => this.menu(h)),
      ),
      pages: new LookupDrop(
        () => null,
        () => [],
      ),
      blogs: new LookupDrop(
        () => null,
        () => [],
      ),
      articles: new LookupDrop(
        () => null,
        () => [],
      ),
      images: new LookupDrop(
        () => null,
        () => [],
      ),
      metaobjects: new LookupDrop(
        () => null,
        () => [],
      ),
      recommendations: { "performed?": false, performed: false, products: [], products_count: 0, intent: "related" },
      predictive_search: { performed: false, resources: { products: [], collections: [], pages: [], articles: [], queries: [] }, terms: "", types: [] },
      search: {
        performed: false,
        results: [],
        results_count: 0,
        terms: search.get("q") ?? "",
        types: ["product"],
        filters: [],
        sort_by: "relevance",
        default_sort_by: "relevance",
        sort_options: [],
      },
      powered_by_link: '<a target="_blank" rel="nofollow" href="https://www.shopify.com">Powered by Shopify</a>',
      additional_checkout_buttons: false,
      content_for_additional_checkout_buttons: "",
      scripts: [],
      app: { metafields: appMetafields(shop) },
    };
    // Settings last: resolving them may need the shop's products and menus, which the globals above do not.
    Object.defineProperty(globals, "settings", { value: this.themeSettings(), enumerable: true, writable: true });
    return globals;
  }
}

/** What a rendering tag works under: the section or block whose blocks `content_for` renders. */
interface ThemeScope {
  page: ThemePageRender;
  node: NodeData;
  section: unknown;
  closest: Record<string, unknown>;
  sectionSchemaBlocks: SettingSchema[];
}

/** `closest.product` / `closest.collection` from a section's or block's own settings (a product or collection picked there). */
function closestFrom(settings: Record<string, unknown>): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const value of Object.values(settings)) {
    if (value instanceof ProductDrop && !found.product) found.product = value;
    if (value instanceof CollectionDrop && !found.collection) found.collection = value;
  }
  return found;
}

/** `template`: prints its name ("product"); `.name`, `.suffix`, `.directory`. */
class TemplateDrop extends Drop {
  readonly suffix = null;
  readonly directory = null;
  constructor(readonly name: string) {
    super();
  }
  override valueOf() {
    return this.name;
  }
  toString() {
    return this.name;
  }
}

/** Global lookups by handle (`collections['shirts']`, `all_products[h]`, `linklists['main-menu']`), iterable as a list. */
class LookupDrop extends Drop {
  constructor(
    private readonly find: (handle: string) => unknown,
    private readonly all: () => unknown[],
  ) {
    super();
  }
  override liquidMethodMissing(key: string | number) {
    return this.find(String(key));
  }
  get size() {
    return this.all().length;
  }
  override valueOf() {
    return this.all();
  }
}

/** An app block in `section.blocks` (type `@app`): `{% render block %}` renders it. */
class AppBlockDrop extends Drop implements RenderableBlock {
  readonly type = "@app";
  readonly shopify_attributes = "";
  readonly settings: Record<string, unknown>;
  constructor(
    readonly id: string,
    data: NodeData,
    private readonly render: () => Promise<string>,
  ) {
    super();
    this.settings = data.settings ?? {};
  }
  renderHtml() {
    return this.render();
  }
}
