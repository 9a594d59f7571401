// @vitest-environment happy-dom
/**
 * The Plan page says one result at a time (decision 069): back from Shopify
 * with the upgrade, "Welcome to Premium!"; a downgrade then replaces it with
 * "You're on the Free plan" rather than showing both.
 */
import type { ReactNode } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanInfo } from "~/rules/api-types";
import { PLAN_TEXT } from "~/messages";
import { downgradeToFree } from "~/browser/api-client";
import { PlanView, type PlanPageData } from "./PlanView";

// App Bridge draws the dialogs in the admin; here the body and the primary action render in place.
vi.mock("~/components/AppModal", () => ({
  AppModal: ({ open, primaryAction, children }: { open: boolean; primaryAction?: { content: string; onAction: () => void }; children: ReactNode }) =>
    open ? (
      <div data-dialog>
        {primaryAction ? (
          <button type="button" onClick={primaryAction.onAction}>
            {primaryAction.content}
          </button>
        ) : null}
        {children}
      </div>
    ) : null,
}));
vi.mock("~/browser/api-client", () => ({
  ApiError: class extends Error {},
  confirmPremiumCharge: vi.fn(),
  downgradeToFree: vi.fn(),
  requestPremiumUpgrade: vi.fn(),
  verifySisterProduct: vi.fn(),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.clearAllMocks();
});

describe("the Plan page's result banner", () => {
  it("a downgrade after the upgrade's welcome replaces it: one result at a time", async () => {
    const router = createMemoryRouter([{ path: "/plan", element: <PlanView data={data} shopDomain="demo.myshopify.com" /> }], {
      initialEntries: ["/plan?shop=demo.myshopify.com&upgraded=true"],
      future: { v7_relativeSplatPath: true },
    });
    const container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root?.render(
        <AppProvider i18n={en}>
          <RouterProvider router={router} future={{ v7_startTransition: true }} />
        </AppProvider>,
      ),
    );
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
