import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { authenticatePage } from "~/lib/page-auth.server";
import { AppPage } from "~/components/AppPage";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return null;
}

export default function DashboardPage() {
  return (
    <AppPage title="Dashboard">
      <Card>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            Your stats and getting-started guide will appear here.
          </Text>
        </BlockStack>
      </Card>
    </AppPage>
  );
}
