import { useState } from "react";
import { BlockStack, Button, InlineStack, ProgressBar, Spinner, Text } from "@shopify/polaris";
import type { ImportJobDto } from "~/rules/api-types";
import { jobProgressPercent, jobProgressText, jobSubject } from "~/rules/import-flow";
import { PLATFORMS } from "~/platforms/config";
import { IMPORT_LINKS_TEXT, IMPORT_TEXT } from "~/messages";
import { cancelTrackedImportJob } from "~/browser/import-jobs";

function JobLine({ job }: { job: ImportJobDto }) {
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const percent = jobProgressPercent(job);
  const platform = PLATFORMS[job.platform]?.name ?? job.platform;
  const subject = jobSubject(job);

  async function cancel() {
    setCancelling(true);
    setCancelFailed(false);
    try {
      // The line goes away once the job's end (cancelled) is reported.
      await cancelTrackedImportJob(job.id);
    } catch (error) {
      console.error(error);
      setCancelFailed(true);
      setCancelling(false);
    }
  }

  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center" align="space-between" wrap={false}>
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Spinner size="small" accessibilityLabel={IMPORT_TEXT.inProgress} />
          <Text as="span" variant="bodyMd" breakWord>
            {/* Username or URL typed by the merchant: rendered as text. */}
            {job.kind === "links" ? IMPORT_LINKS_TEXT.jobLine(subject) : IMPORT_TEXT.jobLine(job.kind === "sync" ? "sync" : "import", subject, platform)}
          </Text>
        </InlineStack>
        <Button variant="plain" onClick={() => void cancel()} loading={cancelling} accessibilityLabel={IMPORT_TEXT.cancelImportOf(subject)}>
          {IMPORT_TEXT.cancelImport}
        </Button>
      </InlineStack>
      {percent !== null ? <ProgressBar progress={percent} size="small" tone="primary" /> : null}
      <Text as="span" variant="bodySm" tone="subdued">
        {jobProgressText(job)}
      </Text>
      {cancelFailed ? (
        <Text as="span" variant="bodySm" tone="critical">
          {IMPORT_TEXT.cancelFailed}
        </Text>
      ) : null}
    </BlockStack>
  );
}

/** Running imports with what they fetched and saved so far, each with Cancel. */
export function ImportJobsProgress({ jobs }: { jobs: ImportJobDto[] }) {
  if (jobs.length === 0) return null;
  return (
    <div role="status" aria-live="polite" data-import-progress="">
      <BlockStack gap="300">
        {jobs.map((job) => (
          <JobLine key={job.id} job={job} />
        ))}
      </BlockStack>
    </div>
  );
}
