/**
 * axe-core in the e2e suite (issue 15 item 24): Built for Shopify's bar is no
 * serious or critical WCAG 2.1 A/AA violation, in the app's frame (the admin
 * around it is Shopify's) or on a storefront page.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The app's frame in Local Shopify's admin: what an admin page's check covers. */
export const appOnly = "#app-iframe";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The serious and critical violations axe finds, in the app's frame (the admin around it is Shopify's) or on a storefront page. */
async function violations(page: Page, scope?: string) {
  let builder = new AxeBuilder({ page }).withTags(WCAG);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !knownPolarisIssue(violation.id, node.html)) }))
    .filter((violation) => violation.nodes.length > 0)
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`)
          .join(" | ")}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ""}`,
    );
}

/**
 * Polaris React (archived, no more releases) gives the IndexTable's select-all checkbox, while some rows
 * are selected, `aria-checked="mixed"` on a native checkbox; browsers read its `indeterminate` state
 * the same way, so screen readers hear "mixed" either way. The one finding we leave to the library.
 */
function knownPolarisIssue(rule: string, html: string) {
  return rule === "aria-conditional-attr" && html.includes("Polaris-Checkbox__Input--indeterminate") && html.includes('aria-checked="mixed"');
}

/** Fails with the findings listed when axe finds a serious or critical violation; `scope` is a selector to check inside. */
export async function expectAccessible(page: Page, what: string, scope?: string) {
  expect(await violations(page, scope), what).toEqual([]);
}
