// @vitest-environment happy-dom
/**
 * The Widgets page's banner when the product pages could not be updated
 * (decision 079): why, in the merchant's words, for each failure the
 * publisher records; "Try again" only where retrying helps, asking for a
 * publish now and reading the page again a moment later.
 */
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRODUCT_PUBLISH_RECHECK_MS } from "~/constants";
import type { ProductPublishFailureDto } from "~/rules/api-types";
import { PRODUCT_PUBLISH_TEXT } from "~/messages";
import { retryStorefrontPublish } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { ProductPublishBanner } from "./ProductPublishBanner";

vi.mock("~/browser/api-client", () => ({ retryStorefrontPublish: vi.fn() }));

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const twoMinutesAgo = () => new Date(Date.now() - 2 * 60_000).toISOString();
const renderBanner = (failure: ProductPublishFailureDto, onRecheck = () => undefined) =>
  render(<ProductPublishBanner failure={failure} shopId="shop-1" onRecheck={onRecheck} />);
/** The banner's tone as Polaris draws it: the background colour of its header. */
const toneOf = (container: HTMLElement) => /--p-color-bg-fill-(critical|warning)\)/.exec(container.innerHTML)?.[1] ?? null;
const tryAgainButton = (container: HTMLElement) => [...container.querySelectorAll("button")].find((button) => button.textContent === "Try again");

describe("product pages that could not be updated (decision 079)", () => {
  it("a refused access: a critical banner telling the merchant to open the app again or reinstall, with no Try again", async () => {
    const container = await renderBanner({ failure: "denied", failed_at: twoMinutesAgo() });
    expect(container.textContent).toContain(PRODUCT_PUBLISH_TEXT.title);
    expect(container.textContent).toContain("Open Clipcart again from your Shopify admin so Shopify can restore its access");
    expect(container.textContent).toContain("reinstall Clipcart");
    expect(container.textContent).toContain("Last tried 2 minutes ago.");
    expect(toneOf(container)).toBe("critical");
    expect(tryAgainButton(container)).toBeUndefined();
  });

  it("a Shopify limit: which limit and that fewer videos per product help, with no Try again", async () => {
    const container = await renderBanner({ failure: "limit", failed_at: null });
    expect(container.textContent).toContain("too many product pages have videos, or one product's videos make too much data");
    expect(container.textContent).toContain("Tagging fewer videos to each product helps.");
    expect(container.textContent).not.toContain("Last tried");
    expect(toneOf(container)).toBe("warning");
    expect(tryAgainButton(container)).toBeUndefined();
  });

  it("Shopify failed: says it is retried automatically; Try again asks for a publish now and reads the page again a moment later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.mocked(retryStorefrontPublish).mockResolvedValue();
    const onRecheck = vi.fn();
    const container = await renderBanner({ failure: "api", failed_at: new Date().toISOString() }, onRecheck);
    expect(container.textContent).toContain("Clipcart tries again automatically within a minute.");
    expect(container.textContent).toContain("Last tried just now.");
    await act(async () => tryAgainButton(container)!.click());
    expect(retryStorefrontPublish).toHaveBeenCalledWith("shop-1");
    expect(container.textContent).toContain(PRODUCT_PUBLISH_TEXT.retrying);
    expect(onRecheck).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(PRODUCT_PUBLISH_RECHECK_MS));
    expect(onRecheck).toHaveBeenCalledTimes(1);
    expect(container.textContent).not.toContain(PRODUCT_PUBLISH_TEXT.retrying);
  });

  it("says so when Try again could not reach the app", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.mocked(retryStorefrontPublish).mockRejectedValue(new Error("Failed to fetch"));
    const container = await renderBanner({ failure: "api", failed_at: null });
    await act(async () => tryAgainButton(container)!.click());
    expect(container.textContent).toContain(PRODUCT_PUBLISH_TEXT.retryFailed);
  });
});
