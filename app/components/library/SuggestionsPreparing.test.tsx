// @vitest-environment happy-dom
/**
 * While the app builds a large shop's suggestion index (decision 059) the
 * suggestion routes answer catalogue "building": the Tag Products dialog and
 * the bulk review say suggestions are being prepared, ask again, and show
 * the suggestions once they come.
 */
import type { ReactNode } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductSuggestionDto, VideoDto } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";
import { fetchVideoSuggestions, reviewSuggestions } from "~/browser/api-client";
import { SuggestionReviewModal } from "./SuggestionReviewModal";
import { TagProductsModal } from "./TagProductsModal";

// App Bridge draws the dialogs in the admin; here their bodies render in place.
vi.mock("~/components/AppModal", () => ({
  AppModal: ({ open, children }: { open: boolean; children: ReactNode }) => (open ? <div>{children}</div> : null),
}));
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

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root | null = null;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function render(element: ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(<AppProvider i18n={en}>{element}</AppProvider>));
  return container;
}

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
