// @vitest-environment happy-dom
/**
 * On Free the Video Library says how many videos are approved of the plan's
 * limit where the merchant approves (decision 069): beside the page's title,
 * and in the approve dialog, which also says beforehand when the selection
 * does not all fit, and that nothing more fits at the limit.
 */
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WidgetSummaryDto } from "~/rules/api-types";
import { ShopContext } from "~/browser/shop-context";
import { LIBRARY_TEXT } from "~/messages";
import { ApproveModal } from "./ApproveModal";
import { render as renderInPage, unmount, unmountRendered } from "../../../tests/support/components";
import { FreePlanBadge } from "./FreePlanBadge";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({ requestPremiumUpgrade: vi.fn(), toggleVideo: vi.fn() }));

const widgets: WidgetSummaryDto[] = [{ id: "w1", name: "Homepage carousel", layout_type: "carousel" } as WidgetSummaryDto];
const shop = { id: "shop", shopDomain: "demo.myshopify.com" } as never;

afterEach(() => unmountRendered());

const render = (element: ReactNode) => renderInPage(element, { wrap: (inner) => <ShopContext.Provider value={shop}>{inner}</ShopContext.Provider> });

const approveButton = (container: HTMLElement) => Array.from(container.querySelectorAll("button")).find((button) => button.textContent === "Approve")!;

describe("the Free plan's approvals where the merchant approves", () => {
  it("beside the library's title: N of 5 approved on Free, nothing on Premium", async () => {
    expect((await render(<FreePlanBadge approved={3} />)).textContent).toBe(LIBRARY_TEXT.freePlanApproved(3, 5));
    unmount();
    expect((await render(<FreePlanBadge approved={5} />)).textContent).toContain(LIBRARY_TEXT.freePlanApproved(5, 5));
    unmount();
    expect((await render(<FreePlanBadge approved={null} />)).textContent).toBe("");
  });

  it("the approve dialog shows the count and, before approving, that only the first ones of the selection fit", async () => {
    const container = await render(
      <ApproveModal videoIds={["a", "b", "c"]} widgets={widgets} freePlanApproved={3} onCreateWidget={vi.fn()} onClose={vi.fn()} onApproved={vi.fn()} />,
    );
    expect(container.textContent).toContain(LIBRARY_TEXT.freePlanApproved(3, 5));
    expect(container.textContent).toContain(LIBRARY_TEXT.freePlanRoom(2, 3));
    expect(container.textContent).toContain("Only 2 more videos can be approved on the Free plan");
  });

  it("at the limit the dialog says so at once and Approve is disabled", async () => {
    const container = await render(
      <ApproveModal videoIds={["a"]} widgets={widgets} freePlanApproved={5} onCreateWidget={vi.fn()} onClose={vi.fn()} onApproved={vi.fn()} />,
    );
    expect(container.querySelector("h2")?.textContent).toBe(LIBRARY_TEXT.limitReachedTitle);
    expect(container.textContent).toContain(LIBRARY_TEXT.freePlanApproved(5, 5));
    expect(container.textContent).toContain(LIBRARY_TEXT.freePlanLimit);
    expect(approveButton(container).disabled).toBe(true);
  });

  it("on Premium the dialog says nothing of a limit", async () => {
    const container = await render(
      <ApproveModal videoIds={["a", "b"]} widgets={widgets} freePlanApproved={null} onCreateWidget={vi.fn()} onClose={vi.fn()} onApproved={vi.fn()} />,
    );
    expect(container.textContent).not.toContain("Free plan");
  });
});
