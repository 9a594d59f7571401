// @vitest-environment happy-dom
/**
 * The end of an import as the merchant meets it (decision 069): an account
 * import that fails gives back the username and the permission box, to correct
 * and try again; and its result is said once, in the open dialog, not also in
 * a toast.
 */
import { act, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportJobDto } from "~/rules/api-types";
import type { PlatformId } from "~/contracts/platforms";
import { IMPORT_TEXT } from "~/messages";
import { cancelImportJob, fetchConnectedAccounts, importChannel, syncChannel } from "~/browser/api-client";
import { showToast } from "~/browser/toast";
import { trackImportJob } from "~/browser/import-jobs";
import { render, unmountRendered } from "../../../tests/support/components";
import { connectedAccount, importJob } from "../../../tests/support/dto-fixtures";
import { ImportModal } from "./ImportModal";

vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("../../../tests/support/components")).AppModalInPlace }));
vi.mock("~/browser/api-client", async () => (await import("../../../tests/support/import-api-mock")).importDialogApiMock());
vi.mock("~/browser/toast", () => ({ showToast: vi.fn() }));

const job = (id: string, changes: Partial<ImportJobDto> = {}) => importJob({ id, input: "privatecreator", ...changes });

afterEach(() => {
  unmountRendered();
  localStorage.clear();
  vi.clearAllMocks();
});

const renderDialog = () =>
  render(<ImportModal platform="tiktok" shopId="shop" onClose={() => undefined} />, { route: { path: "/content", url: "/content?shop=a" } });

/** Types into a React-controlled field as a browser would. */
function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")!.set!.call(input, text);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

const usernameField = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="text"]')!;
const permissionBox = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const findButton = (container: HTMLElement) =>
  Array.from(container.querySelectorAll("button")).find((button) => button.textContent === IMPORT_TEXT.findVideos)!;

async function startImport(container: HTMLElement, jobId: string) {
  vi.mocked(importChannel).mockResolvedValueOnce(job(jobId));
  await act(async () => typeInto(usernameField(container), "@privatecreator"));
  await act(async () => permissionBox(container).click());
  await act(async () => findButton(container).click());
  expect(importChannel).toHaveBeenCalledWith({ shopId: "shop", username: "privatecreator", platform: "tiktok" });
  // Started: cleared, so another import can be started meanwhile.
  expect(usernameField(container).value).toBe("");
  expect(permissionBox(container).checked).toBe(false);
}

