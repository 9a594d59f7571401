/**
 * The theme editor's deep links, served where Shopify serves them (the shop's
 * own domain, here its storefront host):
 *   /admin/themes/current/editor?template=<t>&addAppBlockId=<api key>/<block>&target=newAppsSection
 *   /admin/themes/current/editor?template=<t>&addAppBlockId=<api key>/<block>&target=mainSection
 *   /admin/themes/current/editor?context=apps&template=<t>&activateAppId=<api key>/<embed>
 * The page shows what will be added with the block's settings (from its
 * schema); Save writes the merchant's theme edit: a new "apps" section holding
 * the block in the JSON template (newAppsSection), the block at the end of the
 * template's main section, the one keyed `main` (mainSection: Dawn's
 * main-product, Horizon's product-information; refused when its schema takes no
 * `@app` blocks), or the embed switched on in config/settings_data.json.
 * Vintage themes cannot hold app blocks, so there the page offers the app
 * embed instead, as Shopify's editor does.
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { EXTENSION_DIR, blockSchemaText, readExtensionFile, translate } from "../../extension/extension-files.js";
import type { LocalShopifyContext } from "./context.js";
import { escapeHtml, readBody, sendText } from "./http.js";
import type { ShopState } from "./state.js";
import { publishedTheme, type ShopTheme } from "./published-theme.js";
import { parseThemeJson } from "./real-themes/theme-source.js";
import { embedBlocks } from "./theme-files.js";

/** The extension's id in app block types (shopify://apps/<app>/blocks/<block>/<id>). */
const EXTENSION_UID = "3f0c9a52-clipcart-widgets";

const TEMPLATE_PATHS: Record<string, string> = { index: "/", product: "/products/", collection: "/collections/all", cart: "/cart" };

interface SettingSchema {
  id: string;
  type: string;
  label?: string;
  default?: unknown;
  options?: Array<{ value: string; label: string }>;
}

export function blockSchema(handle: string): { name: string; target: string; settings: SettingSchema[] } | null {
  try {
    return JSON.parse(blockSchemaText(readFileSync(join(EXTENSION_DIR, "blocks", `${handle}.liquid`), "utf8")));
  } catch {
    return null;
  }
}

const schemaLocale = () => JSON.parse(readExtensionFile("locales/en.default.schema.json"));
export const label = (text: string | undefined) => (text?.startsWith("t:") ? (translate(schemaLocale(), text.slice(2)) ?? text) : (text ?? ""));

