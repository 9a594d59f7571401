import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { authenticatePage } from "~/lib/page-auth.server";
import { useShop } from "~/lib/shop-context";
import { AppPage } from "~/components/AppPage";
import { DashboardImport } from "~/components/import/DashboardImport";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return null;
}

export default function DashboardPage() {
  const shop = useShop();
  return (
    <AppPage title="Dashboard">
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <Text as="p" tone="subdued">
              Your stats and getting-started guide will appear here.
            </Text>
          </BlockStack>
        </Card>
        <DashboardImport shopId={shop.id} />
      </BlockStack>
    </AppPage>
  );
}
