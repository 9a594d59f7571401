import { useLocation } from "@remix-run/react";
import { Avatar, Badge, BlockStack, Box, Button, Checkbox, InlineStack, Link, SkeletonBodyText, Text } from "@shopify/polaris";
import { appHref } from "~/rules/app-links";
import type { ChannelDto } from "~/rules/api-types";
import { safeHttpUrl } from "~/rules/embeds";
import { dateFormat, timeAgo } from "~/rules/intl-formats";
import { ACTION_TEXT, IMPORT_TEXT } from "~/messages";

function details(channel: ChannelDto): string {
  const parts: string[] = [];
  if (channel.follower_count !== null && channel.follower_count !== undefined) {
    parts.push(IMPORT_TEXT.followers(channel.follower_count.toLocaleString("en-US")));
  }
  // How long ago, which is what tells whether a resync is due (decision 069); the date itself is in the tooltip.
  if (channel.last_synced_at && !Number.isNaN(new Date(channel.last_synced_at).getTime())) parts.push(IMPORT_TEXT.lastSynced(timeAgo(channel.last_synced_at)));
  return parts.join(" · ");
}

/** The last sync's date and time, for the line's tooltip. */
function syncedAt(channel: ChannelDto): string | undefined {
  const at = channel.last_synced_at ? new Date(channel.last_synced_at) : null;
  return at && !Number.isNaN(at.getTime()) ? dateFormat({ dateStyle: "long", timeStyle: "short" }).format(at) : undefined;
}

interface ConnectedAccountsProps {
  /** null while loading. */
  channels: ChannelDto[] | null;
  /** Whether the accounts sync by themselves (Premium); null while loading or where the platform has no auto-sync. */
  autoSync: boolean | null;
  /** Accounts with a resync starting or running. */
  syncingChannelIds: string[];
  onResync: (channel: ChannelDto) => void;
  onRemove: (channel: ChannelDto) => void;
}

/** The platform's connected accounts in the Import modal, each with Resync and Remove (spec 2). */
export function ConnectedAccounts({ channels, autoSync, syncingChannelIds, onResync, onRemove }: ConnectedAccountsProps) {
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {IMPORT_TEXT.connectedAccounts}
      </Text>
      {autoSync === null ? null : <AutoSyncStatus on={autoSync} />}
      {channels === null ? (
        <SkeletonBodyText lines={2} />
      ) : channels.length === 0 ? (
        <Text as="p" tone="subdued">
          {IMPORT_TEXT.noConnectedAccounts}
        </Text>
      ) : (
        <ul
          aria-label={IMPORT_TEXT.connectedAccounts}
          style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "var(--p-space-300)" }}
        >
          {channels.map((channel) => {
            const syncing = syncingChannelIds.includes(channel.id);
            const line = details(channel);
            return (
              <li key={channel.id} data-channel={channel.username}>
                <InlineStack align="space-between" blockAlign="center" gap="300" wrap={false}>
                  <InlineStack gap="300" blockAlign="center" wrap={false}>
                    <Avatar
                      size="md"
                      source={safeHttpUrl(channel.avatar_url) ?? undefined}
                      name={channel.display_name ?? channel.username}
                      initials={channel.username.charAt(0).toUpperCase()}
                    />
                    <Box minWidth="0">
                      <BlockStack gap="050">
                        <Text as="span" variant="bodyMd" fontWeight="semibold" breakWord>
                          {`@${channel.username}`}
                        </Text>
                        {channel.display_name ? (
                          <Text as="span" variant="bodySm" tone="subdued" breakWord>
                            {channel.display_name}
                          </Text>
                        ) : null}
                        {line ? (
                          <span title={syncedAt(channel)}>
                            <Text as="span" variant="bodySm" tone="subdued">
                              {line}
                            </Text>
                          </span>
                        ) : null}
                        {channel.last_sync_error ? (
                          <Text as="span" variant="bodySm" tone="critical" breakWord>
                            {IMPORT_TEXT.lastSyncFailed(channel.last_sync_error)}
                          </Text>
                        ) : null}
                      </BlockStack>
                    </Box>
                  </InlineStack>
                  <InlineStack gap="200" wrap={false}>
                    <Button size="slim" loading={syncing} onClick={() => onResync(channel)} accessibilityLabel={IMPORT_TEXT.resyncAccount(channel.username)}>
                      {IMPORT_TEXT.resync}
                    </Button>
                    <Button
                      size="slim"
                      tone="critical"
                      disabled={syncing}
                      onClick={() => onRemove(channel)}
                      accessibilityLabel={IMPORT_TEXT.removeAccount(channel.username)}
                    >
                      {ACTION_TEXT.remove}
                    </Button>
                  </InlineStack>
                </InlineStack>
              </li>
            );
          })}
        </ul>
      )}
    </BlockStack>
  );
}

/**
 * Auto-sync where the accounts are (BFS 4.3.7): on Premium it is simply on; on
 * Free it is shown disabled, labelled with the plan that unlocks it, with the
 * way to upgrade.
 */
function AutoSyncStatus({ on }: { on: boolean }) {
  const { search } = useLocation();
  if (on) {
    return (
      <BlockStack gap="050">
        <InlineStack gap="200" blockAlign="center">
          <Text as="span" variant="bodyMd">
            {IMPORT_TEXT.autoSync}
          </Text>
          <Badge tone="success">{IMPORT_TEXT.autoSyncOn}</Badge>
        </InlineStack>
        <Text as="span" variant="bodySm" tone="subdued">
          {IMPORT_TEXT.autoSyncOnHelp}
        </Text>
      </BlockStack>
    );
  }
  // The explanation sits outside the disabled checkbox: Polaris greys a disabled field's help text below
  // readable contrast, and this text is what the merchant needs to read.
  return (
    <BlockStack gap="100">
      <Checkbox
        label={
          <InlineStack gap="200" blockAlign="center" as="span">
            {IMPORT_TEXT.autoSync}
            <Badge>{IMPORT_TEXT.premiumFeature}</Badge>
          </InlineStack>
        }
        checked={false}
        disabled
      />
      <Text as="p" variant="bodySm" tone="subdued">
        {IMPORT_TEXT.autoSyncFreeHelp} <Link url={appHref("/plan", search)}>{IMPORT_TEXT.upgradeToPremium}</Link>
      </Text>
    </BlockStack>
  );
}
