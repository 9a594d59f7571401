// @vitest-environment happy-dom
/**
 * A widget card names a widget's source when it is not the spec's (decision
 * 079): "Videos tagged with this product" among its badges; a widget showing
 * all its approved videos keeps the spec's badges only.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { WidgetDto } from "~/rules/api-types";
import { WIDGET_DEFAULTS } from "~/rules/widget-settings";
import { renderNow, unmountRendered } from "../../../tests/support/components";
import { WidgetCard } from "./WidgetCard";

const widget: WidgetDto = {
  id: "w1",
  name: "Product reel",
  layout_type: "carousel",
  page_contexts: ["product"],
  priority: 1,
  display_number: 1,
  installed_at: null,
  created_at: "2026-11-27T12:00:00.000Z",
  settings: WIDGET_DEFAULTS.settings,
  source_type: "all",
  product_fallback: false,
};

afterEach(() => unmountRendered());

/** The badges' words as seen (a tone's hidden word left out). */
function badges(container: HTMLElement) {
  for (const hidden of container.querySelectorAll(".Polaris-Text--visuallyHidden")) hidden.remove();
  return [...container.querySelectorAll(".Polaris-Badge")].map((badge) => badge.textContent);
}
const renderCard = (dto: WidgetDto) =>
  renderNow(
    <WidgetCard
      widget={dto}
      preview={undefined}
      installing={false}
      statuses={null}
      onInstall={() => undefined}
      onDelete={() => undefined}
      onArrange={() => undefined}
    />,
  );

describe("the widget card's source (decision 079)", () => {
  it("says a widget shows the videos tagged with the page's product", () => {
    expect(badges(renderCard({ ...widget, source_type: "product", product_fallback: true }))).toEqual([
      "#1",
      "Carousel",
      "light theme",
      "Videos tagged with this product",
      "Product Pages",
    ]);
  });

  it("adds nothing for a widget showing all its approved videos", () => {
    expect(badges(renderCard(widget))).toEqual(["#1", "Carousel", "light theme", "Product Pages"]);
  });
});
