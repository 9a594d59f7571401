import { memo } from "react";
import { BlockStack, Button, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { ChannelDto } from "~/rules/api-types";
import { ALL_PLATFORMS } from "~/platforms/config";
import type { PlatformId } from "~/contracts/platforms";
import { PlatformTile } from "~/components/library/VideoThumb";
import { IMPORT_TEXT } from "~/messages";

interface ImportPanelProps {
  onImport: (platform: PlatformId) => void;
}

/** Dashboard (spec 2): "Import Videos" and one button per platform; disabled ones read "(Coming Soon)". */
export function ImportPanel({ onImport }: ImportPanelProps) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {IMPORT_TEXT.importVideos}
        </Text>
        <InlineStack gap="200">
          {ALL_PLATFORMS.map((platform) => (
            <Button key={platform.id} disabled={!platform.enabled} onClick={() => onImport(platform.id)}>
              {platform.label}
            </Button>
          ))}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function accountsLine(platformId: PlatformId, channels: ChannelDto[], supportsChannels: boolean): string {
  if (!supportsChannels) return IMPORT_TEXT.singlePinsOnly;
  return IMPORT_TEXT.connectedAccountCount(channels.filter((channel) => channel.platform === platformId).length);
}

/**
 * Video Library (spec 2): a card per platform opening its Import modal. The
 * cards of a row are one height with their Import buttons on one line, however
 * the names wrap ("YouTube Shorts (Coming Soon)"): video-library.css makes each
 * card fill its cell and puts its button last (decision 069).
 */
export const PlatformImportCards = memo(function PlatformImportCards({ onImport, channels }: ImportPanelProps & { channels: ChannelDto[] }) {
  return (
    <BlockStack gap="200">
      <Text as="h2" variant="headingMd">
        {IMPORT_TEXT.importVideos}
      </Text>
      <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 5 }} gap="300">
        {ALL_PLATFORMS.map((platform) => (
          <div key={platform.id} className="clipcart-import-card">
            <Card padding="300">
              <div className="clipcart-import-card-body">
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <PlatformTile platform={platform.id} />
                  <BlockStack gap="050">
                    <Text as="h3" variant="headingSm">
                      {platform.label}
                    </Text>
                    <Text as="p" variant="bodySm" tone="subdued">
                      {platform.enabled ? accountsLine(platform.id, channels, platform.features.channels) : IMPORT_TEXT.notAvailable}
                    </Text>
                  </BlockStack>
                </InlineStack>
                <Button fullWidth disabled={!platform.enabled} onClick={() => onImport(platform.id)} accessibilityLabel={IMPORT_TEXT.importFrom(platform.name)}>
                  {IMPORT_TEXT.import}
                </Button>
              </div>
            </Card>
          </div>
        ))}
      </InlineGrid>
    </BlockStack>
  );
});
