// @vitest-environment happy-dom
/**
 * "Tag suggested products" pre-checks one product per group of namesakes
 * whose matches tie (decision 069): three denim jackets at 59% for each of two
 * videos make "Tag 2 products", not 6; the others are offered unchecked. For a
 * whole import (decision 078) it lists the videos the server sends, with a
 * loading line and an empty state of its own, and tags what stays checked.
 */
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportJobDto, ProductSuggestionDto, VideoDto } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";
import { reviewImportSuggestions, reviewSuggestions, tagSuggestions } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { SuggestionReviewModal } from "./SuggestionReviewModal";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({ reviewSuggestions: vi.fn(), reviewImportSuggestions: vi.fn(), tagSuggestions: vi.fn() }));

const video = (id: string) =>
  ({ id, video_id: `p-${id}`, title: `Denim look ${id}`, product_tags: [], platform: "tiktok", thumbnail_url: null }) as unknown as VideoDto;
const jacket = (id: string, title: string): ProductSuggestionDto => ({
  id,
  title,
  image_url: null,
  min_price: "89.00",
  max_price: "89.00",
  currency_code: "USD",
  score: 0.59,
});
const jackets = [
  jacket("gid://shopify/Product/1", "Denim Jacket Blue"),
  jacket("gid://shopify/Product/2", "Denim Jacket Black"),
  jacket("gid://shopify/Product/3", "Denim Jacket Washed"),
];

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

describe("Tag suggested products with tied namesakes", () => {
  it("checks the first of each video's tied namesakes and offers the others unchecked", async () => {
    vi.mocked(reviewSuggestions).mockResolvedValue({
      videos: [
        { video_id: "v1", suggestions: jackets },
        { video_id: "v2", suggestions: jackets },
      ],
      catalogue: "ready",
    });
    const container = await render(<SuggestionReviewModal videos={[video("v1"), video("v2")]} shopId="shop" onClose={() => undefined} />);
    expect(container.querySelector("button")?.textContent).toBe(LIBRARY_TEXT.reviewConfirm(2));
    const checked = Array.from(container.querySelectorAll<HTMLInputElement>("input[type=checkbox]")).map((box) => box.checked);
    expect(checked).toEqual([true, false, false, true, false, false]);
  });
});

describe("Tag suggested products for a whole import", () => {
  const job = { id: "job1", kind: "channel", platform: "tiktok", input: "brand", status: "succeeded", videos_added: 30 } as unknown as ImportJobDto;
  const shirt: ProductSuggestionDto = { ...jacket("gid://shopify/Product/9", "Relaxed Linen Shirt"), score: 0.81 };

  it("says it is looking while the server answers, then lists the import's videos it sent, with how many of the import have suggestions", async () => {
    let answer: (value: Awaited<ReturnType<typeof reviewImportSuggestions>>) => void = () => undefined;
    vi.mocked(reviewImportSuggestions).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onClose = vi.fn();
    const container = await render(<SuggestionReviewModal videos={null} importJob={job} shopId="shop" onClose={onClose} />);
    expect(reviewImportSuggestions).toHaveBeenCalledWith("shop", "job1", expect.anything());
    expect(container.textContent).toContain(LIBRARY_TEXT.reviewImportLoading(30));

    await act(async () =>
      answer({
        videos: [
          { video_id: "v1", suggestions: [shirt], video: video("v1") },
          { video_id: "v2", suggestions: jackets, video: video("v2") },
        ],
        imported: 30,
        catalogue: "ready",
      }),
    );
    expect(container.textContent).toContain(LIBRARY_TEXT.reviewImportIntro(2, 30));
    // The videos come from the server: the page had not loaded them.
    expect(container.querySelector("li[aria-label='Denim look v1']")?.textContent).toContain("Relaxed Linen Shirt");
    expect(container.querySelector("li[aria-label='Denim look v2']")?.textContent).toContain("Denim Jacket Blue");
    expect(container.querySelector("button")?.textContent).toBe(LIBRARY_TEXT.reviewConfirm(2));

    // The merchant unchecks the shirt: only the first jacket is tagged.
    vi.mocked(tagSuggestions).mockResolvedValue(1);
    await act(async () => container.querySelector<HTMLInputElement>("li[aria-label='Denim look v1'] input[type=checkbox]")?.click());
    expect(container.querySelector("button")?.textContent).toBe(LIBRARY_TEXT.reviewConfirm(1));
    await act(async () => container.querySelector("button")?.click());
    expect(tagSuggestions).toHaveBeenCalledWith("shop", [{ videoId: "v2", productId: "gid://shopify/Product/1" }]);
    expect(onClose).toHaveBeenCalledWith(1);
  });

  it("says so when none of the import's videos has suggestions, and offers nothing to tag", async () => {
    vi.mocked(reviewImportSuggestions).mockResolvedValue({ videos: [], imported: 30, catalogue: "ready" });
    const container = await render(<SuggestionReviewModal videos={null} importJob={job} shopId="shop" onClose={() => undefined} />);
    expect(container.textContent).toContain(LIBRARY_TEXT.reviewImportNone(30));
    expect(container.querySelector("button")?.hasAttribute("disabled")).toBe(true);
    expect(reviewSuggestions).not.toHaveBeenCalled();
  });
});
