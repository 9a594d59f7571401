// @vitest-environment happy-dom
/**
 * The end of an import as the merchant meets it (decision 069): an account
 * import that fails gives back the username and the permission box, to correct
 * and try again; and its result is said once, in the open dialog, not also in
 * a toast.
 */
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportJobDto } from "~/rules/api-types";
import { IMPORT_TEXT } from "~/messages";
import { fetchConnectedAccounts, importChannel } from "~/browser/api-client";
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
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
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
