// @vitest-environment happy-dom
/**
 * The Dashboard's import panel opens the Import dialog with the accounts the
 * page already read, so the dialog does not grow under the merchant's pointer
 * when its own read answers (decision 087).
 */
import { act } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { fetchConnectedAccounts } from "~/browser/api-client";
import { IMPORT_TEXT } from "~/messages";
import { render, unmountRendered } from "../../../tests/support/components";
import { connectedAccount } from "../../../tests/support/dto-fixtures";
import { DashboardImport } from "./DashboardImport";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", async () => (await import("../../../tests/support/import-api-mock")).importDialogApiMock());

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

it("opens the Import dialog with the shop's accounts for that platform and the auto-sync line, no placeholder", async () => {
  // The dialog's own read of the accounts has not answered yet.
  vi.mocked(fetchConnectedAccounts).mockReturnValueOnce(new Promise(() => undefined));
  const known = {
    channels: [connectedAccount({ platform: "tiktok", username: "studio_supply" }), connectedAccount({ platform: "instagram", username: "other_account" })],
    autoSync: true,
  };
  const container = await render(<DashboardImport shopId="shop" knownAccounts={known} />, { route: { path: "/", url: "/?shop=a" } });
  const tiktok = Array.from(container.querySelectorAll("button")).find((button) => button.textContent === "TikTok")!;
  await act(async () => tiktok.click());
  const listed = Array.from(container.querySelectorAll("li[data-channel]")).map((item) => item.getAttribute("data-channel"));
  expect(listed).toEqual(["studio_supply"]);
  expect(container.textContent).toContain(IMPORT_TEXT.autoSync);
  expect(container.querySelector(".Polaris-SkeletonBodyText")).toBeNull();
  expect(fetchConnectedAccounts).toHaveBeenCalledWith("shop");
});
