/**
 * The theme app extension's blocks and embeds on a storefront, as Shopify
 * renders them into any theme (the minimal themes of theme-files.ts and the
 * real ones): the extension's real Liquid (extensions/clipcart-widgets) with
 * the block's settings and the app-data metafields the app published; the
 * schema's javascript and stylesheet are loaded once per page.
 */
import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import type { Liquid } from "liquidjs";
import { EXTENSION_DIR, blockSchemaText, extensionLiquid } from "../../extension/extension-files.js";
import { gid } from "./gid.js";
import { installationId } from "./graphql/views.js";
import { sendText } from "./http.js";
import type { ShopState } from "./state.js";
import type { BlockEntry } from "./theme-files.js";

/** Where the extension's assets are served (Shopify serves them from its CDN). */
export const EXTENSION_ASSET_PATH = "/cdn/extensions/clipcart-widgets/assets/";

/** The app blocks/embeds a page used: their schema's assets go in the head, once. */
export interface Assets {
  scripts: Set<string>;
  styles: Set<string>;
}

/** The app-data metafields the app published, as `app.metafields.<namespace>.<key>` ({ value, type }). */
export function appMetafields(shop: ShopState) {
  const installation = gid("AppInstallation", installationId(shop));
  const namespaces: Record<string, Record<string, { value: unknown; type: string }>> = {};
  for (const metafield of shop.metafields) {
    if (metafield.ownerId !== installation) continue;
    let value: unknown = metafield.value;
    if (metafield.type === "json") {
      try {
        value = JSON.parse(metafield.value);
      } catch {
        value = null;
      }
    }
    (namespaces[metafield.namespace] ??= {})[metafield.key] = { value, type: metafield.type };
  }
  return namespaces;
}

const extensionEngines = new Map<string, Liquid>();
const extensionEngine = (locale: string) => {
  let engine = extensionEngines.get(locale);
  if (!engine) extensionEngines.set(locale, (engine = extensionLiquid(locale)));
  return engine;
};

/** `shopify://apps/<app>/blocks/<handle>/<uuid>` -> handle, for this app's extension; null otherwise. */
export function appBlockHandle(type: string): string | null {
  const handle = /^shopify:\/\/apps\/([^/]+)\/blocks\/([^/]+)\/[^/]+$/.exec(type)?.[2];
  return handle && existsSync(join(EXTENSION_DIR, "blocks", `${handle}.liquid`)) ? handle : null;
}

export async function renderAppBlock(id: string, entry: BlockEntry, globals: Record<string, unknown>, assets: Assets, locale: string): Promise<string> {
  const handle = appBlockHandle(entry.type);
  if (!handle) return "";
  const schema = JSON.parse(blockSchemaText(readFileSync(join(EXTENSION_DIR, "blocks", `${handle}.liquid`), "utf8"))) as {
    javascript?: string;
    stylesheet?: string;
    settings?: Array<{ id: string; default?: unknown }>;
  };
  const settings: Record<string, unknown> = {};
  for (const setting of schema.settings ?? []) settings[setting.id] = entry.settings?.[setting.id] ?? setting.default ?? null;
  const html = await extensionEngine(locale).renderFile(handle, {
    ...globals,
    block: { id, type: entry.type, settings, shopify_attributes: `data-block-id="${id}"` },
  });
  if (html.trim()) {
    if (schema.javascript) assets.scripts.add(schema.javascript);
    if (schema.stylesheet) assets.styles.add(schema.stylesheet);
  }
  return html;
}

export function sendExtensionAsset(res: ServerResponse, file: string) {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(file)) return sendText(res, 404, "Not found");
  const path = join(EXTENSION_DIR, "assets", file);
  if (!existsSync(path)) return sendText(res, 404, "Not found");
  const type = file.endsWith(".js") ? "application/javascript; charset=utf-8" : file.endsWith(".css") ? "text/css; charset=utf-8" : "application/octet-stream";
  res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-cache" });
  res.end(readFileSync(path));
}

/** The head tags loading what the page's app blocks and embeds declared (their schema's stylesheet and javascript). */
export function appAssetTags(assets: Assets): string {
  return [
    ...[...assets.styles].map((file) => `<link rel="stylesheet" href="${EXTENSION_ASSET_PATH}${file}">`),
    ...[...assets.scripts].map((file) => `<script src="${EXTENSION_ASSET_PATH}${file}" defer></script>`),
  ].join("\n");
}
