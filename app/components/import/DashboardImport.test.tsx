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

it("lists every platform, the Coming Soon ones disabled, and opens each enabled platform's own dialog: Instagram by username, Pinterest by pin", async () => {
  const container = await render(<DashboardImport shopId="shop" knownAccounts={{ channels: [], autoSync: false }} />, {
    route: { path: "/", url: "/?shop=a" },
  });
  const panelButtons = () => Array.from(container.querySelectorAll<HTMLButtonElement>("button")).filter((button) => !button.closest("[data-dialog]"));
  // Disabled as a browser and a screen reader see it: Polaris marks a disabled button with aria-disabled.
  const isDisabled = (button: HTMLButtonElement) => button.disabled || button.getAttribute("aria-disabled") === "true";
  expect(panelButtons().map((button) => [button.textContent, isDisabled(button)])).toEqual([
    ["TikTok", false],
    ["Instagram", false],
    ["Pinterest", false],
    ["YouTube Shorts (Coming Soon)", true],
    ["Snapchat (Coming Soon)", true],
  ]);

  await act(async () => panelButtons()[1]!.click());
  const dialog = () => container.querySelector<HTMLElement>("[data-dialog]")!;
  expect(dialog().querySelector("h2")?.textContent).toBe("Import from Instagram");
  expect(dialog().querySelectorAll('input[type="radio"]')).toHaveLength(2);
  expect(dialog().querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value).toBe("username");
  expect(dialog().querySelector<HTMLButtonElement>("button")?.textContent).toBe(IMPORT_TEXT.findVideos);
  expect(dialog().querySelector<HTMLButtonElement>("button")?.disabled).toBe(true);
  expect(dialog().textContent).toContain(IMPORT_TEXT.connectedAccounts);

  await act(async () => panelButtons()[2]!.click());
  expect(dialog().querySelector("h2")?.textContent).toBe("Import from Pinterest");
  expect(dialog().querySelectorAll('input[type="radio"]')).toHaveLength(0);
  expect(dialog().querySelector<HTMLButtonElement>("button")?.textContent).toBe(IMPORT_TEXT.findPin);
  expect(dialog().querySelector<HTMLButtonElement>("button")?.disabled).toBe(true);
  expect(dialog().querySelector<HTMLTextAreaElement>("textarea")?.placeholder).toBe("https://www.pinterest.com/pin/1234567890/");
  expect(dialog().textContent).not.toContain(IMPORT_TEXT.connectedAccounts);
});
