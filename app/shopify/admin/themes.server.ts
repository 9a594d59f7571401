/** The published theme: what kind it is, and the text of its files (read_themes; never written). Each Admin GraphQL document sits beside the function that sends it. */
import { type AdminGraphql, runAdminQuery } from "./client.server";

export const THEMES_DOCUMENTS = {
  activeTheme: `#graphql
    query ClipcartActiveTheme {
      themes(first: 1, roles: [MAIN]) {
        nodes {
          id
          name
          role
          files(filenames: ["templates/index.json"], first: 1) {
            nodes {
              filename
            }
          }
        }
      }
    }`,
  themeSetupFiles: `#graphql
    query ClipcartThemeSetupFiles($filenames: [String!]!) {
      themes(first: 1, roles: [MAIN]) {
        nodes {
          id
          name
          files(filenames: $filenames, first: 10) {
            nodes {
              filename
              body {
                ... on OnlineStoreThemeFileBodyText {
                  content
                }
              }
            }
          }
        }
      }
    }`,
} as const;

export interface ActiveTheme {
  id: string;
  name: string;
  /** "json" for Online Store 2.0 themes (app blocks), "liquid" for vintage themes (app embed only). */
  type: "json" | "liquid";
}

interface ActiveThemeData {
  themes: { nodes: Array<{ id: string; name: string; files: { nodes: Array<{ filename: string }> } }> };
}

/** The shop's published theme; a theme with JSON templates supports app blocks. */
export async function fetchActiveTheme(graphql: AdminGraphql): Promise<ActiveTheme | null> {
  const data = await runAdminQuery<ActiveThemeData>(graphql, THEMES_DOCUMENTS.activeTheme);
  const theme = data.themes.nodes[0];
  if (!theme) return null;
  return { id: theme.id, name: theme.name, type: theme.files.nodes.length > 0 ? "json" : "liquid" };
}

interface ThemeSetupFilesData {
  themes: {
    nodes: Array<{ id: string; name: string; files: { nodes: Array<{ filename: string; body: { content?: string } | null }> } | null }>;
  };
}

/** The published theme and the text of those of its files that exist (read_themes; theme files are never written). */
export async function fetchMainThemeFiles(
  graphql: AdminGraphql,
  filenames: readonly string[],
): Promise<{ id: string; name: string; files: Array<{ filename: string; content: string | null }> } | null> {
  const data = await runAdminQuery<ThemeSetupFilesData>(graphql, THEMES_DOCUMENTS.themeSetupFiles, { filenames });
  const theme = data.themes.nodes[0];
  if (!theme) return null;
  const files = (theme.files?.nodes ?? []).map((file) => ({ filename: file.filename, content: file.body?.content ?? null }));
  return { id: theme.id, name: theme.name, files };
}
