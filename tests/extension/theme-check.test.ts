/**
 * Shopify's theme-check over the theme app extension, with its
 * theme-app-extension rules (tests/extension/theme-check.yml): asset sizes,
 * parser-blocking scripts, tags app blocks may not use, unknown filters,
 * missing snippets and translations. Offline it logs that it cannot fetch
 * the latest Liquid docs from GitHub and uses the ones it ships with.
 */
import { join } from "node:path";
import { themeCheckRun } from "@shopify/theme-check-node";
import { expect, it } from "vitest";
import { EXTENSION_DIR } from "./extension-files";

it("theme-check finds nothing in the extension", async () => {
  // The root must be absolute: a relative one is resolved against "file:///" and checks no files.
  const { theme, offenses } = await themeCheckRun(EXTENSION_DIR, join(import.meta.dirname, "theme-check.yml"), () => {});
  expect(theme.length).toBeGreaterThan(5);
  expect(offenses.map(({ check, uri, message }) => `${check} ${uri.slice(uri.indexOf("clipcart-widgets/"))}: ${message}`)).toEqual([]);
}, 60_000);
