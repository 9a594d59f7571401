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

describe("the Free plan's limit on the Plan page (issue 15, item 9)", () => {
  const free = (approvedCount: number): PlanPageData => ({ ...data, plan: { ...premium, plan: "free", premiumSource: null, approvedCount } });
  const renderPlan = (approvedCount: number) =>
    render(<PlanView data={free(approvedCount)} shopDomain="demo.myshopify.com" />, { route: { path: "/plan", url: "/plan?shop=demo.myshopify.com" } });

  it("at 3 of 5 approved: the count on the current plan, no banner", async () => {
    const container = await renderPlan(3);
    expect(Array.from(container.querySelectorAll("button")).map((button) => button.textContent)).toContain(PLAN_TEXT.currentFree(3, 5));
    expect(container.textContent).not.toContain(PLAN_TEXT.approachingTitle);
    expect(container.textContent).not.toContain(PLAN_TEXT.limitReachedTitle);
  });

  it("at 4: Approaching Video Limit, with the count", async () => {
    const container = await renderPlan(4);
    expect(container.textContent).toContain(PLAN_TEXT.approachingTitle);
    expect(container.textContent).toContain("You've approved 4 of 5 videos on the free plan.");
    expect(container.textContent).not.toContain(PLAN_TEXT.limitReachedTitle);
  });

  it("at 5: the limit is reached, no longer approaching", async () => {
    const container = await renderPlan(5);
    expect(container.textContent).toContain(PLAN_TEXT.limitReachedTitle);
    expect(container.textContent).toContain("You've approved 5 of 5 videos on the free plan.");
    expect(container.textContent).not.toContain(PLAN_TEXT.approachingTitle);
  });
});

describe("a verification through the sister product in its last 7 days (issue 11)", () => {
  /** Premium through the sister product's verification, ending at `expiresAt`. */
  const renderVerified = (expiresAt: string, renewalDue: boolean) =>
    render(
      <PlanView
        data={{
          ...data,
          plan: { ...premium, premiumSource: "verification", sisterVerified: true, sisterVerificationExpiresAt: expiresAt, sisterRenewalDue: renewalDue },
        }}
        shopDomain="demo.myshopify.com"
      />,
      { route: { path: "/plan", url: "/plan?shop=demo.myshopify.com" } },
    );

  it("asks to verify again with the day it ends, and Verify Again opens the verification dialog", async () => {
    const container = await renderVerified("2026-12-01T10:00:00.000Z", true);
    expect(container.textContent).toContain(PLAN_TEXT.renewTitle("Trustlane"));
    expect(container.textContent).toContain(PLAN_TEXT.renewBody("Trustlane", "December 1, 2026"));
    const verifyAgain = Array.from(container.querySelectorAll("button")).find((button) => button.textContent === PLAN_TEXT.verifyAgain)!;
    await act(async () => verifyAgain.click());
    expect(container.querySelector("[data-dialog] h2")?.textContent).toBe(PLAN_TEXT.verifyTitle("Trustlane"));
  });

  it("says nothing of it before its last 7 days", async () => {
    const container = await renderVerified("2026-12-20T10:00:00.000Z", false);
    expect(container.textContent).not.toContain(PLAN_TEXT.renewTitle("Trustlane"));
    expect(container.textContent).toContain(PLAN_TEXT.verifiedTitle("Trustlane"));
  });
});
