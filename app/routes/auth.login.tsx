import type { MetaFunction } from "@remix-run/node";
import { AppProvider as PolarisAppProvider, BlockStack, Card, Page, Text } from "@shopify/polaris";
import polarisTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { APP_NAME, HTTP_BOUNDARY_TEXT } from "~/messages";

export const meta: MetaFunction = () => [{ title: APP_NAME }];

/**
 * Where the Shopify library sends a request that names no shop (its login
 * path). Clipcart is installed and opened from the Shopify admin and has no
 * login form, so this page says where to go; the library's own answer here
 * would be a 500.
 */
export default function Login() {
  return (
    <PolarisAppProvider i18n={polarisTranslations}>
      <Page narrowWidth>
        <Card>
          <BlockStack gap="400">
            <Text as="h1" variant="headingLg">
              {HTTP_BOUNDARY_TEXT.loginTitle}
            </Text>
            <Text as="p">{HTTP_BOUNDARY_TEXT.loginBody}</Text>
          </BlockStack>
        </Card>
      </Page>
    </PolarisAppProvider>
  );
}