describe("the end of an account import in the Import dialog", () => {
  it("a failed import gives back the username and the permission box, and says why once: in the dialog, no toast", async () => {
    const container = await renderDialog();
    await startImport(container, "job-failed");
    await act(async () => trackImportJob(job("job-failed", { status: "failed", error: "This account is private", error_kind: "private" })));
    expect(usernameField(container).value).toBe("@privatecreator");
    expect(permissionBox(container).checked).toBe(true);
    expect(container.textContent).toContain("Unable to add channel: This account is private");
    expect(showToast).not.toHaveBeenCalled();
  });

  it("a successful import leaves the field empty", async () => {
    const container = await renderDialog();
    await startImport(container, "job-done");
    await act(async () => trackImportJob(job("job-done", { status: "succeeded", videos_added: 12 })));
    expect(usernameField(container).value).toBe("");
    expect(permissionBox(container).checked).toBe(false);
    expect(container.textContent).toContain("Successfully added 12 videos from @privatecreator!");
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe("a connected account", () => {
  it("says how long ago it synced, and its removal asks to disconnect it from Clipcart, saying nothing changes on the platform", async () => {
    vi.mocked(fetchConnectedAccounts).mockResolvedValueOnce({
      channels: [
        {
          id: "c1",
          platform: "tiktok",
          username: "studio_supply",
          display_name: null,
          avatar_url: null,
          follower_count: null,
          last_synced_at: new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString(),
          last_sync_error: null,
        } as never,
      ],
      autoSync: false,
    });
    const container = await renderDialog();
    expect(container.textContent).toContain("Last synced 2 hours ago");
    const remove = Array.from(container.querySelectorAll("button")).find((button) => button.getAttribute("aria-label") === "Remove @studio_supply")!;
    await act(async () => remove.click());
    expect(container.querySelector("h2")?.textContent).toBe("Disconnect @studio_supply (TikTok) from Clipcart?");
    expect(container.textContent).toContain("Nothing changes on TikTok.");
    expect(Array.from(container.querySelectorAll("button")).map((button) => button.textContent)).toContain("Disconnect");
  });
});

describe("the Import dialog opens at its final size", () => {
  it("with the accounts the page knows, before it reads them again: its controls do not move under the merchant's pointer", async () => {
    // The dialog's own read has not answered yet.
    vi.mocked(fetchConnectedAccounts).mockReturnValueOnce(new Promise(() => undefined));
    const known = {
      channels: [connectedAccount({ platform: "tiktok", username: "studio_supply" }), connectedAccount({ platform: "instagram", username: "other_account" })],
      autoSync: false,
    };
    const container = await render(<ImportModal platform="tiktok" shopId="shop" onClose={() => undefined} knownAccounts={known} />, {
      route: { path: "/content", url: "/content?shop=a" },
    });
    // The platform's own accounts, and the auto-sync line, at once: no placeholder to be replaced.
    const listed = Array.from(container.querySelectorAll("li[data-channel]")).map((item) => item.getAttribute("data-channel"));
    expect(listed).toEqual(["studio_supply"]);
    expect(container.textContent).toContain(IMPORT_TEXT.autoSync);
    expect(container.querySelector(".Polaris-SkeletonBodyText")).toBeNull();
    expect(fetchConnectedAccounts).toHaveBeenCalledWith("shop");
  });

  it("without them, it shows a placeholder until they arrive", async () => {
    vi.mocked(fetchConnectedAccounts).mockReturnValueOnce(new Promise(() => undefined));
    const container = await renderDialog();
    expect(container.querySelector(".Polaris-SkeletonBodyText")).not.toBeNull();
  });
});

describe("a resync in the Import dialog (issue 15, item 14)", () => {
  const account = connectedAccount({ platform: "tiktok", username: "studio_supply" });
  const syncJob = (changes: Partial<ImportJobDto> = {}) =>
    importJob({ id: "sync-1", kind: "sync", input: "studio_supply", channel_id: account.id, progress: { fetched: 3, saved: 3, total: null }, ...changes });
  const button = (container: HTMLElement, label: string) =>
    Array.from(container.querySelectorAll("button")).find((candidate) => candidate.getAttribute("aria-label") === label)!;

  async function startResync() {
    vi.mocked(fetchConnectedAccounts).mockResolvedValue({ channels: [account], autoSync: false });
    vi.mocked(syncChannel).mockResolvedValueOnce(syncJob());
    const container = await renderDialog();
    await act(async () => button(container, "Resync @studio_supply").click());
    expect(syncChannel).toHaveBeenCalledWith(account.id);
    return container;
  }

  it("shows its progress with Cancel; cancelled, it says nothing was added, and the progress goes", async () => {
    const container = await startResync();
    const progress = () => container.querySelector("[data-import-progress]");
    expect(progress()?.textContent).toContain("Syncing @studio_supply from TikTok");
    vi.mocked(cancelImportJob).mockResolvedValueOnce(syncJob({ status: "cancelled", progress: { fetched: 3, saved: 0, total: null } }));
    await act(async () => button(container, "Cancel the import of @studio_supply").click());
    expect(cancelImportJob).toHaveBeenCalledWith("sync-1");
    expect(container.textContent).toContain("Import cancelled. No videos were added.");
    expect(progress()).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });

  it("failed, it says Sync failed with the reason, once and in the dialog, and the account shows its last sync failed", async () => {
    const container = await startResync();
    const reason = "The channel may be private or temporarily unavailable. Please try again later.";
    // The dialog reads the accounts again once the resync ends: the server has recorded the failure on the account.
    vi.mocked(fetchConnectedAccounts).mockResolvedValue({ channels: [{ ...account, last_sync_error: reason }], autoSync: false });
    await act(async () => trackImportJob(syncJob({ status: "failed", error: reason, error_kind: "private" })));
    expect(container.textContent).toContain(`Sync failed: ${reason}`);
    expect(container.querySelector('li[data-channel="studio_supply"]')?.textContent).toContain(`Last sync failed: ${reason}`);
    expect(container.querySelector("[data-import-progress]")).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe("every opening of the Import dialog starts afresh (spec 2)", () => {
  /** The page around the dialog: it opens the dialog for a platform, and closes it as Close and Escape do. */
  function ImportDialogPage() {
    const [platform, setPlatform] = useState<PlatformId | null>("tiktok");
    return (
      <>
        <button type="button" data-open="tiktok" onClick={() => setPlatform("tiktok")} />
        <button type="button" data-open="instagram" onClick={() => setPlatform("instagram")} />
        <button type="button" data-close="" onClick={() => setPlatform(null)} />
        <ImportModal platform={platform} shopId="shop" onClose={() => setPlatform(null)} />
      </>
    );
  }
  const radio = (container: HTMLElement, label: string) =>
    Array.from(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')).find((input) =>
      container.querySelector(`label[for="${input.id}"]`)?.textContent?.includes(label),
    )!;
  const field = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement | HTMLTextAreaElement>("[data-dialog] input[type='text'], [data-dialog] textarea")!;

  function expectFresh(container: HTMLElement, platformName: string) {
    expect(container.querySelector("[data-dialog] h2")?.textContent).toBe(`Import from ${platformName}`);
    expect(radio(container, IMPORT_TEXT.methods.username).checked).toBe(true);
    expect(radio(container, IMPORT_TEXT.methods.url).checked).toBe(false);
    expect(field(container).value).toBe("");
    expect(permissionBox(container).checked).toBe(false);
    expect(findButton(container).disabled).toBe(true);
  }

  it("a URL typed and confirmed, then the dialog closed: the next opening has the username method, an empty field and the box unticked; so has another platform's", async () => {
    const container = await render(<ImportDialogPage />, { route: { path: "/content", url: "/content?shop=a" } });
    expectFresh(container, "TikTok");
    await act(async () => radio(container, IMPORT_TEXT.methods.url).click());
    await act(async () => typeInto(field(container), "https://www.tiktok.com/@someone/video/7300000000000000001"));
    await act(async () => permissionBox(container).click());
    expect(findButton(container).disabled).toBe(false);

    await act(async () => container.querySelector<HTMLButtonElement>("[data-close]")!.click());
    expect(container.querySelector("[data-dialog]")).toBeNull();
    await act(async () => container.querySelector<HTMLButtonElement>('[data-open="tiktok"]')!.click());
    expectFresh(container, "TikTok");

    await act(async () => typeInto(field(container), "someone"));
    await act(async () => permissionBox(container).click());
    await act(async () => container.querySelector<HTMLButtonElement>("[data-close]")!.click());
    await act(async () => container.querySelector<HTMLButtonElement>('[data-open="instagram"]')!.click());
    expectFresh(container, "Instagram");
  });
});

describe("auto-sync beside the connected accounts (issue 15)", () => {
  it("on Free: a disabled box labelled Premium, with the way to upgrade", async () => {
    vi.mocked(fetchConnectedAccounts).mockResolvedValueOnce({ channels: [], autoSync: false });
    const container = await renderDialog();
    const box = Array.from(container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).find((input) =>
      container.querySelector(`label[for="${input.id}"]`)?.textContent?.includes(IMPORT_TEXT.autoSync),
    )!;
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
    expect(container.querySelector(`label[for="${box.id}"]`)?.textContent).toContain("Premium");
    const upgrade = Array.from(container.querySelectorAll("a")).find((link) => link.textContent === "Upgrade to Premium")!;
    expect(new URL(upgrade.getAttribute("href")!, "https://app.test").pathname).toBe("/plan");
  });

  it("on Premium: said to be on, with no box to tick and no Premium label", async () => {
    vi.mocked(fetchConnectedAccounts).mockResolvedValueOnce({ channels: [], autoSync: true });
    const container = await renderDialog();
    expect(container.textContent).toContain(IMPORT_TEXT.autoSync);
    expect(container.textContent).toContain(IMPORT_TEXT.autoSyncOnHelp);
    expect(Array.from(container.querySelectorAll(".Polaris-Badge")).map((badge) => badge.textContent)).toEqual([
      expect.stringContaining(IMPORT_TEXT.autoSyncOn),
    ]);
    const boxes = Array.from(container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
    expect(boxes.map((box) => container.querySelector(`label[for="${box.id}"]`)?.textContent)).toEqual([IMPORT_TEXT.permissionLabel]);
    expect(container.textContent).not.toContain("Upgrade to Premium");
  });
});
