import { InlineStack, Spinner, Text } from "@shopify/polaris";
import { LIBRARY_TEXT } from "~/messages";

/** While the shop's suggestion index is being built (decision 059): the Tag Products dialog and the bulk review say so alike. */
export function SuggestionsPreparing() {
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <Spinner size="small" accessibilityLabel={LIBRARY_TEXT.suggestionsPreparing} />
      <Text as="p" tone="subdued">
        {LIBRARY_TEXT.suggestionsPreparing}
      </Text>
    </InlineStack>
  );
}
