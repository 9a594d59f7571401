// @vitest-environment happy-dom
/**
 * The Plan page says one result at a time (decision 069): back from Shopify
 * with the upgrade, "Welcome to Premium!"; a downgrade then replaces it with
 * "You're on the Free plan" rather than showing both.
 */
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanInfo } from "~/rules/api-types";
import { PLAN_TEXT } from "~/messages";
import { downgradeToFree } from "~/browser/api-client";
import { render, unmountRendered } from "../../../tests/support/components";
import { PlanView, type PlanPageData } from "./PlanView";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({
  ApiError: class extends Error {},
  confirmPremiumCharge: vi.fn(),
  downgradeToFree: vi.fn(),
  requestPremiumUpgrade: vi.fn(),
  verifySisterProduct: vi.fn(),
}));

const premium: PlanInfo = {
  plan: "premium",
  approvedCount: 2,
  approvedLimit: 5,
  premiumSource: "billing",
  sisterVerified: false,
  sisterVerificationExpiresAt: null,
  sisterRenewalDue: false,
};
const data: PlanPageData = { shopFound: true, plan: premium, product: { name: "Trustlane", slug: "trustlane" } };

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

describe("the Plan page's result banner", () => {
  it("a downgrade after the upgrade's welcome replaces it: one result at a time", async () => {
    const container = await render(<PlanView data={data} shopDomain="demo.myshopify.com" />, {
      route: { path: "/plan", url: "/plan?shop=demo.myshopify.com&upgraded=true" },
    });
    expect(container.textContent).toContain(PLAN_TEXT.upgradedTitle);

    vi.mocked(downgradeToFree).mockResolvedValueOnce({ unpublished: 0 });
    const buttons = () => Array.from(container.querySelectorAll("button"));
    await act(async () =>
      buttons()
        .find((button) => button.textContent === PLAN_TEXT.downgrade)!
        .click(),
    );
    // The confirmation's own button.
    await act(async () => container.querySelector("[data-dialog] button")!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(downgradeToFree).toHaveBeenCalled();
    expect(container.textContent).toContain(PLAN_TEXT.downgradedTitle);
    expect(container.textContent).not.toContain(PLAN_TEXT.upgradedTitle);
  });
});
