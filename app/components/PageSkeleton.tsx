import { BlockStack, Card, InlineGrid, Layout, SkeletonBodyText, SkeletonDisplayText, SkeletonPage } from "@shopify/polaris";

/** Which shape of skeleton each page shows while it loads. */
export type SkeletonShape = "dashboard" | "list" | "cards" | "stats" | "plans";

const SHAPE_BY_PATH: Record<string, SkeletonShape> = {
  "/": "dashboard",
  "/content": "list",
  "/content/rules": "cards",
  "/widgets": "cards",
  "/analytics": "stats",
  "/plan": "plans",
};

export function skeletonShapeFor(pathname: string): SkeletonShape {
  return SHAPE_BY_PATH[pathname.replace(/\/+$/, "") || "/"] ?? "dashboard";
}

function StatCards({ count }: { count: number }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: count }} gap="400">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index}>
          <BlockStack gap="200">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={1} />
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}

function BodyCard({ lines }: { lines: number }) {
  return (
    <Card>
      <SkeletonBodyText lines={lines} />
    </Card>
  );
}

/** Loading state of a page: its title and the outline of its content, so nothing jumps when data arrives. */
export function PageSkeleton({ title, shape }: { title: string; shape: SkeletonShape }) {
  return (
    <div aria-busy="true" data-page-skeleton={shape}>
      <SkeletonPage title={title} primaryAction={shape !== "stats"}>
        <Layout>
          {shape === "dashboard" && (
            <>
              <Layout.Section>
                <BlockStack gap="400">
                  <StatCards count={4} />
                  <BodyCard lines={6} />
                </BlockStack>
              </Layout.Section>
              <Layout.Section variant="oneThird">
                <BodyCard lines={5} />
              </Layout.Section>
            </>
          )}
          {shape === "list" && (
            <Layout.Section>
              <BlockStack gap="400">
                <BodyCard lines={2} />
                <BodyCard lines={12} />
              </BlockStack>
            </Layout.Section>
          )}
          {shape === "cards" && (
            <Layout.Section>
              <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
                <BodyCard lines={5} />
                <BodyCard lines={5} />
              </InlineGrid>
            </Layout.Section>
          )}
          {shape === "stats" && (
            <Layout.Section>
              <BlockStack gap="400">
                <StatCards count={5} />
                <BodyCard lines={6} />
              </BlockStack>
            </Layout.Section>
          )}
          {shape === "plans" && (
            <Layout.Section>
              <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
                <BodyCard lines={7} />
                <BodyCard lines={8} />
              </InlineGrid>
            </Layout.Section>
          )}
        </Layout>
      </SkeletonPage>
    </div>
  );
}