function page(res: ServerResponse, status: number, title: string, body: string) {
  sendText(
    res,
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f1f1f1}main{max-width:560px;margin:48px auto;background:#fff;border-radius:12px;padding:24px 28px;box-shadow:0 1px 3px #0002}label{display:block;margin:12px 0 4px;font-weight:600}input,select{font:inherit;padding:6px 8px;width:100%;box-sizing:border-box}button{margin-top:20px;font:inherit;padding:8px 16px;border-radius:8px;border:0;background:#303030;color:#fff;cursor:pointer}.note{color:#616161}</style>
</head><body><main data-testid="theme-editor">${body}</main></body></html>`,
    "text/html; charset=utf-8",
  );
}

export async function handleThemeEditor(req: IncomingMessage, res: ServerResponse, url: URL, ctx: LocalShopifyContext, shop: ShopState, path: string) {
  if (path !== "/admin/themes/current/editor") return sendText(res, 404, "Not found");
  const theme = publishedTheme(shop);
  const template = url.searchParams.get("template") ?? "index";
  const blockRef = url.searchParams.get("addAppBlockId");
  const embedRef = url.searchParams.get("activateAppId");
  const [apiKey, handle = ""] = (blockRef ?? embedRef ?? "").split("/");
  const schema = handle ? blockSchema(handle) : null;
  if (!schema || apiKey !== ctx.config.apiKey) {
    return page(res, 404, "App not found", `<h1>Theme editor</h1><p>No app block or embed matches this link.</p>`);
  }
  const isEmbed = Boolean(embedRef);
  if (isEmbed !== (schema.target === "body")) {
    return page(
      res,
      400,
      "Theme editor",
      `<h1>Theme editor</h1><p>${escapeHtml(label(schema.name))} is ${isEmbed ? "an app block, not an app embed" : "an app embed, not an app block"}.</p>`,
    );
  }
  if (!isEmbed && !theme.takesAppBlocks) {
    const embedLink = new URL(url);
    embedLink.search = new URLSearchParams({ context: "apps", template, activateAppId: `${apiKey}/page-widgets` }).toString();
    return page(
      res,
      200,
      "Theme editor",
      `<h1>${escapeHtml(theme.name)}</h1><p data-testid="theme-editor-unsupported">Your ${escapeHtml(theme.name)} theme does not support app blocks. Use the app embed instead.</p><p><a href="${escapeHtml(embedLink.pathname + embedLink.search)}">Enable the app embed</a></p>`,
    );
  }

  const inMainSection = !isEmbed && url.searchParams.get("target") === "mainSection";
  const mainType = inMainSection ? mainSectionType(theme, template) : null;
  if (inMainSection && (!mainType || !theme.takesAppBlocksIn(mainType))) {
    return page(
      res,
      400,
      "Theme editor",
      `<h1>Theme editor</h1><p data-testid="theme-editor-no-main-section">The main section of the ${escapeHtml(template)} template of your ${escapeHtml(theme.name)} theme does not take app blocks.</p>`,
    );
  }

  if (req.method === "POST") {
    const form = new URLSearchParams((await readBody(req)).toString("utf8"));
    const settings: Record<string, unknown> = {};
    for (const setting of schema.settings) {
      const value = form.get(setting.id);
      settings[setting.id] = setting.type === "number" ? (value ? Number(value) : null) : (value ?? setting.default ?? null);
    }
    const saved = isEmbed
      ? enableEmbed(theme, handle, settings)
      : inMainSection
        ? addToMainSection(theme, template, handle, settings)
        : addAppBlock(theme, template, handle, settings);
    ctx.save();
    const storePath =
      TEMPLATE_PATHS[template] === "/products/"
        ? `/products/${shop.products.find((p) => p.status === "ACTIVE")?.handle ?? ""}`
        : (TEMPLATE_PATHS[template] ?? "/");
    return page(
      res,
      200,
      "Saved",
      `<h1>Saved</h1><p data-testid="theme-editor-saved">${escapeHtml(saved)}</p><p><a href="${escapeHtml(storePath)}">View your store</a></p>`,
    );
  }

  const fields = schema.settings
    .map((setting) => {
      const name = escapeHtml(label(setting.label));
      if (setting.type === "select") {
        const options = (setting.options ?? [])
          .map(
            (option) =>
              `<option value="${escapeHtml(option.value)}"${option.value === setting.default ? " selected" : ""}>${escapeHtml(label(option.label))}</option>`,
          )
          .join("");
        return `<label for="${setting.id}">${name}</label><select id="${setting.id}" name="${setting.id}">${options}</select>`;
      }
      return `<label for="${setting.id}">${name}</label><input id="${setting.id}" name="${setting.id}" type="${setting.type === "number" ? "number" : "text"}">`;
    })
    .join("");
  const what = isEmbed
    ? `Enable the app embed <strong>${escapeHtml(label(schema.name))}</strong> in your ${escapeHtml(theme.name)} theme.`
    : `Add the app block <strong>${escapeHtml(label(schema.name))}</strong> to the <strong>${escapeHtml(template)}</strong> template${inMainSection ? "'s main section" : ""} of your ${escapeHtml(theme.name)} theme.`;
  return page(
    res,
    200,
    "Theme editor",
    `<h1>${escapeHtml(theme.name)}: theme editor</h1><p>${what}</p><form method="post">${fields}<button type="submit">Save</button></form>`,
  );
}

function blockType(handle: string) {
  return `shopify://apps/clipcart/blocks/${handle}/${EXTENSION_UID}`;
}

/**
 * A new section of app blocks holding the block, at the end of the JSON
 * template: an "apps" section, or on a theme without one (Horizon) a section
 * of the theme's that takes `@app` blocks.
 */
function addAppBlock(theme: ShopTheme, template: string, handle: string, settings: Record<string, unknown>): string {
  const file = `templates/${template}.json`;
  const json = parseThemeJson(theme.files()[file] ?? '{"sections":{},"order":[]}') as {
    sections: Record<string, unknown>;
    order: string[];
  };
  const sectionId = `apps_${randomBytes(3).toString("hex")}`;
  const blockId = `${handle}_${randomBytes(3).toString("hex")}`;
  json.sections[sectionId] = {
    type: theme.appsSectionType,
    blocks: { [blockId]: { type: blockType(handle), settings } },
    block_order: [blockId],
    settings: {},
  };
  json.order.push(sectionId);
  theme.save(file, `${JSON.stringify(json, null, 2)}\n`);
  return `Added the block to ${file}.`;
}

type TemplateJson = { sections: Record<string, { type?: string; blocks?: Record<string, unknown>; block_order?: string[] }>; order: string[] };

function templateJson(theme: ShopTheme, template: string): TemplateJson | null {
  const content = theme.files()[`templates/${template}.json`];
  return content ? (parseThemeJson(content) as TemplateJson) : null;
}

/** The type of the template's main section (the one keyed `main`, as Dawn's and Horizon's templates key it), if it has one. */
function mainSectionType(theme: ShopTheme, template: string): string | null {
  return templateJson(theme, template)?.sections.main?.type ?? null;
}

/** The block at the end of the template's main section (target=mainSection), where the section's own blocks render it. */
function addToMainSection(theme: ShopTheme, template: string, handle: string, settings: Record<string, unknown>): string {
  const file = `templates/${template}.json`;
  const json = templateJson(theme, template)!;
  const main = json.sections.main!;
  const blockId = `${handle}_${randomBytes(3).toString("hex")}`;
  main.block_order = [...(main.block_order ?? Object.keys(main.blocks ?? {})), blockId];
  main.blocks = { ...main.blocks, [blockId]: { type: blockType(handle), settings } };
  theme.save(file, `${JSON.stringify(json, null, 2)}\n`);
  return `Added the block to the main section of ${file}.`;
}

/** Switches the embed on (once per embed; saving again updates its settings). */
function enableEmbed(theme: ShopTheme, handle: string, settings: Record<string, unknown>): string {
  const file = "config/settings_data.json";
  const files = theme.files();
  const data = parseThemeJson(files[file] ?? "{}") as { current?: unknown; presets?: Record<string, Record<string, unknown>> };
  const current = (typeof data.current === "string" ? ((data.presets ??= {})[data.current] ??= {}) : (data.current ??= {})) as {
    blocks?: Record<string, unknown>;
  };
  current.blocks ??= {};
  const existing = Object.entries(embedBlocks(files)).find(([, entry]) => entry.type === blockType(handle))?.[0];
  current.blocks[existing ?? `${handle}_${randomBytes(3).toString("hex")}`] = { type: blockType(handle), disabled: false, settings };
  theme.save(file, `${JSON.stringify(data, null, 2)}\n`);
  return "The app embed is on.";
}
