// @vitest-environment happy-dom
/**
 * The Customize form's "Videos to show" (decision 079): all approved videos
 * or the videos tagged with the page's product, the fallback only with the
 * latter, Product Pages added with it (and a warning when taken off), the
 * save bar's dirty check, and a preview that shows the chosen product's page
 * as the storefront would: its videos, the fallback's, or no widget.
 */
import type { ReactNode } from "react";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaggedProductsDto } from "~/rules/api-types";
import type { StorefrontVideo, StorefrontWidget } from "~/storefront/widget-data";
import { WIDGET_SOURCE_LABELS, WIDGET_SOURCE_TEXT, WIDGET_TEXT } from "~/messages";
import { fetchProductPreviewVideos, fetchTaggedProducts } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { CustomizeWidget, type WidgetDraft } from "./CustomizeWidget";

vi.mock("@shopify/app-bridge-react", () => ({
  // App Bridge draws the save bar in the admin; here it is drawn in place while open.
  SaveBar: ({ open, children }: { open: boolean; children: ReactNode }) => (open ? <div data-save-bar>{children}</div> : null),
}));
vi.mock("~/browser/api-client", () => ({ fetchTaggedProducts: vi.fn(), fetchProductPreviewVideos: vi.fn() }));
// The storefront renderer is tested on its own: here, which videos the preview is given, in order.
vi.mock("./WidgetPreview", () => ({
  WidgetPreview: ({ widget, label }: { widget: StorefrontWidget; label: string }) => (
    <ol data-preview aria-label={label}>
      {widget.videos.map((video) => (
        <li key={video.id}>{video.title}</li>
      ))}
    </ol>
  ),
}));

const video = (id: string, title: string): StorefrontVideo => ({
  id,
  platform: "tiktok",
  videoId: id,
  title,
  author: null,
  poster: null,
  embedUrl: null,
  url: null,
  uploadDate: "2026-11-01T00:00:00.000Z",
  products: [],
});
const shopVideos = [video("v1", "Beach day"), video("v2", "Linen try-on"), video("v3", "Linen care")];
const LINEN = "gid://shopify/Product/101";
const MUG = "gid://shopify/Product/102";
const products: TaggedProductsDto = {
  products: [
    { id: LINEN, title: "Linen shirt", video_count: 2 },
    { id: MUG, title: "Mug", video_count: 1 },
  ],
  total: 2,
};

beforeEach(() => {
  vi.mocked(fetchTaggedProducts).mockResolvedValue(products);
  vi.mocked(fetchProductPreviewVideos).mockImplementation(async (productId) => (productId === LINEN ? [shopVideos[1]!, shopVideos[2]!] : []));
});

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

async function renderForm(onCreate: (draft: WidgetDraft) => void = () => undefined) {
  return render(<CustomizeWidget layout="grid" videos={shopVideos} saving={false} error={null} onBack={() => undefined} onCreate={onCreate} />, {
    route: { path: "/widgets", url: "/widgets?shop=a" },
  });
}

/** The input a label names: a radio or checkbox (its label wraps it) or a select (its label points to it). */
function control<T extends HTMLElement = HTMLInputElement>(container: HTMLElement, label: string): T {
  const found = [...container.querySelectorAll("label")].find((element) => element.textContent?.trim() === label);
  const input = found?.querySelector("input") ?? (found?.htmlFor ? document.getElementById(found.htmlFor) : null);
  if (!input) throw new Error(`no control labelled "${label}"`);
  return input as unknown as T;
}
const maybeControl = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll("label")].find((element) => element.textContent?.trim() === label);

const button = (container: HTMLElement, text: string) => [...container.querySelectorAll("button")].find((element) => element.textContent === text);
const saveBarShown = (container: HTMLElement) => container.querySelector("[data-save-bar]") !== null;
const previewTitles = (container: HTMLElement) => [...container.querySelectorAll("[data-preview] li")].map((item) => item.textContent);

async function click(element: HTMLElement | undefined) {
  expect(element).toBeDefined();
  await act(async () => element!.click());
}

