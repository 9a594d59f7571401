import { useCallback, useEffect, useRef, useState } from "react";
import {
  BlockStack,
  Button,
  Checkbox,
  ChoiceList,
  EmptySearchResult,
  IndexFilters,
  IndexFiltersMode,
  IndexTable,
  useSetIndexFiltersMode,
  type IndexFiltersProps,
} from "@shopify/polaris";
import type { LibrarySort, LibraryViewDto, VideoDto, VideoListPage, VideoListQuery } from "~/rules/api-types";
import { withListChange, type ViewQuery } from "~/rules/library-selection";
import { normalizeSearch, sortOf } from "~/rules/video-list-query";
import { useAdminLocale } from "~/browser/use-admin-locale";
import { ACTION_TEXT, LIBRARY_TEXT } from "~/messages";
import { ENABLED_PLATFORMS, PLATFORMS, VIDEO_SOURCES } from "~/platforms/config";
import type { PlatformId, VideoSource } from "~/contracts/platforms";
import { useStableCallback } from "~/browser/use-stable-callback";
import { useSavedViews } from "~/browser/use-saved-views";
import { VideoRow } from "./VideoRow";
import { ViewNameModal } from "./ViewNameModal";

const SEARCH_DEBOUNCE_MS = 300;

/** The list's orders in Polaris's sort menu (decision 082): a key and a direction each, "date desc" being the default. */
const SORT_VALUES: Record<LibrarySort, `${string} asc` | `${string} desc`> = {
  newest: "date desc",
  oldest: "date asc",
  plays: "plays desc",
  least_played: "plays asc",
};
const SORT_OPTIONS: IndexFiltersProps["sortOptions"] = (Object.keys(SORT_VALUES) as LibrarySort[]).map((sort) => ({
  label: LIBRARY_TEXT.sortKeys[SORT_VALUES[sort].startsWith("plays") ? "plays" : "date"],
  value: SORT_VALUES[sort],
  directionLabel: LIBRARY_TEXT.sorts[sort],
}));
const sortFromValue = (value: string | undefined): LibrarySort =>
  (Object.keys(SORT_VALUES) as LibrarySort[]).find((sort) => SORT_VALUES[sort] === value) ?? "newest";

/** The list's box, whose rows a phone's width redraws (video-library.css). */
const PHONE_TABLE_CLASS = "clipcart-video-table";
/** Columns whose headings a phone's width hides: their cells move beside or under the title, or are left out (video-library.css). */
const PHONE_HIDDEN_HEADINGS = {
  thumbnail: "clipcart-column-thumbnail",
  created: "clipcart-column-created",
  products: "clipcart-column-products",
  status: "clipcart-column-status",
  actions: "clipcart-column-actions",
} as const;

export interface VideoSelection {
  selectedResources: string[];
  allResourcesSelected: boolean;
  handleSelectionChange: NonNullable<React.ComponentProps<typeof IndexTable>["onSelectionChange"]>;
}

interface VideoIndexProps {
  list: VideoListPage;
  query: VideoListQuery;
  viewId: string | null;
  views: LibraryViewDto[];
  /** The list's data is loading (a change of tab, search, filter or page). */
  loading: boolean;
  selection: VideoSelection;
  unpublishingIds: string[];
  /** Shows a list state; `replace` for search typing, so Back skips each keystroke. */
  showList: (query: VideoListQuery, viewId: string | null, options?: { replace?: boolean }) => void;
  onImport: (platform: PlatformId) => void;
  onPreview: (video: VideoDto) => void;
  onTag: (video: VideoDto) => void;
  onShowTags: (video: VideoDto) => void;
  /** "Tag suggested products" (decision 053): the review of the selected videos' suggestions. */
  onTagSuggested: (videos: VideoDto[]) => void;
  onApprove: (videos: VideoDto[]) => void;
  onUnpublish: (videos: VideoDto[]) => void;
  onDelete: (videos: VideoDto[]) => void;
}

/** The list shows part of the library: a tab other than All, a search, a platform or the suggestions filter. */
export function isNarrowed(query: VideoListQuery): boolean {
  return query.tab !== "all" || query.search !== "" || query.platforms.length > 0 || query.suggested === true;
}

/**
 * The library's list (spec 2): tabs and saved views, search, platform filter
 * with its chip and Clear all, the rows with bulk actions, the empty state and
 * paging. The state lives in the URL; the server filters and pages.
 */
