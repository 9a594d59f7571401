import { BlockStack, Text } from "@shopify/polaris";
import type { VideoDto } from "~/rules/api-types";
import { displayTitle } from "~/rules/library-selection";
import { ACTION_TEXT, LIBRARY_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";

/** Every product tagged to a video, opened from a row's "+N more" (spec 2). */
export function TaggedProductsModal({ video, onClose }: { video: VideoDto | null; onClose: () => void }) {
  const tags = video?.product_tags ?? [];
  return (
    <AppModal
      id="tagged-products-modal"
      open={video !== null}
      onClose={onClose}
      title={LIBRARY_TEXT.taggedProducts}
      secondaryActions={[{ content: ACTION_TEXT.close, onAction: onClose }]}
    >
      <BlockStack gap="300">
        {video ? (
          <Text as="p" tone="subdued" breakWord>
            {displayTitle(video.title, video.video_id)}
          </Text>
        ) : null}
        {tags.length === 0 ? (
          <Text as="p">{LIBRARY_TEXT.noTaggedProducts}</Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: "var(--p-space-500)" }}>
            {tags.map((tag) => (
              <li key={tag.id}>
                <Text as="span" breakWord>
                  {tag.product_title}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </BlockStack>
    </AppModal>
  );
}