async function choose(container: HTMLElement, label: string, value: string) {
  const select = control<HTMLSelectElement>(container, label);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("Customize: which videos the widget shows (decision 079)", () => {
  it("offers all approved videos (the default) or the videos tagged with the page's product, each saying where it applies", async () => {
    const container = await renderForm();
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.title);
    expect(control(container, WIDGET_SOURCE_LABELS.all).checked).toBe(true);
    expect(control(container, "Videos tagged with this product").checked).toBe(false);
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.allHelp);
    expect(container.textContent).toContain("On a product page, only the widget's approved videos tagged with that product");
    expect(container.textContent).toContain("On other pages, all its approved videos.");
    // No fallback to choose and no product to preview with all videos.
    expect(maybeControl(container, WIDGET_SOURCE_TEXT.fallback)).toBeUndefined();
    expect(fetchTaggedProducts).not.toHaveBeenCalled();
  });

  it("with the product's videos: the fallback (off) appears, Product Pages is added, and both are sent; back to all, the fallback goes and is not sent", async () => {
    const onCreate = vi.fn();
    const container = await renderForm(onCreate);
    await click(control(container, WIDGET_SOURCE_LABELS.product));
    const fallback = control(container, WIDGET_SOURCE_TEXT.fallback);
    expect(fallback.checked).toBe(false);
    expect(control(container, "Product Pages").checked).toBe(true);
    expect(control(container, "Homepage").checked).toBe(true);
    await click(fallback);
    await click(button(container, WIDGET_TEXT.create));
    expect(onCreate).toHaveBeenLastCalledWith(
      expect.objectContaining({ layout: "grid", sourceType: "product", productFallback: true, pageContexts: ["homepage", "product"] }),
    );

    await click(control(container, WIDGET_SOURCE_LABELS.all));
    expect(maybeControl(container, WIDGET_SOURCE_TEXT.fallback)).toBeUndefined();
    await click(button(container, WIDGET_TEXT.create));
    expect(onCreate).toHaveBeenLastCalledWith(expect.objectContaining({ sourceType: "all", productFallback: false }));
  });

  it("warns when the widget is not on Product Pages, and adds them in one click", async () => {
    const container = await renderForm();
    await click(control(container, WIDGET_SOURCE_LABELS.product));
    expect(container.textContent).not.toContain(WIDGET_SOURCE_TEXT.productPagesMissing);
    await click(control(container, "Product Pages"));
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.productPagesMissing);
    await click(button(container, WIDGET_SOURCE_TEXT.addProductPages));
    expect(control(container, "Product Pages").checked).toBe(true);
    expect(container.textContent).not.toContain(WIDGET_SOURCE_TEXT.productPagesMissing);
    // All Pages includes the product pages: no warning either.
    await click(control(container, "All Pages"));
    expect(control(container, "Product Pages").checked).toBe(false);
    expect(container.textContent).not.toContain(WIDGET_SOURCE_TEXT.productPagesMissing);
  });

  it("counts the source and its fallback as changes for the save bar, and Discard puts them back", async () => {
    const container = await renderForm();
    expect(saveBarShown(container)).toBe(false);
    await click(control(container, WIDGET_SOURCE_LABELS.product));
    expect(saveBarShown(container)).toBe(true);
    // Back to the default pages: the source alone still is a change.
    await click(control(container, "Product Pages"));
    expect(saveBarShown(container)).toBe(true);
    await click(control(container, WIDGET_SOURCE_TEXT.fallback));
    await click(control(container, WIDGET_SOURCE_LABELS.all));
    // The fallback left on does not count once the source is all: nothing would be sent differently.
    expect(saveBarShown(container)).toBe(false);

    await click(control(container, WIDGET_SOURCE_LABELS.product));
    await click(button(container, WIDGET_TEXT.discard));
    expect(saveBarShown(container)).toBe(false);
    expect(control(container, WIDGET_SOURCE_LABELS.all).checked).toBe(true);
    expect(control(container, "Product Pages").checked).toBe(false);
  });

  it("previews a chosen product's page: only its videos; a product without videos shows no widget, or the widget's other videos with the fallback", async () => {
    const container = await renderForm();
    expect(previewTitles(container)).toEqual(["Beach day", "Linen try-on", "Linen care"]);
    await click(control(container, WIDGET_SOURCE_LABELS.product));
    expect(fetchTaggedProducts).toHaveBeenCalledWith("", expect.anything());
    // No product chosen: said, and the preview shows what other pages show.
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.noProductChosen);
    expect(previewTitles(container)).toEqual(["Beach day", "Linen try-on", "Linen care"]);
    const options = [...control<HTMLSelectElement>(container, WIDGET_SOURCE_TEXT.previewProduct).options].map((option) => option.textContent);
    expect(options).toEqual([WIDGET_SOURCE_TEXT.chooseProduct, "Linen shirt (2 videos)", "Mug (1 video)", WIDGET_SOURCE_TEXT.productWithoutVideos]);

    await choose(container, WIDGET_SOURCE_TEXT.previewProduct, LINEN);
    expect(fetchProductPreviewVideos).toHaveBeenLastCalledWith(LINEN, expect.anything());
    expect(previewTitles(container)).toEqual(["Linen try-on", "Linen care"]);
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.showingProduct("Linen shirt"));

    await choose(container, WIDGET_SOURCE_TEXT.previewProduct, "without-videos");
    expect(container.querySelector("[data-preview]")).toBeNull();
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.hiddenOnProduct);
    await click(control(container, WIDGET_SOURCE_TEXT.fallback));
    expect(previewTitles(container)).toEqual(["Beach day", "Linen try-on", "Linen care"]);
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.showingFallback);

    // A product whose videos were unapproved meanwhile: as a product without videos.
    await choose(container, WIDGET_SOURCE_TEXT.previewProduct, MUG);
    expect(previewTitles(container)).toEqual(["Beach day", "Linen try-on", "Linen care"]);
    await click(control(container, WIDGET_SOURCE_TEXT.fallback));
    expect(container.querySelector("[data-preview]")).toBeNull();
  });

  it("searches the products once there are more than the list shows, and says when none has videos", async () => {
    vi.mocked(fetchTaggedProducts).mockResolvedValueOnce({ products: products.products, total: 60 });
    const container = await renderForm();
    await click(control(container, WIDGET_SOURCE_LABELS.product));
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.moreProducts(2, 60));
    const search = control(container, WIDGET_SOURCE_TEXT.searchProducts);
    vi.mocked(fetchTaggedProducts).mockResolvedValueOnce({ products: [], total: 0 });
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(search, "lamp");
      search.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(fetchTaggedProducts).toHaveBeenLastCalledWith("lamp", expect.anything());
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.noProductMatch);
  });

  it("says how to get products to preview when no product has approved videos", async () => {
    vi.mocked(fetchTaggedProducts).mockResolvedValueOnce({ products: [], total: 0 });
    const container = await renderForm();
    await click(control(container, WIDGET_SOURCE_LABELS.product));
    expect(container.textContent).toContain(WIDGET_SOURCE_TEXT.noTaggedProducts);
    expect(maybeControl(container, WIDGET_SOURCE_TEXT.searchProducts)).toBeUndefined();
  });
});

describe("Customize: Show captions (decision 085)", () => {
  it("is on by default, says what it does, and unchecked it is sent off (the storefront's previews then show none)", async () => {
    const onCreate = vi.fn();
    const container = await renderForm(onCreate);
    const captions = control(container, WIDGET_TEXT.showCaptions);
    expect(captions.checked).toBe(true);
    expect(container.textContent).toContain(WIDGET_TEXT.showCaptionsHelp);
    await click(button(container, WIDGET_TEXT.create));
    expect(onCreate).toHaveBeenLastCalledWith(expect.objectContaining({ settings: expect.objectContaining({ showCaptions: true }) }));
    await click(captions);
    await click(button(container, WIDGET_TEXT.create));
    expect(onCreate).toHaveBeenLastCalledWith(expect.objectContaining({ settings: expect.objectContaining({ showCaptions: false }) }));
  });
});
