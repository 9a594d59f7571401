import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { authenticatePage } from "~/lib/page-auth.server";
import { AppPage } from "~/components/AppPage";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return null;
}

export default function AnalyticsPage() {
  return (
    <AppPage title="Analytics">
      <Card>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            See what your videos earn here.
          </Text>
        </BlockStack>
      </Card>
    </AppPage>
  );
}
