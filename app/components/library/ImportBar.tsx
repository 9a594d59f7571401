import { memo } from "react";
import { Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { ChannelDto } from "~/rules/api-types";
import { ENABLED_PLATFORMS } from "~/platforms/config";
import type { PlatformConfig, PlatformId } from "~/contracts/platforms";
import { IMPORT_TEXT } from "~/messages";

/**
 * The platform's colour as a small square before its name. Only decoration: the
 * button is named by the platform, and a letter inside would be read as part of it.
 */
function PlatformMark({ platform }: { platform: PlatformConfig }) {
  return <span aria-hidden="true" style={{ display: "block", width: 16, height: 16, borderRadius: 4, background: platform.color }} />;
}

/** What the platform's card says under its name: its connected accounts, or that it takes single pins. */
function accountsLine(platform: PlatformConfig, channels: ChannelDto[]): string {
  if (!platform.features.channels) return IMPORT_TEXT.singlePinsOnly;
  return IMPORT_TEXT.connectedAccountCount(channels.filter((channel) => channel.platform === platform.id).length);
}

/**
 * The library's import once it has videos (decision 066): the platform cards
 * shrink to one line, an Import button per platform with its connected
 * accounts, so the list fills the first screen. The platforms still to come
 * are left out here: nothing can be done with them, and the empty library and
 * the Dashboard list them.
 */
export const ImportBar = memo(function ImportBar({ channels, onImport }: { channels: ChannelDto[]; onImport: (platform: PlatformId) => void }) {
  return (
    <Card padding="300">
      <InlineStack gap="400" blockAlign="center">
        <Text as="h2" variant="headingSm">
          {IMPORT_TEXT.importVideos}
        </Text>
        {ENABLED_PLATFORMS.map((platform) => (
          <InlineStack key={platform.id} gap="200" blockAlign="center" wrap={false}>
            <Button
              icon={<PlatformMark platform={platform} />}
              onClick={() => onImport(platform.id)}
              accessibilityLabel={IMPORT_TEXT.importFrom(platform.name)}
            >
              {platform.name}
            </Button>
            <Text as="span" variant="bodySm" tone="subdued">
              {accountsLine(platform, channels)}
            </Text>
          </InlineStack>
        ))}
      </InlineStack>
    </Card>
  );
});
