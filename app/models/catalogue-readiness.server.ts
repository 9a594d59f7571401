/**
 * Whether the shop's catalogue was read once for product suggestions
 * (decision 053), asking the background runner for that read when nobody did.
 */
import { signalWork } from "./background-work.server";
import type { SuggestionsCatalogueState } from "~/rules/api-types";
import { catalogueState, requestCatalogueSync } from "./catalogue.server";

/**
 * "reading" until the shop's catalogue was read once, then "ready". While
 * reading, the runner is woken now (asking for the read if nobody did): the
 * library's first open asks for it but lets it wait a while (decision 074),
 * and a merchant who opens a suggestions dialog first should not wait that out.
 */
export async function catalogueReadiness(shopId: string): Promise<"reading" | "ready"> {
  const state = await catalogueState(shopId);
  if (state?.syncedAt) return "ready";
  await requestCatalogueSync(shopId);
  signalWork("catalogue");
  return "reading";
}

/**
 * What the suggestions' dialogs tell the merchant (decisions 053, 059):
 * "reading" until the catalogue was read once, then "building" while this
 * instance builds the shop's suggestion index (a large catalogue takes
 * seconds; the dialog asks again), then "ready".
 */
export function suggestionsState(readiness: "reading" | "ready", indexBuilding: boolean): SuggestionsCatalogueState {
  if (readiness === "reading") return "reading";
  return indexBuilding ? "building" : "ready";
}
