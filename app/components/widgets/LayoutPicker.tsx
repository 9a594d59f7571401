import { BlockStack, Box, Button, Card, InlineGrid, Text } from "@shopify/polaris";
import { LAYOUT_TYPES, type LayoutType } from "~/contracts/widget-layouts";
import { LAYOUTS, WIDGET_TEXT } from "~/messages";
import { LayoutPicture } from "./LayoutPicture";

/**
 * Step 1 of creating a widget (spec 2): every layout (the spec's four and
 * Stories) with a small picture of it, its description and Choose.
 */
export function LayoutPicker({ onPick }: { onPick: (layout: LayoutType) => void }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {WIDGET_TEXT.chooseType}
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: LAYOUT_TYPES.length }} gap="300">
          {LAYOUT_TYPES.map((layout) => (
            <Box key={layout} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="200" inlineAlign="start">
                <LayoutPicture layout={layout} />
                <Text as="h3" variant="headingSm">
                  {LAYOUTS[layout].title}
                </Text>
                <Text as="p" tone="subdued">
                  {LAYOUTS[layout].description}
                </Text>
                <Button onClick={() => onPick(layout)} accessibilityLabel={WIDGET_TEXT.chooseLayout(LAYOUTS[layout].title)}>
                  {WIDGET_TEXT.choose}
                </Button>
              </BlockStack>
            </Box>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
