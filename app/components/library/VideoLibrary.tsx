import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useStableCallback } from "~/browser/use-stable-callback";
import { useLocation, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { Banner, BlockStack, Card, Layout, useIndexResourceState } from "@shopify/polaris";
import type { ImportJobDto, LibraryData, VideoDto, VideoListQuery } from "~/rules/api-types";
import { deleteVideo, toggleVideo } from "~/browser/api-client";
import { appHref } from "~/rules/app-links";
import { describeError, mapError } from "~/rules/error-mapper";
import { librarySearch, planApproval, type ApprovalSummary } from "~/rules/library-selection";
import { offersImportReview } from "~/rules/import-flow";
import { ACTION_TEXT, IMPORT_LINKS_TEXT, LIBRARY_TEXT, videosUnpublished } from "~/messages";
import type { LinkResult } from "~/rules/link-list";
import type { PlatformId } from "~/contracts/platforms";
import { ImportJobsProgress } from "~/components/import/ImportJobsProgress";
import { ImportModal } from "~/components/import/ImportModal";
import { LinkResults } from "~/components/import/LinkResults";
import { PlatformImportCards } from "~/components/import/ImportPanel";
import { resumeImportJobs, useActiveImportJobs, useImportJobFinished, type FinishedImport } from "~/browser/import-jobs";
import { ApproveModal } from "./ApproveModal";
import { ConfirmModal } from "~/components/ConfirmModal";
import { PreviewModal } from "./PreviewModal";
import { TaggedProductsModal } from "./TaggedProductsModal";
import { TagProductsModal } from "./TagProductsModal";
import { SuggestionReviewModal } from "./SuggestionReviewModal";
import { MediaHealthBanner } from "./MediaHealthBanner";
import { UploadVideos } from "./UploadVideos";
import { ImportBar } from "./ImportBar";
import { VideoIndex, isNarrowed } from "./VideoIndex";

type Dialog =
  | { type: "import"; platform: PlatformId }
  | { type: "preview"; video: VideoDto }
  | { type: "tag"; video: VideoDto }
  | { type: "tags"; video: VideoDto }
  | { type: "suggestions"; videos: VideoDto[] }
  | { type: "importSuggestions"; job: ImportJobDto }
  | { type: "approve"; videoIds: string[] }
  | { type: "delete"; videos: VideoDto[] };

/** links: a links import's links that did not go in, each with its reason (decision 056). */
type Notice = { tone: "success" | "critical" | "info" | "warning"; message: string; links?: LinkResult[] };

/**
 * The latest import that added videos, for the next steps the page offers
 * after it: create a widget (a shop without one, spec 2) and "Tag suggested
 * products" over all of its videos (decision 078) until they are tagged.
 */
type ImportNextSteps = { job: ImportJobDto; offerTagging: boolean };

function dialogOf<T extends Dialog["type"]>(dialog: Dialog | null, type: T): Extract<Dialog, { type: T }> | null {
  return dialog?.type === type ? (dialog as Extract<Dialog, { type: T }>) : null;
}

/**
 * The Video Library page (spec 2): banners, platform import cards and the
 * Import modal, the list, and the library's dialogs. One dialog at a time.
 */
export function VideoLibrary({ data, shopId }: { data: LibraryData; shopId: string }) {
  const { query, list, channels, widgets, views, activeJobs, mediaIssues } = data;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { revalidate, state: revalidation } = useRevalidator();
  const viewId = new URLSearchParams(location.search).get("view");

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [importNextSteps, setImportNextSteps] = useState<ImportNextSteps | null>(null);
  const [unpublishingIds, setUnpublishingIds] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  const closeDialog = useCallback((type: Dialog["type"]) => setDialog((current) => (current?.type === type ? null : current)), []);

  // --------------------------------------------------------------- the list

  const showList = useCallback(
    (next: VideoListQuery, nextViewId: string | null, options: { replace?: boolean } = {}) => {
      navigate(`${location.pathname}${librarySearch(location.search, next, nextViewId)}`, {
        replace: options.replace,
        preventScrollReset: true,
      });
    },
    [navigate, location.pathname, location.search],
  );

  const listLoading = (navigation.state === "loading" && navigation.location?.pathname === location.pathname) || revalidation === "loading";

  const rowIds = useMemo(() => list.videos.map((video) => ({ id: video.id })), [list.videos]);
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection, removeSelectedResources } = useIndexResourceState(rowIds);
  // Rows that left the list (approved out of Draft, deleted) leave the selection too.
  const removeSelectedRef = useRef(removeSelectedResources);
  removeSelectedRef.current = removeSelectedResources;
  const selectedRef = useRef(selectedResources);
  selectedRef.current = selectedResources;
  useEffect(() => {
    const present = new Set(rowIds.map((row) => row.id));
    const gone = selectedRef.current.filter((id) => !present.has(id));
    if (gone.length > 0) removeSelectedRef.current(gone);
  }, [rowIds]);
  // Changing tab, search, filter or page clears the selection (spec 2).
  const listKey = `${query.tab}|${query.search}|${query.platforms.join(",")}|${query.suggested ? "s" : ""}|${list.page}`;
  const clearSelectionRef = useRef(clearSelection);
  clearSelectionRef.current = clearSelection;
  // Only when something is selected: clearing an empty selection still re-renders the whole list.
  const anySelectedRef = useRef(false);
  anySelectedRef.current = selectedResources.length > 0 || allResourcesSelected;
  useEffect(() => {
    if (anySelectedRef.current) clearSelectionRef.current();
  }, [listKey]);

  // ------------------------------------------------------------ import jobs

  useEffect(() => resumeImportJobs(activeJobs), [activeJobs]);
  const runningJobs = useActiveImportJobs();
  useImportJobFinished(
    useCallback(
      ({ job, outcome }: FinishedImport, shown: boolean) => {
        // Said once (decision 069): an open Import dialog already shows it; otherwise this page does.
        if (!shown) setNotice({ ...outcome, links: job.links?.filter((link) => link.status === "failed" || link.status === "pending") });
        if (offersImportReview(job)) setImportNextSteps({ job, offerTagging: true });
        revalidate();
        return true;
      },
      [revalidate],
    ),
  );

  // Opened before the shop's first bootstrap: read again now that it exists.
  const { shopFound } = data;
  useEffect(() => {
    if (!shopFound) revalidate();
  }, [shopFound, revalidate]);

  // ------------------------------------------------------------ moderation

  function approve(videos: VideoDto[]) {
    const plan = planApproval(videos);
    if (plan.kind === "nothing") return;
    if (plan.kind === "alreadyApproved") {
      setNotice({ tone: "info", message: plan.message });
      return;
    }
    setDialog({ type: "approve", videoIds: plan.videoIds });
  }

  function approved(summary: ApprovalSummary) {
    revalidate();
    if (summary.failed === 0) {
      setNotice({ tone: "success", message: summary.message });
      clearSelection();
      closeDialog("approve");
    }
  }

  async function unpublish(videos: VideoDto[]) {
    if (videos.length === 0) return;
    const ids = videos.map((video) => video.id);
    setUnpublishingIds(ids);
    let done = 0;
    let failure: unknown = null;
    for (const id of ids) {
      try {
        await toggleVideo(id, { enabled: false });
        done += 1;
      } catch (error) {
        console.error(error);
        failure ??= error;
      }
    }
    setUnpublishingIds([]);
    if (failure) {
      const mapped = mapError(failure);
      setNotice({ tone: "critical", message: LIBRARY_TEXT.unpublishFailed(mapped.title, mapped.message) });
    } else {
      setNotice({ tone: "success", message: videosUnpublished(done) });
      clearSelection();
    }
    revalidate();
  }

  async function confirmDelete(videos: VideoDto[]) {
    setDeleting(true);
    let failure: unknown = null;
    for (const video of videos) {
      try {
        await deleteVideo(video.id);
      } catch (error) {
        console.error(error);
        failure ??= error;
      }
    }
    setDeleting(false);
    closeDialog("delete");
    setNotice(failure ? { tone: "critical", message: describeError(failure, "delete") } : { tone: "success", message: LIBRARY_TEXT.videoDeleted });
    clearSelection();
    revalidate();
  }

  // Stable handlers: the rows and sections are memoised, and a new function each render would re-render them all.
  const openImport = useStableCallback((platform: PlatformId) => setDialog({ type: "import", platform }));
  const openPreview = useStableCallback((video: VideoDto) => setDialog({ type: "preview", video }));
  const openTag = useStableCallback((video: VideoDto) => setDialog({ type: "tag", video }));
  const openTags = useStableCallback((video: VideoDto) => setDialog({ type: "tags", video }));
  const openSuggestions = useStableCallback((videos: VideoDto[]) => {
    if (videos.length > 0) setDialog({ type: "suggestions", videos });
  });
  const openImportSuggestions = (job: ImportJobDto) => setDialog({ type: "importSuggestions", job });
  const startUnpublish = useStableCallback((videos: VideoDto[]) => void unpublish(videos));
  const askDelete = useStableCallback((videos: VideoDto[]) => {
    if (videos.length > 0) setDialog({ type: "delete", videos });
  });
  const stableApprove = useStableCallback(approve);
  const stableRevalidate = useStableCallback(() => revalidate());

  // An empty library leads with the import cards; once it has videos they shrink to a line each and the list
  // fills the first screen (decision 066). A narrowed list that is empty says nothing about the library.
  const compactImport = list.total > 0 || isNarrowed(query);

  // "Now create a widget" only makes sense to a shop without one; "Tag suggested products" until the merchant did.
  const showImportBanner = importNextSteps !== null && widgets.length === 0;
  const showImportTagging = importNextSteps !== null && importNextSteps.offerTagging;
  const importTagAction = importNextSteps && {
    content: LIBRARY_TEXT.tagSuggestedBulk,
    accessibilityLabel: LIBRARY_TEXT.tagImportSuggestionsLabel(importNextSteps.job.videos_added),
    onAction: () => openImportSuggestions(importNextSteps.job),
  };
  const deleteDialog = dialogOf(dialog, "delete");
  const deleteCount = deleteDialog?.videos.length ?? 0;

  return (
    <Layout>
      {notice || showImportBanner || showImportTagging ? (
        <Layout.Section>
          <BlockStack gap="300">
            {notice ? (
              <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
                <BlockStack gap="200">
                  <p>{notice.message}</p>
                  {notice.links?.length ? <LinkResults links={notice.links} title={IMPORT_LINKS_TEXT.notImportedTitle} /> : null}
                </BlockStack>
              </Banner>
            ) : null}
            {showImportBanner ? (
              <Banner
                tone="info"
                action={{ content: ACTION_TEXT.createWidget, url: appHref("/widgets", location.search) }}
                secondaryAction={showImportTagging && importTagAction ? importTagAction : undefined}
                onDismiss={() => setImportNextSteps(null)}
              >
                <p>{LIBRARY_TEXT.importBanner}</p>
              </Banner>
            ) : showImportTagging && importTagAction ? (
              <Banner tone="info" action={importTagAction} onDismiss={() => setImportNextSteps(null)}>
                <p>{LIBRARY_TEXT.importTagPrompt(importNextSteps.job.videos_added)}</p>
              </Banner>
            ) : null}
          </BlockStack>
        </Layout.Section>
      ) : null}

      {mediaIssues.length ? (
        <Layout.Section>
          <MediaHealthBanner issues={mediaIssues} onChanged={revalidate} />
        </Layout.Section>
      ) : null}

      <Layout.Section>
        {/* One stack either way: the upload panel stays mounted when the first video arrives, its files' progress with it. */}
        <BlockStack gap="400">
          {compactImport ? <ImportBar channels={channels} onImport={openImport} /> : <PlatformImportCards channels={channels} onImport={openImport} />}
          <UploadVideos shopId={shopId} onAdded={stableRevalidate} compact={compactImport} />
        </BlockStack>
      </Layout.Section>

      {runningJobs.length > 0 ? (
        <Layout.Section>
          <Card>
            <ImportJobsProgress jobs={runningJobs} />
          </Card>
        </Layout.Section>
      ) : null}

      <Layout.Section>
        <Card padding="0">
          <VideoIndex
            list={list}
            query={query}
            viewId={viewId}
            views={views}
            loading={listLoading}
            selection={{ selectedResources, allResourcesSelected, handleSelectionChange }}
            unpublishingIds={unpublishingIds}
            showList={showList}
            onImport={openImport}
            onPreview={openPreview}
            onTag={openTag}
            onShowTags={openTags}
            onTagSuggested={openSuggestions}
            onApprove={stableApprove}
            onUnpublish={startUnpublish}
            onDelete={askDelete}
          />
        </Card>
      </Layout.Section>

      <ImportModal
        platform={dialogOf(dialog, "import")?.platform ?? null}
        shopId={shopId}
        onClose={() => closeDialog("import")}
        onChannelRemoved={() => revalidate()}
        knownAccounts={{ channels, autoSync: data.autoSync }}
      />
      <PreviewModal
        video={dialogOf(dialog, "preview")?.video ?? null}
        onClose={() => closeDialog("preview")}
        onChanged={(message) => {
          setNotice({ tone: "success", message });
          revalidate();
        }}
        onApprove={(video) => approve([video])}
        onRenamed={revalidate}
      />
      <TagProductsModal
        video={dialogOf(dialog, "tag")?.video ?? null}
        shopId={shopId}
        onClose={(changed) => {
          closeDialog("tag");
          if (changed) revalidate();
        }}
      />
      <SuggestionReviewModal
        videos={dialogOf(dialog, "suggestions")?.videos ?? null}
        importJob={dialogOf(dialog, "importSuggestions")?.job ?? null}
        shopId={shopId}
        onClose={(tagged) => {
          const reviewedImport = dialogOf(dialog, "importSuggestions")?.job ?? null;
          closeDialog(reviewedImport ? "importSuggestions" : "suggestions");
          if (tagged === null) return;
          revalidate();
          if (reviewedImport) {
            // Its videos are tagged: the page stops offering it (the widget step stays).
            setImportNextSteps((current) => (current?.job.id === reviewedImport.id ? { ...current, offerTagging: false } : current));
          } else clearSelection();
          setNotice({ tone: "success", message: LIBRARY_TEXT.reviewTagged(tagged) });
        }}
      />
      <TaggedProductsModal video={dialogOf(dialog, "tags")?.video ?? null} onClose={() => closeDialog("tags")} />
      <ApproveModal
        videoIds={dialogOf(dialog, "approve")?.videoIds ?? null}
        widgets={widgets}
        freePlanApproved={data.freePlanApproved}
        onCreateWidget={() => {
          closeDialog("approve");
          navigate(appHref("/widgets", location.search));
        }}
        onClose={() => closeDialog("approve")}
        onApproved={approved}
      />
      <ConfirmModal
        id="delete-videos-modal"
        open={deleteDialog !== null}
        title={LIBRARY_TEXT.deleteTitle(deleteCount)}
        body={LIBRARY_TEXT.deleteBody(deleteCount)}
        confirmLabel={ACTION_TEXT.delete}
        busy={deleting}
        onConfirm={() => deleteDialog && void confirmDelete(deleteDialog.videos)}
        onClose={() => !deleting && closeDialog("delete")}
      />
    </Layout>
  );
}
