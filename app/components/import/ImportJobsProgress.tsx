import { BlockStack, InlineStack, ProgressBar, Spinner, Text } from "@shopify/polaris";
import type { ImportJobDto } from "~/rules/api-types";
import { jobProgressPercent, jobProgressText, jobSubject } from "~/rules/import-flow";
import { PLATFORMS } from "~/platforms/config";
import { IMPORT_TEXT } from "~/messages";

function JobLine({ job }: { job: ImportJobDto }) {
  const percent = jobProgressPercent(job);
  const platform = PLATFORMS[job.platform]?.name ?? job.platform;
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <Spinner size="small" accessibilityLabel={IMPORT_TEXT.inProgress} />
        <Text as="span" variant="bodyMd" breakWord>
          {/* Username or URL typed by the merchant: rendered as text. */}
          {IMPORT_TEXT.jobLine(job.kind === "sync" ? "sync" : "import", jobSubject(job), platform)}
        </Text>
      </InlineStack>
      {percent !== null ? <ProgressBar progress={percent} size="small" tone="primary" /> : null}
      <Text as="span" variant="bodySm" tone="subdued">
        {jobProgressText(job)}
      </Text>
    </BlockStack>
  );
}

/** Running imports with what they fetched and saved so far. */
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
