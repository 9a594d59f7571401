import { useCallback, useEffect, useRef, useState } from "react";
import { Banner, BlockStack, Checkbox, ChoiceList, Divider, Form, Text, TextField } from "@shopify/polaris";
import type { ChannelDto, ConnectedAccountsDto } from "~/rules/api-types";
import { deleteChannel, fetchConnectedAccounts, importChannel, importLinks, importSingleVideo, syncChannel } from "~/browser/api-client";
import { describeError } from "~/rules/error-mapper";
import { canFind, normalizeImportValue } from "~/rules/import-flow";
import { pastedLinksProblem, readPastedLinks, type LinkResult } from "~/rules/link-list";
import { ACTION_TEXT, IMPORT_INPUT_HINTS, IMPORT_LINKS_TEXT, IMPORT_TEXT, LIBRARY_TEXT } from "~/messages";
import { PLATFORMS, isEnabledPlatform } from "~/platforms/config";
import { platformOfLink } from "~/rules/platform-urls";
import type { ImportMethod, PlatformId } from "~/contracts/platforms";
import { AppModal } from "~/components/AppModal";
import { showToast } from "~/browser/toast";
import { ConnectedAccounts } from "./ConnectedAccounts";
import { ImportJobsProgress } from "./ImportJobsProgress";
import { LinkResults } from "./LinkResults";
import { trackImportJob, useActiveImportJobs, useImportJobFinished, type FinishedImport } from "~/browser/import-jobs";

interface ImportModalProps {
  /** The platform to import from; null = closed. */
  platform: PlatformId | null;
  shopId: string;
  onClose: () => void;
  /** A connected account was removed (its videos with it): the page reloads its data. */
  onChannelRemoved?: () => void;
  /**
   * The accounts as the page already has them. The dialog opens with them and reads them again: opened empty,
   * it grew when they arrived, and the admin's centred dialog moved its controls under the merchant's pointer
   * (26 px, about 0.3 s after opening: a click on the permission box or a method landed beside it).
   */
  knownAccounts?: ConnectedAccountsDto;
}

/**
 * Spec 2 Import modal: username or video URL (Pinterest: pin URL only), the
 * permission checkbox, Find, and the platform's connected accounts with
 * Resync and Remove. Each opening starts with the default method, an empty
 * value and the box unchecked. An import runs as a job: its progress shows
 * here and on the page, and the merchant may close the dialog meanwhile; its
 * result shows here while the dialog is open, and nowhere else (decision 069).
 * The field and the box are cleared when an import starts, so another can be
 * started, and given back when an account or single import fails, to correct
 * and try again. The URL field also takes several links, one per line, of any
 * platforms (decision 056): one job, with a result per link.
 */
