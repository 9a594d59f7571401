// @vitest-environment happy-dom
/**
 * "Tag suggested products" pre-checks one product per group of namesakes
 * whose matches tie (decision 069): three denim jackets at 59% for each of two
 * videos make "Tag 2 products", not 6; the others are offered unchecked.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductSuggestionDto, VideoDto } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";
import { reviewSuggestions } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { SuggestionReviewModal } from "./SuggestionReviewModal";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({ reviewSuggestions: vi.fn(), tagSuggestions: vi.fn() }));

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
