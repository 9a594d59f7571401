import { memo, useCallback, useEffect, useRef, useState } from "react";
import { Banner, BlockStack, Box, Button, Card, DropZone, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { VIDEO_UPLOAD } from "~/constants";
import { LIBRARY_TEXT, UPLOAD_TEXT } from "~/messages";
import { createUploads, fetchUploads, requestUploadTargets } from "~/browser/api-client";
import { readVideoDuration, uploadToTarget } from "~/browser/upload";
import { describeError } from "~/rules/error-mapper";
import { durationProblem, uploadMimeType, uploadProblem } from "~/rules/video-upload";

type Phase = "uploading" | "processing" | "added" | "failed";

interface UploadItem {
  key: string;
  name: string;
  phase: Phase;
  /** 0..1 while uploading. */
  progress: number;
  message: string | null;
  uploadId: string | null;
}

/** How often the panel asks where Shopify's processing stands. */
const STATUS_POLL_MS = 1500;

let itemSeq = 0;

/**
 * "Upload your own videos" (issue 13): a drop zone and an Upload videos
 * button. Each file is checked here (type, size, length), uploaded straight
 * to Shopify's bucket with its own progress bar, then Shopify makes a Files
 * video of it; the panel follows the processing and says, per file, whether
 * it joined the library (as a draft) or why not. `onAdded` refreshes the list.
 * `compact` (a library with videos, decision 066): one line, a slim drop zone
 * beside the title; the files being uploaded still show below it.
 */
export const UploadVideos = memo(function UploadVideos({ shopId, onAdded, compact = false }: { shopId: string; onAdded: () => void; compact?: boolean }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    if (mounted.current) setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Follows the uploads Shopify is processing until each is added or failed: one poll every
  // STATUS_POLL_MS, not restarted by other files' progress (pollRound moves on after each poll).
  const processingIds = items
    .filter((item) => item.phase === "processing" && item.uploadId)
    .map((item) => item.uploadId!)
    .join(",");
  const [pollRound, setPollRound] = useState(0);
  useEffect(() => {
    if (!processingIds) return;
    const timer = setTimeout(async () => {
      try {
        const statuses = await fetchUploads(processingIds.split(","));
        setItems((current) =>
          current.map((item) => {
            const status = statuses.find((upload) => upload.id === item.uploadId);
            if (!status || item.phase !== "processing") return item;
            if (status.status === "ready") return { ...item, phase: "added", message: UPLOAD_TEXT.added };
            if (status.status === "failed") {
              const reason = LIBRARY_TEXT.mirrorFailures[status.failure ?? "processing_failed"];
              return { ...item, phase: "failed", message: UPLOAD_TEXT.processingFailed(reason) };
            }
            return item;
          }),
        );
        // The list shows the new drafts (this poll asked only about uploads still processing).
        if (statuses.some((status) => status.status === "ready")) onAdded();
      } catch {
        // Asked again on the next round: a lost poll changes nothing.
      }
      if (mounted.current) setPollRound((round) => round + 1);
    }, STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [processingIds, pollRound, onAdded]);

  async function start(files: File[]) {
    setProblem(null);
    if (files.length > VIDEO_UPLOAD.filesAtOnce) {
      setProblem(UPLOAD_TEXT.tooMany);
      return;
    }
    // Checked before anything is sent: a bad file is said at once and uploads nothing.
    const checked = await Promise.all(
      files.map(async (file) => {
        const described = { filename: file.name, mimeType: file.type, fileSize: file.size };
        const wrong = uploadProblem(described);
        if (wrong) return { file, problem: wrong };
        const tooLong = durationProblem(file.name, await readVideoDuration(file));
        return { file, problem: tooLong };
      }),
    );
    const problems = checked.flatMap((entry) => (entry.problem ? [entry.problem] : []));
    const good = checked.filter((entry) => !entry.problem).map((entry) => entry.file);
    if (problems.length) setProblem(problems.join(" "));
    if (!good.length) return;

    const added: UploadItem[] = good.map((file) => ({
      key: `upload-${++itemSeq}`,
      name: file.name,
      phase: "uploading",
      progress: 0,
      message: UPLOAD_TEXT.uploading,
      uploadId: null,
    }));
    setItems((current) => [...current, ...added]);
    let targets;
    try {
      targets = await requestUploadTargets({
        shopId,
        files: good.map((file) => ({
          filename: file.name,
          mimeType: uploadMimeType({ filename: file.name, mimeType: file.type }) ?? file.type,
          fileSize: file.size,
        })),
      });
    } catch (error) {
      for (const item of added) update(item.key, { phase: "failed", message: describeError(error) });
      return;
    }
    // Every file uploads at once, each with its own progress; the ones that arrived become Shopify videos together.
    const arrived = await Promise.all(
      good.map(async (file, index) => {
        const item = added[index]!;
        const target = targets[index]!;
        try {
          await uploadToTarget(target, file, (fraction) => update(item.key, { progress: fraction }));
          return { item, resourceUrl: target.resourceUrl, filename: file.name };
        } catch {
          update(item.key, { phase: "failed", message: UPLOAD_TEXT.uploadFailed });
          return null;
        }
      }),
    );
    const uploaded = arrived.filter((entry): entry is NonNullable<typeof entry> => entry !== null);
    if (!uploaded.length) return;
    try {
      const created = await createUploads({ shopId, uploads: uploaded.map(({ resourceUrl, filename }) => ({ resourceUrl, filename })) });
      uploaded.forEach(({ item }, index) =>
        update(item.key, { phase: "processing", progress: 1, message: UPLOAD_TEXT.processing, uploadId: created[index]?.id ?? null }),
      );
    } catch (error) {
      for (const { item } of uploaded) update(item.key, { phase: "failed", message: describeError(error) });
    }
  }

  const finished = items.some((item) => item.phase === "added" || item.phase === "failed");

  const dropZone = (
    <DropZone
      accept={Object.keys(VIDEO_UPLOAD.types).join(",")}
      type="file"
      allowMultiple
      label={UPLOAD_TEXT.button}
      labelHidden
      variableHeight={compact}
      onDrop={(files) => void start(files)}
    >
      {compact ? (
        <Box padding="200">
          <InlineStack gap="300" blockAlign="center">
            <Button>{UPLOAD_TEXT.button}</Button>
            <Text as="span" variant="bodySm" tone="subdued">
              {UPLOAD_TEXT.dropHint}
            </Text>
          </InlineStack>
        </Box>
      ) : (
        <DropZone.FileUpload actionTitle={UPLOAD_TEXT.button} actionHint={UPLOAD_TEXT.dropHint} />
      )}
    </DropZone>
  );
  const limits = (
    <Text as="p" variant="bodySm" tone="subdued">
      {UPLOAD_TEXT.limits}
    </Text>
  );

  return (
    <Card padding={compact ? "300" : undefined}>
      <section aria-labelledby="upload-videos-title">
        <BlockStack gap="300">
          {compact ? (
            <InlineStack gap="400" blockAlign="center">
              <Text as="h2" variant="headingSm" id="upload-videos-title">
                {UPLOAD_TEXT.title}
              </Text>
              {/* The zone is as wide as its button and hint; the limits take the rest of the line, or go below it on a narrow screen. */}
              <div style={{ flex: "0 1 auto" }}>{dropZone}</div>
              <div style={{ flex: "1 1 16rem" }}>{limits}</div>
            </InlineStack>
          ) : (
            <Text as="h2" variant="headingMd" id="upload-videos-title">
              {UPLOAD_TEXT.title}
            </Text>
          )}
          {problem ? (
            <Banner tone="critical" onDismiss={() => setProblem(null)}>
              <p>{problem}</p>
            </Banner>
          ) : null}
          {compact ? null : (
            <>
              {dropZone}
              {limits}
            </>
          )}
          {items.length ? (
            <BlockStack gap="200">
              {items.map((item) => (
                <div key={item.key} data-upload-item={item.phase}>
                  <BlockStack gap="100">
                    <InlineStack align="space-between" blockAlign="center" gap="200">
                      <Text as="span" variant="bodyMd" breakWord>
                        {item.name}
                      </Text>
                      <Text as="span" variant="bodySm" tone={item.phase === "failed" ? "critical" : item.phase === "added" ? "success" : "subdued"}>
                        {item.message}
                      </Text>
                    </InlineStack>
                    {item.phase === "uploading" || item.phase === "processing" ? (
                      <div
                        role="progressbar"
                        aria-label={UPLOAD_TEXT.progressLabel(item.name)}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={Math.round(item.progress * 100)}
                      >
                        <ProgressBar progress={Math.round(item.progress * 100)} size="small" tone={item.phase === "processing" ? "highlight" : "primary"} />
                      </div>
                    ) : null}
                  </BlockStack>
                </div>
              ))}
              {finished ? (
                <InlineStack>
                  <Button
                    variant="plain"
                    onClick={() => setItems((current) => current.filter((item) => item.phase === "uploading" || item.phase === "processing"))}
                  >
                    {UPLOAD_TEXT.dismiss}
                  </Button>
                </InlineStack>
              ) : null}
            </BlockStack>
          ) : null}
        </BlockStack>
      </section>
    </Card>
  );
});
