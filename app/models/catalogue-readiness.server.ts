/**
 * Whether the shop's catalogue was read once for product suggestions
 * (decision 053), asking the background runner for that read when nobody did.
 */
import { wakeCatalogueRunner } from "~/jobs/catalogue-sync.server";
import { catalogueState, requestCatalogueSync } from "./catalogue.server";

/** "reading" until the shop's catalogue was read once (asking for that read if nobody did), then "ready". */
export async function catalogueReadiness(shopId: string): Promise<"reading" | "ready"> {
  const state = await catalogueState(shopId);
  if (state?.syncedAt) return "ready";
  if (await requestCatalogueSync(shopId)) wakeCatalogueRunner();
  return "reading";
}
