/** Themes and their files. */
import { createHash } from "node:crypto";
import { gid } from "../../gid.js";
import type { ShopTheme } from "../../published-theme.js";
import { connection, type PageArgs } from "../connection.js";
import type { GqlContext } from "./context.js";

export function themeView(_g: GqlContext, theme: ShopTheme) {
  const files = theme.files();
  const names = Object.keys(files).sort();
  return {
    __typename: "OnlineStoreTheme",
    id: gid("OnlineStoreTheme", theme.id),
    name: theme.name,
    role: theme.role,
    prefix: `/t/${theme.key === "json" ? 1 : theme.key === "liquid" ? 2 : theme.key}`,
    processing: false,
    processingFailed: false,
    themeStoreId: theme.themeStoreId,
    createdAt: theme.createdAt,
    updatedAt: theme.createdAt,
    files: (args: PageArgs & { filenames?: string[] }) => {
      // Filenames accept `*` wildcards, as on Shopify (e.g. "templates/*.json").
      const patterns = (args.filenames ?? []).map((f) => new RegExp(`^${f.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`));
      const selected = patterns.length ? names.filter((name) => patterns.some((re) => re.test(name))) : names;
      return connection(
        selected,
        { first: 50, ...args },
        (name) => name,
        (name) => themeFileView(name, files[name] ?? "", theme.createdAt),
      );
    },
  };
}

function themeFileView(filename: string, content: string, at: string) {
  return {
    __typename: "OnlineStoreThemeFile",
    filename,
    body: { __typename: "OnlineStoreThemeFileBodyText", content },
    contentType: filename.endsWith(".json") ? "application/json" : "application/x-liquid",
    size: String(Buffer.byteLength(content)),
    checksumMd5: createHash("md5").update(content).digest("hex"),
    createdAt: at,
    updatedAt: at,
  };
}
