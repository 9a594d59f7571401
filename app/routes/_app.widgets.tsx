import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { authenticatePage } from "~/lib/page-auth.server";
import { AppPage } from "~/components/AppPage";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return null;
}

export default function WidgetsPage() {
  return (
    <AppPage title="Widgets">
      <Card>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            Create widgets to show your videos on your store here.
          </Text>
        </BlockStack>
      </Card>
    </AppPage>
  );
}
