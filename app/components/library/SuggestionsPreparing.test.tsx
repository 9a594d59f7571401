// @vitest-environment happy-dom
/**
 * While the app builds a large shop's suggestion index (decision 059) the
 * suggestion routes answer catalogue "building": the Tag Products dialog and
 * the bulk review say suggestions are being prepared, ask again, and show
 * the suggestions once they come.
 */
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductSuggestionDto, VideoDto } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";
import { fetchVideoSuggestions, reviewSuggestions } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { SuggestionReviewModal } from "./SuggestionReviewModal";
import { TagProductsModal } from "./TagProductsModal";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({
  ApiError: class extends Error {},
  fetchVideoSuggestions: vi.fn(),
  fetchVideoTags: vi.fn(() => Promise.resolve([])),
  reviewSuggestions: vi.fn(),
  addVideoTag: vi.fn(),
  removeVideoTag: vi.fn(),
  searchProducts: vi.fn(() => Promise.resolve([])),
  tagSuggestions: vi.fn(),
}));

const video = { id: "v1", video_id: "123", title: "My relaxed linen shirt", product_tags: [], platform: "tiktok", thumbnail_url: null } as unknown as VideoDto;
const shirt: ProductSuggestionDto = {
  id: "gid://shopify/Product/1",
  title: "Relaxed Linen Shirt",
  image_url: null,
  min_price: "62.00",
  max_price: "62.00",
  currency_code: "USD",
  score: 0.83,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  unmountRendered();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe("suggestions being prepared", () => {
  it("the Tag Products dialog says so, asks again, then lists the suggestions", async () => {
    vi.mocked(fetchVideoSuggestions)
      .mockResolvedValueOnce({ suggestions: [], catalogue: "building" })
      .mockResolvedValueOnce({ suggestions: [shirt], catalogue: "ready" });
    const container = await render(<TagProductsModal video={video} shopId="shop" onClose={() => undefined} />);
    expect(container.textContent).toContain(LIBRARY_TEXT.suggestionsPreparing);
    expect(container.textContent).not.toContain(shirt.title);

    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(fetchVideoSuggestions).toHaveBeenCalledTimes(2);
    expect(container.textContent).not.toContain(LIBRARY_TEXT.suggestionsPreparing);
    expect(container.textContent).toContain(shirt.title);
  });

  it("the bulk review says so, asks again, then lists each video's suggestions", async () => {
    vi.mocked(reviewSuggestions)
      .mockResolvedValueOnce({ videos: [{ video_id: "v1", suggestions: [] }], catalogue: "building" })
      .mockResolvedValueOnce({ videos: [{ video_id: "v1", suggestions: [shirt] }], catalogue: "ready" });
    const container = await render(<SuggestionReviewModal videos={[video]} shopId="shop" onClose={() => undefined} />);
    expect(container.textContent).toContain(LIBRARY_TEXT.suggestionsPreparing);

    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(reviewSuggestions).toHaveBeenCalledTimes(2);
    expect(container.textContent).not.toContain(LIBRARY_TEXT.suggestionsPreparing);
    expect(container.textContent).toContain(shirt.title);
  });
});
