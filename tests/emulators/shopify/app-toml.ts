/**
 * What Local Shopify needs from the app's shopify.app.toml: where webhooks and
 * app-proxy requests go. Shopify reads the same file when the app is deployed,
 * so the emulator delivers exactly where production would (on appUrl).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";

export interface AppToml {
  webhookApiVersion: string;
  /** topic (e.g. "app/uninstalled", "shop/redact") -> path on the app, e.g. "/webhooks/app/uninstalled" */
  webhookUris: Record<string, string>;
  /** e.g. { prefix: "apps", subpath: "clipcart", path: "/proxy" } */
  appProxy?: { prefix: string; subpath: string; path: string };
}

const APP_TOML_PATH = fileURLToPath(new URL("../../../shopify.app.toml", import.meta.url));

/** The parts of shopify.app.toml read here (TOML tables as Shopify's CLI writes them). */
interface AppTomlFile {
  webhooks?: { api_version?: string; subscriptions?: { topics?: string[]; compliance_topics?: string[]; uri: string }[] };
  app_proxy?: { url: string; prefix: string; subpath: string };
}

let cached: AppToml | undefined;

export function readAppToml(file = APP_TOML_PATH): AppToml {
  if (cached && file === APP_TOML_PATH) return cached;
  const toml = parse(readFileSync(file, "utf8")) as AppTomlFile;
  const webhookUris: Record<string, string> = {};
  for (const sub of toml.webhooks?.subscriptions ?? []) {
    for (const topic of [...(sub.topics ?? []), ...(sub.compliance_topics ?? [])]) webhookUris[topic] = sub.uri;
  }
  const proxy = toml.app_proxy;
  const result: AppToml = {
    webhookApiVersion: toml.webhooks?.api_version ?? "2025-10",
    webhookUris,
    // Only the path of app_proxy.url matters: the host is replaced by appUrl locally.
    appProxy: proxy ? { prefix: proxy.prefix, subpath: proxy.subpath, path: new URL(proxy.url).pathname.replace(/\/$/, "") } : undefined,
  };
  if (file === APP_TOML_PATH) cached = result;
  return result;
}
