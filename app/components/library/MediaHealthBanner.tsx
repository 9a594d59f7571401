import { useState } from "react";
import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import type { MediaIssueDto } from "~/rules/api-types";
import { resolveMediaIssue } from "~/browser/api-client";
import { LIBRARY_TEXT, MEDIA_HEALTH_TEXT } from "~/messages";
import { displayTitle } from "~/rules/library-selection";
import { mediaIssueActions, type MediaIssueAction } from "~/rules/media-issues";
import { VIDEO_SOURCES } from "~/platforms/config";

function describe(issue: MediaIssueDto): string {
  if (issue.kind === "copy_failed") {
    const reason = LIBRARY_TEXT.mirrorFailures[issue.failure ?? "processing_failed"];
    return issue.platform === "upload" ? MEDIA_HEALTH_TEXT.issues.upload_copy_failed(reason) : MEDIA_HEALTH_TEXT.issues.copy_failed(reason);
  }
  return MEDIA_HEALTH_TEXT.issues[issue.kind];
}

/**
 * What the daily media check found (decision 036): one line per video with
 * its problems and the actions app/rules/media-issues.ts offers for them. `onChanged` refreshes the list after a change.
 */
export function MediaHealthBanner({ issues, onChanged }: { issues: MediaIssueDto[]; onChanged: () => void }) {
  const [shown, setShown] = useState(issues);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // A fresh list from the loader replaces what this banner had.
  const [source, setSource] = useState(issues);
  if (source !== issues) {
    setSource(issues);
    setShown(issues);
  }

  const byVideo = new Map<string, MediaIssueDto[]>();
  for (const issue of shown) byVideo.set(issue.video_id, [...(byVideo.get(issue.video_id) ?? []), issue]);
  if (!byVideo.size) return null;

  async function act(videoId: string, action: MediaIssueAction) {
    setBusy(`${videoId}:${action}`);
    setFailed(false);
    try {
      setShown(await resolveMediaIssue(videoId, action));
      onChanged();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Banner tone="warning" title={MEDIA_HEALTH_TEXT.title(byVideo.size)}>
      <BlockStack gap="300">
        <p>{MEDIA_HEALTH_TEXT.intro}</p>
        {failed ? (
          <Text as="p" tone="critical">
            {MEDIA_HEALTH_TEXT.actionFailed}
          </Text>
        ) : null}
        <ul aria-label={MEDIA_HEALTH_TEXT.title(byVideo.size)} style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}>
          {[...byVideo.entries()].map(([videoId, videoIssues]) => {
            const first = videoIssues[0]!;
            const title = displayTitle(first.title, first.platform_video_id);
            const actions = mediaIssueActions(videoIssues);
            return (
              <li key={videoId} data-media-issue={videoId} style={{ padding: "8px 0", borderTop: "1px solid var(--p-color-border-secondary)" }}>
                <BlockStack gap="100">
                  <Text as="span" fontWeight="semibold" breakWord>
                    {MEDIA_HEALTH_TEXT.video(title, VIDEO_SOURCES[first.platform].name)}
                  </Text>
                  {videoIssues.map((issue) => (
                    <Text as="span" key={issue.kind} variant="bodySm">
                      {describe(issue)}
                      {issue.kind === "source_removed" && issue.copy_ready ? ` ${MEDIA_HEALTH_TEXT.keepPlaying}` : ""}
                    </Text>
                  ))}
                  <InlineStack gap="200">
                    {actions.includes("keep") ? (
                      <Button
                        size="slim"
                        loading={busy === `${videoId}:keep`}
                        onClick={() => void act(videoId, "keep")}
                        accessibilityLabel={MEDIA_HEALTH_TEXT.actionFor(MEDIA_HEALTH_TEXT.keep, title)}
                      >
                        {MEDIA_HEALTH_TEXT.keep}
                      </Button>
                    ) : null}
                    {actions.includes("retry") ? (
                      <Button
                        size="slim"
                        loading={busy === `${videoId}:retry`}
                        onClick={() => void act(videoId, "retry")}
                        accessibilityLabel={MEDIA_HEALTH_TEXT.actionFor(MEDIA_HEALTH_TEXT.retry, title)}
                      >
                        {MEDIA_HEALTH_TEXT.retry}
                      </Button>
                    ) : null}
                    <Button
                      size="slim"
                      tone="critical"
                      loading={busy === `${videoId}:unpublish`}
                      onClick={() => void act(videoId, "unpublish")}
                      accessibilityLabel={MEDIA_HEALTH_TEXT.actionFor(MEDIA_HEALTH_TEXT.unpublish, title)}
                    >
                      {MEDIA_HEALTH_TEXT.unpublish}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </li>
            );
          })}
        </ul>
      </BlockStack>
    </Banner>
  );
}
