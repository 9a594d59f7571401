import { AppProvider as PolarisAppProvider, BlockStack, Button, Card, Page, Text } from "@shopify/polaris";
import polarisTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { ERROR_SCREENS, SUPPORT_HINT, type ErrorScreenKind } from "~/messages";

interface ErrorScreenProps {
  kind: ErrorScreenKind;
  /** Where "Go to Dashboard" leads, with the app's query string. */
  dashboardHref?: string;
}

/** The three error screens of spec section 2; each tells the merchant to contact support. */
export function ErrorScreen({ kind, dashboardHref = "/" }: ErrorScreenProps) {
  const screen = ERROR_SCREENS[kind];
  const action =
    kind === "notFound" ? (
      <Button variant="primary" url={dashboardHref}>
        {screen.action}
      </Button>
    ) : (
      <Button variant="primary" onClick={() => window.location.reload()}>
        {screen.action}
      </Button>
    );

  return (
    <Page narrowWidth>
      <div role="alert" data-error-screen={kind}>
        <Card>
          <BlockStack gap="400" inlineAlign="start">
            <Text as="h1" variant="headingLg">
              {screen.title}
            </Text>
            <Text as="p">{screen.body}</Text>
            <Text as="p" tone="subdued">
              {SUPPORT_HINT}
            </Text>
            {action}
          </BlockStack>
        </Card>
      </div>
    </Page>
  );
}

/**
 * For error boundaries, which replace the layout and with it Polaris' provider.
 */
export function StandaloneErrorScreen(props: ErrorScreenProps) {
  return (
    <PolarisAppProvider i18n={polarisTranslations}>
      <ErrorScreen {...props} />
    </PolarisAppProvider>
  );
}
