import type { LoaderFunctionArgs } from "@remix-run/node";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { authenticatePage } from "~/lib/page-auth.server";
import { AppPage } from "~/components/AppPage";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return null;
}

export default function VideoLibraryPage() {
  return (
    <AppPage title="Video Library">
      <Card>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            Import, approve and tag your videos here.
          </Text>
        </BlockStack>
      </Card>
    </AppPage>
  );
}
