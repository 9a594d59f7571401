import {
  BlockStack,
  Box,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
  SkeletonThumbnail,
} from "@shopify/polaris";
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/DashboardPage";
import { PAGE_LOADING } from "~/messages";

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
  // Any other path is the not-found page: a plain outline, not the Dashboard's own page.
  return SHAPE_BY_PATH[pathname.replace(/\/+$/, "") || "/"] ?? "cards";
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

/**
 * The Dashboard while it loads (decision 069): its own page (title, back arrow, Support and Help Guide where they
 * stay), then the tutorial card, the setup panel beside Quick Steps, and the import panel, as the page comes. The
 * Performance Overview shows only with widgets, so it is not foretold.
 */
function DashboardSkeleton() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // On the way here from another page, that page is still the history's current entry: Back stays on it (the
  // Dashboard's load is dropped) rather than going back from it.
  const comingFrom = navigation.state === "loading" && navigation.location && navigation.location.pathname !== location.pathname ? location : null;
  const stay = comingFrom ? () => navigate(`${comingFrom.pathname}${comingFrom.search}`, { replace: true }) : undefined;
  return (
    <div aria-busy="true" data-page-skeleton="dashboard">
      <DashboardPage onBack={stay}>
        <div role="status" aria-label={PAGE_LOADING}>
          <BlockStack gap="500">
            <Card>
              <InlineStack gap="400" blockAlign="center" wrap={false}>
                <Box minWidth="192px" minHeight="108px" background="bg-fill-tertiary" borderRadius="200" />
                <Box width="100%">
                  <BlockStack gap="200">
                    <SkeletonDisplayText size="small" />
                    <SkeletonBodyText lines={1} />
                  </BlockStack>
                </Box>
              </InlineStack>
            </Card>
            <Layout>
              <Layout.Section>
                <Card>
                  <BlockStack gap="400">
                    <SkeletonDisplayText size="medium" />
                    <SkeletonBodyText lines={6} />
                  </BlockStack>
                </Card>
              </Layout.Section>
              <Layout.Section variant="oneThird">
                <BodyCard lines={4} />
              </Layout.Section>
            </Layout>
            <Card>
              <BlockStack gap="300">
                <SkeletonDisplayText size="small" />
                <InlineStack gap="200">
                  {Array.from({ length: 5 }, (_, index) => (
                    <SkeletonThumbnail key={index} size="small" />
                  ))}
                </InlineStack>
              </BlockStack>
            </Card>
          </BlockStack>
        </div>
      </DashboardPage>
    </div>
  );
}

/** Loading state of a page: its title and the outline of its content, so nothing jumps when data arrives. */
export function PageSkeleton({ title, shape }: { title: string; shape: SkeletonShape }) {
  if (shape === "dashboard") return <DashboardSkeleton />;
  return (
    <div aria-busy="true" data-page-skeleton={shape}>
      <SkeletonPage title={title} primaryAction={shape !== "stats"}>
        <Layout>
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