export function VideoIndex({
  list,
  query,
  viewId,
  views,
  loading,
  selection,
  unpublishingIds,
  showList,
  onImport,
  onPreview,
  onTag,
  onShowTags,
  onTagSuggested,
  onApprove,
  onUnpublish,
  onDelete,
}: VideoIndexProps) {
  const { videos, page, pageCount, total } = list;
  // The list the merchant last asked for: the loader's until a change is sent, then that change until its list
  // arrives. Each change builds on it, so a change made while the previous list is still loading (a search typed
  // right after ticking a platform, on a slow connection) keeps the previous one instead of undoing it.
  const requestedQuery = useRef(query);
  useEffect(() => {
    requestedQuery.current = query;
  }, [query]);
  const askFor = useCallback(
    (next: VideoListQuery, id: string | null, options?: { replace?: boolean }) => {
      requestedQuery.current = next;
      showList(next, id, options);
    },
    [showList],
  );
  const savedViews = useSavedViews({
    initialViews: views,
    query,
    viewId,
    showList: (viewQuery: ViewQuery, id: string | null) => askFor({ ...viewQuery, page: 1 }, id),
  });
  // With a search or filter applied (a shared link, a saved view being edited) the filters show open.
  const { mode, setMode } = useSetIndexFiltersMode(savedViews.dirty ? IndexFiltersMode.Filtering : IndexFiltersMode.Default);

  // The search box answers at once; the list follows after a pause in typing.
  // lastSentSearch: the search (normalised as the server does) the URL has or is about to have.
  const [searchText, setSearchText] = useState(query.search);
  const lastSentSearch = useRef(query.search);
  useEffect(() => {
    // The URL changed by other means (a tab, a view, Back): the box follows.
    if (query.search !== lastSentSearch.current) {
      lastSentSearch.current = query.search;
      setSearchText(query.search);
    }
  }, [query.search]);
  useEffect(() => {
    const search = normalizeSearch(searchText);
    if (search === lastSentSearch.current) return;
    const timer = setTimeout(() => {
      lastSentSearch.current = search;
      askFor(withListChange(requestedQuery.current, { search }), viewId, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, viewId, askFor]);

  function setSearchNow(text: string) {
    const search = normalizeSearch(text);
    setSearchText(search);
    lastSentSearch.current = search;
    askFor(withListChange(requestedQuery.current, { search }), viewId);
  }

  // The filter shows the merchant's choice at once, before the list it asks for arrives.
  const platformsKey = query.platforms.join(",");
  const [shownPlatforms, setShownPlatforms] = useState<VideoSource[]>(query.platforms);
  useEffect(() => {
    setShownPlatforms(platformsKey ? (platformsKey.split(",") as VideoSource[]) : []);
  }, [platformsKey]);

  function setPlatforms(platforms: VideoSource[]) {
    setShownPlatforms(platforms);
    askFor(withListChange(requestedQuery.current, { platforms }), viewId);
  }

  // The order shows the merchant's choice at once; the server sorts (and pages) the list it asks for (decision 082).
  const [shownSort, setShownSort] = useState(query.sort ?? "newest");
  useEffect(() => setShownSort(query.sort ?? "newest"), [query.sort]);
  function setSort(values: string[]) {
    const sort = sortFromValue(values[0]);
    setShownSort(sort);
    askFor(withListChange(requestedQuery.current, { sort: undefined, ...sortOf(sort) }), viewId);
  }
  const locale = useAdminLocale();

  const suggested = query.suggested === true;
  function setSuggested(value: boolean) {
    askFor(withListChange(requestedQuery.current, { suggested: value }), viewId);
  }

  const filters: IndexFiltersProps["filters"] = [
    {
      key: "platform",
      label: LIBRARY_TEXT.platformFilter,
      pinned: true,
      filter: (
        <ChoiceList
          title={LIBRARY_TEXT.platformFilter}
          titleHidden
          allowMultiple
          choices={[
            ...ENABLED_PLATFORMS.map((platform) => ({ label: platform.name, value: platform.id })),
            { label: VIDEO_SOURCES.upload.name, value: "upload" },
          ]}
          selected={shownPlatforms}
          onChange={(selected) => setPlatforms(selected as VideoSource[])}
        />
      ),
    },
    {
      key: "suggested",
      label: LIBRARY_TEXT.suggestionsFilter,
      pinned: true,
      filter: <Checkbox label={LIBRARY_TEXT.hasSuggestions} checked={suggested} onChange={(checked) => setSuggested(checked)} />,
    },
  ];
  const appliedFilters: IndexFiltersProps["appliedFilters"] = [
    ...(shownPlatforms.length > 0
      ? [
          {
            key: "platform",
            label: LIBRARY_TEXT.platformFilterApplied(shownPlatforms.map((id) => VIDEO_SOURCES[id].name).join(", ")),
            onRemove: () => setPlatforms([]),
          },
        ]
      : []),
    ...(suggested ? [{ key: "suggested", label: LIBRARY_TEXT.hasSuggestions, onRemove: () => setSuggested(false) }] : []),
  ];

  function cancelChanges() {
    const base = savedViews.baseQuery;
    setSearchText(base.search);
    lastSentSearch.current = normalizeSearch(base.search);
    askFor({ ...base, page: 1 }, viewId);
  }

  const approveRow = useStableCallback((row: VideoDto) => onApprove([row]));
  const unpublishRow = useStableCallback((row: VideoDto) => onUnpublish([row]));
  const selectedVideos = videos.filter((video) => selection.selectedResources.includes(video.id));
  const single = selectedVideos.length === 1 ? selectedVideos[0] : null;
  const [firstPlatform] = query.platforms;
  const onlyPlatform = query.platforms.length === 1 && firstPlatform && firstPlatform !== "upload" ? PLATFORMS[firstPlatform] : null;

  // Only a narrowed list (a tab other than All, a search, a platform) has something to change.
  const narrowed = isNarrowed(query);
  const emptyState = (
    <BlockStack gap="400" inlineAlign="center">
      <EmptySearchResult
        title={LIBRARY_TEXT.noVideosFound}
        description={narrowed ? LIBRARY_TEXT.emptyDescription : LIBRARY_TEXT.emptyLibraryDescription}
        withIllustration
      />
      {onlyPlatform?.enabled ? (
        <Button variant="primary" onClick={() => onImport(onlyPlatform.id)}>
          {LIBRARY_TEXT.importPlatform(onlyPlatform.name)}
        </Button>
      ) : null}
    </BlockStack>
  );

  return (
    <>
      <IndexFilters
        tabs={savedViews.tabs}
        selected={savedViews.selected}
        onSelect={savedViews.selectTab}
        canCreateNewView
        onCreateNewView={savedViews.createFromCurrent}
        queryValue={searchText}
        queryPlaceholder={LIBRARY_TEXT.searchPlaceholder}
        onQueryChange={setSearchText}
        onQueryClear={() => setSearchNow("")}
        sortOptions={SORT_OPTIONS}
        sortSelected={[SORT_VALUES[shownSort]]}
        onSort={setSort}
        filters={filters}
        appliedFilters={appliedFilters}
        onClearAll={() => {
          setSearchText("");
          lastSentSearch.current = "";
          askFor(withListChange(requestedQuery.current, { search: "", platforms: [], suggested: false }), viewId);
        }}
        primaryAction={
          savedViews.activeView
            ? { type: "save", onAction: savedViews.saveCurrent, disabled: !savedViews.dirty }
            : { type: "save-as", onAction: savedViews.createFromCurrent, disabled: !savedViews.dirty }
        }
        cancelAction={{ onAction: cancelChanges }}
        mode={mode}
        setMode={setMode}
        loading={loading}
        // Below 490 px Polaris fixes the bar 56 px from the top of the window, for Shopify's own mobile header, as soon as
        // it is out of view, even before it was reached: inside the app's frame it covered the import cards and the list.
        disableStickyMode
      />
      {/* On a phone the rows are redrawn as two short lines (video-library.css, decision 066). */}
      <div className={PHONE_TABLE_CLASS}>
        <IndexTable
          resourceName={LIBRARY_TEXT.resourceName}
          itemCount={videos.length}
          selectedItemsCount={selection.allResourcesSelected ? "All" : selection.selectedResources.length}
          onSelectionChange={selection.handleSelectionChange}
          loading={loading}
          emptyState={emptyState}
          headings={[
            { title: LIBRARY_TEXT.columns.thumbnail, id: PHONE_HIDDEN_HEADINGS.thumbnail, hidden: true },
            { title: LIBRARY_TEXT.columns.video },
            { title: LIBRARY_TEXT.columns.created, id: PHONE_HIDDEN_HEADINGS.created },
            { title: LIBRARY_TEXT.columns.products, id: PHONE_HIDDEN_HEADINGS.products },
            { title: LIBRARY_TEXT.columns.status, id: PHONE_HIDDEN_HEADINGS.status },
            { title: LIBRARY_TEXT.columns.actions, id: PHONE_HIDDEN_HEADINGS.actions, alignment: "end" },
          ]}
          promotedBulkActions={[
            { content: ACTION_TEXT.approve, onAction: () => onApprove(selectedVideos) },
            { content: ACTION_TEXT.unpublish, onAction: () => onUnpublish(selectedVideos) },
            {
              content: ACTION_TEXT.tagProduct,
              disabled: !single,
              onAction: () => single && onTag(single),
            },
            {
              content: ACTION_TEXT.preview,
              disabled: !single,
              onAction: () => single && onPreview(single),
            },
            { content: LIBRARY_TEXT.tagSuggestedBulk, onAction: () => onTagSuggested(selectedVideos) },
          ]}
          bulkActions={[{ items: [{ content: ACTION_TEXT.delete, destructive: true, onAction: () => onDelete(selectedVideos) }] }]}
          pagination={
            total > 0
              ? {
                  hasPrevious: page > 1,
                  hasNext: page < pageCount,
                  onPrevious: () => askFor({ ...requestedQuery.current, page: page - 1 }, viewId),
                  onNext: () => askFor({ ...requestedQuery.current, page: page + 1 }, viewId),
                  label: LIBRARY_TEXT.pageOf(page, pageCount),
                }
              : undefined
          }
        >
          {videos.map((video, index) => (
            <VideoRow
              key={video.id}
              video={video}
              position={index}
              selected={selection.selectedResources.includes(video.id)}
              unpublishing={unpublishingIds.includes(video.id)}
              onPreview={onPreview}
              onTag={onTag}
              onShowTags={onShowTags}
              onApprove={approveRow}
              onUnpublish={unpublishRow}
              locale={locale}
            />
          ))}
        </IndexTable>
      </div>
      <ViewNameModal retry={savedViews.nameRetry} onClose={savedViews.closeNameRetry} />
    </>
  );
}