export function ImportModal({ platform, shopId, onClose, onChannelRemoved, knownAccounts }: ImportModalProps) {
  const config = platform ? PLATFORMS[platform] : null;
  const defaultMethod: ImportMethod = config?.importMethods[0] ?? "username";

  const [openedFor, setOpenedFor] = useState<PlatformId | null>(null);
  const [method, setMethod] = useState<ImportMethod>(defaultMethod);
  const [value, setValue] = useState("");
  const [permission, setPermission] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FinishedImport["outcome"] | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [linkResults, setLinkResults] = useState<LinkResult[] | null>(null);
  /** Jobs started from this dialog: a pasted link of another platform imports there, and still reports here. */
  const startedHere = useRef(new Set<string>());
  /** What the merchant entered for each account or single import started here: given back if it fails. */
  const enteredFor = useRef(new Map<string, { method: ImportMethod; value: string }>());
  /** The field as last rendered or set here, for the job listener (which outlives a render). */
  const valueNow = useRef(value);
  valueNow.current = value;
  const [channels, setChannels] = useState<ChannelDto[] | null>(null);
  const [autoSync, setAutoSync] = useState<boolean | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<ChannelDto | null>(null);
  const [removing, setRemoving] = useState(false);
  const [syncStarting, setSyncStarting] = useState<string | null>(null);

  // Every opening starts afresh (spec 2), before the first paint of the dialog.
  if (platform !== openedFor) {
    setOpenedFor(platform);
    setMethod(defaultMethod);
    setValue("");
    setPermission(false);
    setStarting(false);
    setError(null);
    setOutcome(null);
    setFieldError(null);
    setLinkResults(null);
    setChannels(knownAccounts ? knownAccounts.channels.filter((channel) => channel.platform === platform) : null);
    setAutoSync(knownAccounts ? knownAccounts.autoSync : null);
    setConfirmRemove(null);
    setRemoving(false);
    setSyncStarting(null);
  }

  const loadChannels = useCallback(async () => {
    if (!platform) return;
    try {
      const accounts = await fetchConnectedAccounts(shopId);
      setChannels(accounts.channels.filter((channel) => channel.platform === platform));
      setAutoSync(accounts.autoSync);
    } catch (loadError) {
      console.error(loadError);
      setChannels([]);
    }
  }, [platform, shopId]);

  useEffect(() => {
    if (platform) void loadChannels();
  }, [platform, loadChannels]);

  const jobs = useActiveImportJobs().filter((job) => job.platform === platform || startedHere.current.has(job.id));

  useImportJobFinished(
    useCallback(
      (finished: FinishedImport) => {
        if (!platform || (finished.job.platform !== platform && !startedHere.current.has(finished.job.id))) return false;
        setOutcome(finished.outcome);
        setLinkResults(finished.job.kind === "links" ? (finished.job.links ?? []) : null);
        if (finished.job.kind !== "single") void loadChannels();
        const entered = enteredFor.current.get(finished.job.id);
        enteredFor.current.delete(finished.job.id);
        // A failed import gives back what was entered, unless the merchant has typed something else since.
        if (entered && finished.job.status === "failed" && !valueNow.current.trim()) {
          setMethod(entered.method);
          setValue(entered.value);
          setPermission(true);
        }
        return true;
      },
      [platform, loadChannels],
    ),
    "dialog",
  );

  if (!platform || !config) {
    return (
      <AppModal id="import-modal" open={false} onClose={onClose} title="">
        {null}
      </AppModal>
    );
  }

  const hint = IMPORT_INPUT_HINTS[platform]?.[method];
  const findEnabled = canFind(value, method, permission);
  const isPinterest = platform === "pinterest";

  async function find() {
    if (!platform || !findEnabled || starting) return;
    const input = normalizeImportValue(value, method);
    // Several links: checked here before anything is sent (spec 5 and decision 056).
    const pasted = method === "url" ? readPastedLinks(input) : null;
    const problem = pasted ? pastedLinksProblem(pasted) : null;
    if (problem) {
      setFieldError(problem);
      return;
    }
    setStarting(true);
    setError(null);
    setOutcome(null);
    setLinkResults(null);
    try {
      let job;
      if (method === "username") job = await importChannel({ shopId, username: input, platform });
      else if (pasted && pasted.links.length > 1) job = await importLinks({ shopId, links: pasted.links, platform });
      else {
        // One link: the spec's call, to the platform the link belongs to when it is one we import from.
        const videoUrl = pasted?.links[0] ?? input;
        const linkPlatform = platformOfLink(videoUrl);
        job = await importSingleVideo({ shopId, videoUrl, platform: isEnabledPlatform(linkPlatform) ? linkPlatform : platform });
      }
      startedHere.current.add(job.id);
      if (method === "username" || !(pasted && pasted.links.length > 1)) enteredFor.current.set(job.id, { method, value });
      // Cleared before the job is followed: a job that has already failed gives the value back at once.
      setValue("");
      setPermission(false);
      valueNow.current = "";
      trackImportJob(job);
    } catch (startError) {
      console.error(startError);
      setError(describeError(startError, method === "username" ? "channel" : "video"));
    } finally {
      setStarting(false);
    }
  }

  async function resync(channel: ChannelDto) {
    setSyncStarting(channel.id);
    setError(null);
    setOutcome(null);
    try {
      trackImportJob(await syncChannel(channel.id));
    } catch (syncError) {
      console.error(syncError);
      setError(describeError(syncError, "sync"));
    } finally {
      setSyncStarting(null);
    }
  }

  async function remove(channel: ChannelDto) {
    setRemoving(true);
    setError(null);
    try {
      await deleteChannel(channel.id);
      showToast(LIBRARY_TEXT.channelDeleted);
      setOutcome({ tone: "success", message: LIBRARY_TEXT.channelDeleted });
      setConfirmRemove(null);
      void loadChannels();
      onChannelRemoved?.();
    } catch (removeError) {
      console.error(removeError);
      setError(describeError(removeError, "delete"));
      setConfirmRemove(null);
    } finally {
      setRemoving(false);
    }
  }

  if (confirmRemove) {
    return (
      <AppModal
        id="import-modal"
        open
        onClose={onClose}
        title={IMPORT_TEXT.removeTitle(confirmRemove.username, config.name)}
        primaryAction={{
          content: IMPORT_TEXT.disconnect,
          destructive: true,
          loading: removing,
          onAction: () => void remove(confirmRemove),
        }}
        secondaryActions={[{ content: ACTION_TEXT.cancel, disabled: removing, onAction: () => setConfirmRemove(null) }]}
      >
        <BlockStack gap="200">
          <Text as="p">{IMPORT_TEXT.removeBody(confirmRemove.username, config.name)}</Text>
          <Text as="p" tone="subdued">
            {IMPORT_TEXT.cannotBeUndone}
          </Text>
        </BlockStack>
      </AppModal>
    );
  }

  return (
    <AppModal
      id="import-modal"
      open
      onClose={onClose}
      title={IMPORT_TEXT.importFrom(config.name)}
      primaryAction={{
        content: isPinterest ? IMPORT_TEXT.findPin : IMPORT_TEXT.findVideos,
        disabled: !findEnabled,
        loading: starting,
        onAction: () => void find(),
      }}
      secondaryActions={[{ content: ACTION_TEXT.close, onAction: onClose }]}
    >
      <BlockStack gap="400">
        {outcome ? (
          <Banner tone={outcome.tone} onDismiss={() => setOutcome(null)}>
            <p>{outcome.message}</p>
          </Banner>
        ) : null}
        {error ? (
          <Banner tone="critical" onDismiss={() => setError(null)}>
            <p>{error}</p>
          </Banner>
        ) : null}
        <Form noValidate onSubmit={() => void find()}>
          <BlockStack gap="400">
            {config.importMethods.length > 1 ? (
              <ChoiceList
                title={IMPORT_TEXT.methodTitle}
                titleHidden
                choices={config.importMethods.map((id) => ({ label: IMPORT_TEXT.methods[id], value: id }))}
                selected={[method]}
                onChange={([selected]) => {
                  setMethod(selected as ImportMethod);
                  setValue("");
                  setError(null);
                  setFieldError(null);
                }}
              />
            ) : null}
            <TextField
              label={hint?.label ?? (method === "username" ? IMPORT_TEXT.usernameLabel : IMPORT_TEXT.urlLabel)}
              value={value}
              onChange={(next) => {
                setValue(next);
                setFieldError(null);
              }}
              placeholder={hint?.placeholder}
              helpText={method === "url" ? <UrlHelp hint={hint?.helpText} value={value} /> : hint?.helpText}
              error={fieldError ?? undefined}
              autoComplete="off"
              type="text"
              multiline={method === "url" ? 3 : undefined}
              disabled={starting}
            />
            <Checkbox
              label={IMPORT_TEXT.permissionLabel}
              helpText={IMPORT_TEXT.permissionHelp}
              checked={permission}
              onChange={setPermission}
              disabled={starting}
            />
          </BlockStack>
        </Form>
        <ImportJobsProgress jobs={jobs} />
        {linkResults ? <LinkResults links={linkResults} /> : null}
        {config.features.channels || (channels && channels.length > 0) ? (
          <>
            <Divider />
            <ConnectedAccounts
              channels={channels}
              autoSync={config.features.autoSync ? autoSync : null}
              syncingChannelIds={[
                ...jobs.filter((job) => job.kind === "sync" && job.channel_id).map((job) => job.channel_id as string),
                ...(syncStarting ? [syncStarting] : []),
              ]}
              onResync={(channel) => void resync(channel)}
              onRemove={(channel) => setConfirmRemove(channel)}
            />
          </>
        ) : null}
      </BlockStack>
    </AppModal>
  );
}

/** The URL field's help: the platform's hint, that several links may be pasted, and how many were. */
function UrlHelp({ hint, value }: { hint: string | undefined; value: string }) {
  const pasted = readPastedLinks(value);
  const count = pasted.links.length;
  return (
    <BlockStack gap="100">
      {hint ? <span>{hint}</span> : null}
      <span>{IMPORT_LINKS_TEXT.manyLinksHint}</span>
      {count > 1 || pasted.duplicates > 0 ? <span>{IMPORT_LINKS_TEXT.linkCount(count, pasted.duplicates)}</span> : null}
    </BlockStack>
  );
}
