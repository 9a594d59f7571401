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
import { DashboardImport } from "./DashboardImport";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", () => ({
  ApiError: class extends Error {},
  fetchActiveImportJobs: vi.fn(() => Promise.resolve([])),
  // The dialog's own read of the accounts never answers here.
  fetchConnectedAccounts: vi.fn(() => new Promise(() => undefined)),
  fetchImportJob: vi.fn(() => new Promise(() => undefined)),
  importChannel: vi.fn(),
  importLinks: vi.fn(),
  importSingleVideo: vi.fn(),
  deleteChannel: vi.fn(),
  syncChannel: vi.fn(),
  cancelImportJob: vi.fn(),
}));

afterEach(() => {
  unmountRendered();
  vi.clearAllMocks();
});

const account = (id: string, platform: string, username: string) =>
  ({ id, platform, username, display_name: null, avatar_url: null, follower_count: null, last_synced_at: null, last_sync_error: null }) as never;

it("opens the Import dialog with the shop's accounts for that platform and the auto-sync line, no placeholder", async () => {
  const known = { channels: [account("c1", "tiktok", "studio_supply"), account("c2", "instagram", "other_account")], autoSync: true };
  const container = await render(<DashboardImport shopId="shop" knownAccounts={known} />, { route: { path: "/", url: "/?shop=a" } });
  const tiktok = Array.from(container.querySelectorAll("button")).find((button) => button.textContent === "TikTok")!;
  await act(async () => tiktok.click());
  const listed = Array.from(container.querySelectorAll("li[data-channel]")).map((item) => item.getAttribute("data-channel"));
  expect(listed).toEqual(["studio_supply"]);
  expect(container.textContent).toContain(IMPORT_TEXT.autoSync);
  expect(container.querySelector(".Polaris-SkeletonBodyText")).toBeNull();
  expect(fetchConnectedAccounts).toHaveBeenCalledWith("shop");
});
