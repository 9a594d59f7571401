// @vitest-environment happy-dom
/**
 * An import's result is said once, where the merchant is looking (decision
 * 069): an open Import dialog first, else a page that lists results (the
 * library), else a toast. Every listening page still hears of it (to reload).
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportJobDto } from "~/rules/api-types";
import { showToast } from "~/browser/toast";
import { trackImportJob, useImportJobFinished, type FinishListener, type ResultPlace } from "./import-jobs";

vi.mock("~/browser/api-client", () => ({ fetchImportJob: vi.fn(), cancelImportJob: vi.fn() }));
vi.mock("~/browser/toast", () => ({ showToast: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let counter = 0;
const finishedJob = (): ImportJobDto => ({
  id: `job-${++counter}`,
  kind: "channel",
  platform: "tiktok",
  input: "creator",
  channel_id: null,
  status: "succeeded",
  progress: { fetched: 12, saved: 12, total: 12 },
  videos_added: 12,
  error: null,
  started_at: null,
  finished_at: null,
});

function Listening({ listener, place }: { listener: FinishListener; place: ResultPlace }) {
  useImportJobFinished(listener, place);
  return null;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  localStorage.clear();
  vi.clearAllMocks();
});

function listen(listeners: Array<{ listener: FinishListener; place: ResultPlace }>) {
  root = createRoot(document.createElement("div"));
  act(() => root?.render(listeners.map((entry, index) => <Listening key={index} {...entry} />)));
}

describe("where an import's result is said", () => {
  it("an open dialog says it: the page hears it already shown, and no toast", () => {
    const page = vi.fn<FinishListener>(() => true);
    listen([
      { listener: page, place: "page" },
      { listener: () => true, place: "dialog" },
    ]);
    trackImportJob(finishedJob());
    expect(page).toHaveBeenCalledWith(expect.anything(), true);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("a closed dialog does not: the page says it, and no toast", () => {
    const page = vi.fn<FinishListener>(() => true);
    listen([
      { listener: page, place: "page" },
      { listener: () => false, place: "dialog" },
    ]);
    trackImportJob(finishedJob());
    expect(page).toHaveBeenCalledWith(expect.anything(), false);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("nobody says it (a page that only reloads): a toast", () => {
    listen([{ listener: () => undefined, place: "page" }]);
    trackImportJob(finishedJob());
    expect(showToast).toHaveBeenCalledTimes(1);
  });
});
