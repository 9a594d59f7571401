/**
 * What App Bridge's `shopify.app.extensions()` answers for the app's theme app
 * extension, worked out from the shop's published theme files as Shopify does:
 * each block and embed of extensions/clipcart-widgets with its status
 * ("active" where the theme holds it: an app block in a JSON template, an
 * embed switched on in config/settings_data.json; "available" otherwise;
 * "unavailable" for app blocks on a vintage theme, which cannot hold them) and
 * its placements in the published theme.
 */
import { extensionFiles } from "../../extension/extension-files.js";
import { gid } from "./gid.js";
import type { ShopState } from "./state.js";
import { blockSchema, label } from "./theme-editor.js";
import { publishedTheme } from "./published-theme.js";
import { parseThemeJson } from "./real-themes/theme-source.js";
import { embedBlocks, type BlockEntry } from "./theme-files.js";

/** The extension's handle (its folder under extensions/). */
const EXTENSION_HANDLE = "clipcart-widgets";

interface Placement {
  target: string;
  themeId: string;
}

/** The block handle of one of our app blocks or embeds (`shopify://apps/clipcart/blocks/<handle>/<id>`), else null. */
function ourHandle(entry: BlockEntry | undefined): string | null {
  const match = /^shopify:\/\/apps\/clipcart\/blocks\/([^/]+)\//.exec(entry?.type ?? "");
  return match?.[1] ?? null;
}

export function appExtensionsOf(shop: ShopState) {
  const theme = publishedTheme(shop);
  const files = theme.files();
  const themeId = gid("OnlineStoreTheme", theme.id);
  const placements = new Map<string, Placement[]>();
  const place = (handle: string, target: string) => placements.set(handle, [...(placements.get(handle) ?? []), { target, themeId }]);

  for (const [filename, content] of Object.entries(files)) {
    const template = /^templates\/(.+)\.json$/.exec(filename)?.[1];
    if (!template) continue;
    let json: { sections?: Record<string, { disabled?: boolean; blocks?: Record<string, BlockEntry> }> };
    try {
      json = parseThemeJson(content) as typeof json;
    } catch {
      continue;
    }
    for (const [sectionId, section] of Object.entries(json.sections ?? {})) {
      if (section.disabled) continue;
      for (const [blockId, block] of Object.entries(section.blocks ?? {})) {
        const handle = block.disabled ? null : ourHandle(block);
        if (handle) place(handle, `template--${template}/${sectionId}/${blockId}`);
      }
    }
  }
  for (const [blockId, block] of Object.entries(embedBlocks(files))) {
    const handle = block.disabled ? null : ourHandle(block);
    if (handle) place(handle, `settings_data/${blockId}`);
  }

  const activations = extensionFiles("blocks")
    .filter((file) => file.endsWith(".liquid"))
    .map((file) => file.replace(/\.liquid$/, ""))
    .flatMap((handle) => {
      const schema = blockSchema(handle);
      if (!schema) return [];
      const placed = placements.get(handle) ?? [];
      const isBlock = schema.target === "section";
      const status: "active" | "available" | "unavailable" = placed.length > 0 ? "active" : isBlock && !theme.takesAppBlocks ? "unavailable" : "available";
      return [{ handle, name: label(schema.name), target: schema.target, status, activations: placed }];
    });
  return [{ handle: EXTENSION_HANDLE, type: "theme_app_extension", activations }];
}
