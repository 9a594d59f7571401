import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { BlockStack, Card } from "@shopify/polaris";
import { fetchActiveImportJobs } from "~/browser/api-client";
import type { PlatformId } from "~/contracts/platforms";
import { ImportJobsProgress } from "./ImportJobsProgress";
import type { ConnectedAccountsDto } from "~/rules/api-types";
import { ImportModal } from "./ImportModal";
import { ImportPanel } from "./ImportPanel";
import { resumeImportJobs, useActiveImportJobs, useImportJobFinished } from "~/browser/import-jobs";

/**
 * The Dashboard's import panel with its Import modal. Imports still running
 * on the server (started here or in the library) show their progress; when
 * one ends the page's data is reloaded, and its result is said in the Import
 * dialog when open, else in a toast (decision 069).
 */
export function DashboardImport({ shopId, knownAccounts }: { shopId: string; knownAccounts?: ConnectedAccountsDto }) {
  const [platform, setPlatform] = useState<PlatformId | null>(null);
  const jobs = useActiveImportJobs();
  // router.revalidate: stable across renders.
  const { revalidate } = useRevalidator();

  useEffect(() => {
    let cancelled = false;
    fetchActiveImportJobs().then(
      (active) => !cancelled && resumeImportJobs(active),
      (error: unknown) => console.error(error),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useImportJobFinished(useCallback(() => void revalidate(), [revalidate]));

  return (
    <BlockStack gap="300">
      <ImportPanel onImport={setPlatform} />
      {jobs.length > 0 ? (
        <Card>
          <ImportJobsProgress jobs={jobs} />
        </Card>
      ) : null}
      <ImportModal platform={platform} shopId={shopId} onClose={() => setPlatform(null)} onChannelRemoved={() => revalidate()} knownAccounts={knownAccounts} />
    </BlockStack>
  );
}
