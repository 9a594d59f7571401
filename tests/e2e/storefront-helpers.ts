import type { FrameLocator, Page } from "@playwright/test";
import { appApi } from "./db";
import { SHOPIFY_URL, cardTitled, expect, modalButton } from "./fixtures";
import localApp from "../emulators/shopify/local-app.json" with { type: "json" };
import { E2E_PORTS } from "./stack-ports";

// The shopper's side as the e2e specs drive it: the local storefront's URLs, the
// data the app published to it, and installing a widget through the theme editor.

export const storefront = (shop: string, path = "/") => `http://${shop}.localhost:${E2E_PORTS.shopify}${path}`;

/** The widget metafields Local Shopify holds for the shop, once the app has published `check`. */
export async function published(
  shop: string,
  key: string,
  check: (value: { videos: Array<{ title: string; media?: { src: string } | null }> } | null) => boolean,
  timeout = 15_000,
) {
  await expect
    .poll(
      async () => {
        const state = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
          metafields: Array<{ namespace: string; key: string; value: string }>;
        };
        const metafield = state.metafields.find((m) => m.namespace === "clipcart" && m.key === key);
        return check(metafield ? JSON.parse(metafield.value) : null);
      },
      { timeout },
    )
    .toBe(true);
}

/** Install on Store, then the theme editor tab: set the widget number and Save. */
export async function installThroughThemeEditor(
  page: Page,
  app: FrameLocator,
  widgetName: string,
  widgetNumber: number,
  options: { embedFallback?: boolean } = {},
) {
  await cardTitled(app, widgetName).getByRole("button", { name: "Install on Store" }).click();
  const [editor] = await Promise.all([page.context().waitForEvent("page"), modalButton(app, "Open Theme Editor").click()]);
  await editor.waitForLoadState();
  if (options.embedFallback) await editor.getByRole("link", { name: "Enable the app embed" }).click();
  await editor.getByLabel("Widget number").fill(String(widgetNumber));
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByTestId("theme-editor-saved")).toBeVisible();
  await editor.close();
  await modalButton(app, "Got it").click();
}

/** A widget of `layout` for the home page, created in Widgets and installed as widget `number` through the theme editor. */
export async function createHomeWidget(page: Page, app: FrameLocator, layout: "Carousel" | "Stories", name: string, number = 1) {
  await app.getByRole("button", { name: "Add widget" }).first().click();
  await app.getByRole("button", { name: `Choose ${layout}` }).click();
  // The live preview is the storefront's renderer, in the layout chosen.
  await expect(app.locator(`.cc--${layout.toLowerCase()}`).first()).toBeVisible();
  await app.getByRole("textbox", { name: "Widget name" }).fill(name);
  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(app.getByText("Widget created successfully!")).toBeVisible();
  await installThroughThemeEditor(page, app, name, number);
}

/**
 * Adds one of our app blocks to a template of the shop's published theme
 * through the theme editor's deep link, as a merchant's Install on Store does
 * (a new section of app blocks at the end of the template; `target:
 * "mainSection"`, the end of the template's main section), set to show widget
 * `widgetNumber` (the product videos block has no widget number).
 */
export async function placeClipcartBlock(
  shop: string,
  {
    template,
    block = "carousel",
    widgetNumber = 1,
    target = "newAppsSection",
  }: {
    template: "index" | "product" | "collection" | "cart";
    block?: "carousel" | "grid" | "single" | "stories" | "product-videos";
    widgetNumber?: number;
    target?: "newAppsSection" | "mainSection";
  },
) {
  const query = new URLSearchParams({ template, addAppBlockId: `${localApp.apiKey}/${block}`, target });
  const response = await fetch(`${SHOPIFY_URL}/storefront/${shop}/admin/themes/current/editor?${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: block === "product-videos" ? "" : new URLSearchParams({ widget_number: String(widgetNumber) }).toString(),
  });
  if (!response.ok) throw new Error(`The theme editor refused the ${block} block on ${template} (${response.status})`);
}

/**
 * A carousel for the home page made through the app's API and put on the home page through the theme editor's
 * deep link, as Install on Store does: for specs about what happens after. Creating one in Widgets and installing
 * it through the theme editor's page is driven by storefront.e2e.ts (and createHomeWidget above).
 */
export async function homeCarouselThroughApp(shop: string, shopId: string, name: string) {
  const { widget } = await appApi<{ widget: { id: string; display_number: number } }>(shop, "/api/widgets", {
    body: { shopId, name, layoutType: "carousel", pageContexts: ["homepage"] },
  });
  await placeClipcartBlock(shop, { template: "index", block: "carousel", widgetNumber: widget.display_number });
  return widget;
}
