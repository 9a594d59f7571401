import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { authenticatePage } from "~/lib/page-auth.server";
import { AppPage } from "~/components/AppPage";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return null;
}

export default function PlanPage() {
  return (
    <AppPage title="Plan & Upgrade">
      <Card>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            Compare the Free and Premium plans here.
          </Text>
        </BlockStack>
      </Card>
    </AppPage>
  );
}
