import { useEffect, useState } from "react";
import type { TabProps } from "@shopify/polaris";
import type { LibraryViewDto, VideoListQuery } from "~/rules/api-types";
import { createLibraryView, deleteLibraryView, updateLibraryView } from "~/browser/api-client";
import { describeError } from "~/rules/error-mapper";
import { showToast } from "~/browser/toast";
import { sortOf } from "~/rules/video-list-query";
import { LIBRARY_TAB_LABELS, normalizeViewName, sameViewQuery, viewNameProblem, type ViewQuery } from "~/rules/library-selection";

/** The base query of a fixed tab: its status, no search, every platform. */
function tabQuery(tab: VideoListQuery["tab"]): ViewQuery {
  return { tab, search: "", platforms: [] };
}

interface SavedViewsOptions {
  /** Views as the loader read them. */
  initialViews: LibraryViewDto[];
  query: VideoListQuery;
  /** The saved view the URL names, if any. */
  viewId: string | null;
  /** Shows a list state (page 1), optionally as a saved view. */
  showList: (query: ViewQuery, viewId: string | null) => void;
}

/**
 * The library's tabs: All, Active and Draft, then the shop's saved views
 * (Polaris IndexFilters views) with rename, duplicate and delete. A view
 * saves the tab, the search and the platform filter (spec 2, 5); the view-name
 * modals are Polaris' own, and names are checked again here and on the server.
 */
export function useSavedViews({ initialViews, query, viewId, showList }: SavedViewsOptions) {
  const [views, setViews] = useState(initialViews);
  useEffect(() => setViews(initialViews), [initialViews]);

  const activeView = viewId ? (views.find((view) => view.id === viewId) ?? null) : null;
  const fixedIndex = Math.max(
    0,
    LIBRARY_TAB_LABELS.findIndex((tab) => tab.id === query.tab),
  );
  const selected = activeView ? LIBRARY_TAB_LABELS.length + views.indexOf(activeView) : fixedIndex;
  const baseQuery: ViewQuery = activeView ? activeView.query : tabQuery(query.tab);
  const current: ViewQuery = { tab: query.tab, search: query.search, platforms: query.platforms, ...sortOf(query.sort ?? "newest") };
  /** Search or filter differ from what the selected tab or view shows. */
  const dirty = !sameViewQuery(current, baseQuery);

  const allNames = () => [...LIBRARY_TAB_LABELS.map((tab) => tab.label), ...views.map((view) => view.name)];

  // Polaris' view-name modals close whatever the answer, so a refused name reopens in our own dialog with what was
  // typed and why it was refused; that dialog stays open until a name is accepted or the merchant cancels.
  const [nameRetry, setNameRetry] = useState<NameRetry | null>(null);

  /** A failure that has no name to keep (delete, save): said in a toast. */
  function failWithToast(error: unknown) {
    console.error(error);
    showToast(describeError(error), { isError: true });
    return false;
  }

  function fail(error: unknown, retry: Omit<NameRetry, "error">) {
    console.error(error);
    setNameRetry({ ...retry, error: describeError(error) });
    return false;
  }

  function refuse(problem: string, retry: Omit<NameRetry, "error">) {
    setNameRetry({ ...retry, error: problem });
    return false;
  }

  async function createView(name: string, viewQuery: ViewQuery, kind: "create" | "duplicate" = "create"): Promise<boolean> {
    const retry = { kind, value: name, submit: (next: string) => createView(next, viewQuery, kind) };
    const problem = viewNameProblem(name, allNames());
    if (problem) return refuse(problem, retry);
    try {
      const view = await createLibraryView({ name: normalizeViewName(name), query: viewQuery });
      setViews((existing) => [...existing, view]);
      setNameRetry(null);
      showList(view.query, view.id);
      return true;
    } catch (error) {
      return fail(error, retry);
    }
  }

  async function renameView(view: LibraryViewDto, name: string): Promise<boolean> {
    const retry = { kind: "rename" as const, value: name, submit: (next: string) => renameView(view, next) };
    const problem = viewNameProblem(name, allNames(), view.name);
    if (problem) return refuse(problem, retry);
    try {
      const renamed = await updateLibraryView(view.id, { name: normalizeViewName(name) });
      setViews((existing) => existing.map((item) => (item.id === view.id ? { ...item, ...renamed } : item)));
      setNameRetry(null);
      return true;
    } catch (error) {
      return fail(error, retry);
    }
  }

  async function removeView(view: LibraryViewDto): Promise<boolean> {
    try {
      await deleteLibraryView(view.id);
      setViews((existing) => existing.filter((item) => item.id !== view.id));
      if (view.id === viewId) showList(tabQuery("all"), null);
      return true;
    } catch (error) {
      return failWithToast(error);
    }
  }

  /** Saves the current search and filter into the selected view. */
  async function saveCurrent(): Promise<boolean> {
    if (!activeView) return false;
    try {
      const saved = await updateLibraryView(activeView.id, { query: current });
      setViews((existing) => existing.map((item) => (item.id === activeView.id ? { ...item, ...saved } : item)));
      showList(saved.query ?? current, activeView.id);
      return true;
    } catch (error) {
      return failWithToast(error);
    }
  }

  const tabs: TabProps[] = [
    ...LIBRARY_TAB_LABELS.map((tab) => ({ id: `library-tab-${tab.id}`, content: tab.label, isLocked: true })),
    ...views.map((view) => ({
      id: `library-view-${view.id}`,
      content: view.name,
      actions: [
        { type: "rename" as const, onPrimaryAction: (name: string) => renameView(view, name) },
        { type: "duplicate" as const, onPrimaryAction: (name: string) => createView(name, view.query, "duplicate") },
        { type: "delete" as const, onPrimaryAction: () => removeView(view) },
      ],
    })),
  ];

  function selectTab(index: number) {
    const tab = LIBRARY_TAB_LABELS[index];
    if (tab) {
      showList(tabQuery(tab.id), null);
      return;
    }
    const view = views[index - LIBRARY_TAB_LABELS.length];
    if (view) showList(view.query, view.id);
  }

  return {
    tabs,
    selected,
    selectTab,
    dirty,
    baseQuery,
    activeView,
    /** IndexFilters' "+" (and "Save as"): a new view from the current tab, search and filter. */
    createFromCurrent: (name: string) => createView(name, current),
    saveCurrent,
    /** A refused view name to ask again for (null: none). */
    nameRetry,
    closeNameRetry: () => setNameRetry(null),
  };
}

/** A view name that was refused: which dialog it came from, what was typed, why, and how to try again. */
export interface NameRetry {
  kind: "create" | "rename" | "duplicate";
  value: string;
  error: string;
  submit: (name: string) => Promise<boolean>;
}
