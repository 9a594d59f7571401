// @vitest-environment happy-dom
/**
 * An import's result is said once, where the merchant is looking (decision
 * 069): an open Import dialog first, else a page that lists results (the
 * library), else a toast. Every listening page still hears of it (to reload).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { showToast } from "~/browser/toast";
import { renderNow, unmountRendered } from "../../tests/support/components";
import { importJob } from "../../tests/support/dto-fixtures";
import { trackImportJob, useImportJobFinished, type FinishListener, type ResultPlace } from "./import-jobs";

vi.mock("~/browser/api-client", () => ({ fetchImportJob: vi.fn(), cancelImportJob: vi.fn() }));
vi.mock("~/browser/toast", () => ({ showToast: vi.fn() }));

let counter = 0;
const finishedJob = () => importJob({ id: `job-${++counter}`, status: "succeeded", progress: { fetched: 12, saved: 12, total: 12 }, videos_added: 12 });

function Listening({ listener, place }: { listener: FinishListener; place: ResultPlace }) {
  useImportJobFinished(listener, place);
  return null;
}

afterEach(() => {
  unmountRendered();
  localStorage.clear();
  vi.clearAllMocks();
});

function listen(listeners: Array<{ listener: FinishListener; place: ResultPlace }>) {
  renderNow(listeners.map((entry, index) => <Listening key={index} {...entry} />));
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
