import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, Icon, InlineGrid, InlineStack, Layout, List, Text } from "@shopify/polaris";
import { CheckCircleIcon } from "@shopify/polaris-icons";
import { appHref } from "~/rules/app-links";
import { useShopRecord } from "~/browser/use-shop-record";
import { loadSupportChat, openSupportChat } from "~/browser/support-chat";
import { DASHBOARD_TEXT, SHOP_UNAVAILABLE_WARNING } from "~/messages";
import type { ConnectedAccountsDto, DashboardStats } from "~/rules/api-types";
import { StatCard, formatCount } from "~/components/analytics/StatCard";
import { DashboardImport } from "~/components/import/DashboardImport";
import { TutorialCard } from "./TutorialCard";
import { DashboardPage } from "./DashboardPage";
import { SupportDialog } from "./SupportDialog";
import { ThemeStatusCard, useThemeCheck, type ThemeCheckData } from "./ThemeStatusCard";

export interface DashboardPageData {
  shopFound: boolean;
  stats: DashboardStats | null;
  /** The support chat's id for this deployment (CRISP_WEBSITE_ID), if any. */
  supportChatId: string | null;
  /** What the theme setup card checks (null without widgets). */
  themeCheck: ThemeCheckData | null;
  /** The connected accounts the Import dialog opens with (null before the shop exists). */
  importAccounts: ConnectedAccountsDto | null;
}

type PanelState = "noVideos" | "noWidgets" | "finishSetup" | "allSet";

/**
 * Spec 2's three panels, and one more (issue 29 item 2): with videos and
 * widgets, "You're all set" only when the theme shows every widget on every
 * page it is for (unknown when the theme could not be read: then the spec's).
 */
function dashboardPanelState(stats: DashboardStats, allLive: boolean | null): PanelState {
  if (stats.totalVideos === 0) return "noVideos";
  if (stats.totalWidgets === 0) return "noWidgets";
  return allLive === false ? "finishSetup" : "allSet";
}

/** The Dashboard (spec 2): tutorial, overview, the setup panel, Quick Steps, imports. */
export function DashboardView({ data, shopId }: { data: DashboardPageData; shopId: string }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { missing } = useShopRecord(data.shopFound);
  const theme = useThemeCheck(shopId, data.themeCheck);

  useEffect(() => loadSupportChat(data.supportChatId), [data.supportChatId]);
  // Without a chat (none configured, or its widget blocked) Support still answers: a dialog with the support email.
  const [supportOpen, setSupportOpen] = useState(false);
  const askSupport = () => {
    if (!openSupportChat()) setSupportOpen(true);
  };

  const href = (path: string) => appHref(path, search);
  const page = (children: React.ReactNode) => (
    <DashboardPage onSupport={askSupport}>
      {children}
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </DashboardPage>
  );

  if (!data.stats) return page(missing ? <Banner tone="warning">{SHOP_UNAVAILABLE_WARNING}</Banner> : null);

  const { stats } = data;
  const panel = dashboardPanelState(stats, theme.allLive);
  return page(
    <BlockStack gap="500">
      <TutorialCard />
      {stats.totalWidgets > 0 ? (
        <BlockStack gap="300">
          <Text as="h2" variant="headingLg">
            {DASHBOARD_TEXT.overview}
          </Text>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
            <StatCard title={DASHBOARD_TEXT.totalVideos} value={formatCount(stats.totalVideos)} detail={DASHBOARD_TEXT.publishedCount(stats.enabledVideos)} />
            <StatCard title={DASHBOARD_TEXT.activeWidgets} value={formatCount(stats.activeWidgets)} detail={DASHBOARD_TEXT.deployedOnStore} />
            <StatCard title={DASHBOARD_TEXT.totalClicks} value={formatCount(stats.totalClicks)} detail={DASHBOARD_TEXT.videoEngagements} />
            <StatCard title={DASHBOARD_TEXT.productsTagged} value={formatCount(stats.taggedVideos)} detail={DASHBOARD_TEXT.videosWithProducts} />
          </InlineGrid>
        </BlockStack>
      ) : null}
      {data.themeCheck && data.themeCheck.widgets.length > 0 ? (
        <ThemeStatusCard data={data.themeCheck} check={theme.check} onCheckAgain={() => void theme.run()} />
      ) : null}
      <Layout>
        <Layout.Section>
          <Card>
            {panel === "noVideos" ? (
              <BlockStack gap="400">
                <BlockStack gap="200">
                  <Text as="h2" variant="headingLg">
                    {DASHBOARD_TEXT.welcomeTitle}
                  </Text>
                  <Text as="p">{DASHBOARD_TEXT.welcomeBody}</Text>
                </BlockStack>
                <InlineStack>
                  <Button variant="primary" onClick={() => navigate(href("/content"))}>
                    {DASHBOARD_TEXT.addFirstVideos}
                  </Button>
                </InlineStack>
                <BlockStack gap="200">
                  <Text as="h3" variant="headingMd">
                    {DASHBOARD_TEXT.gettingStarted}
                  </Text>
                  <List type="number">
                    {DASHBOARD_TEXT.gettingStartedSteps.map((step) => (
                      <List.Item key={step.title}>
                        <Text as="span" fontWeight="semibold">
                          {step.title}
                        </Text>
                        : {step.body}
                      </List.Item>
                    ))}
                  </List>
                </BlockStack>
              </BlockStack>
            ) : panel === "noWidgets" ? (
              <BlockStack gap="400">
                <BlockStack gap="200">
                  <Text as="h2" variant="headingLg">
                    {DASHBOARD_TEXT.createWidgetTitle}
                  </Text>
                  <Text as="p">{stats.enabledVideos > 0 ? DASHBOARD_TEXT.createWidgetBody : DASHBOARD_TEXT.createWidgetBodyNoneApproved}</Text>
                </BlockStack>
                <InlineStack gap="200">
                  <Button variant="primary" onClick={() => navigate(href("/widgets"))}>
                    {DASHBOARD_TEXT.createWidget}
                  </Button>
                  <Button onClick={() => navigate(href("/content"))}>{DASHBOARD_TEXT.manageVideos}</Button>
                </InlineStack>
              </BlockStack>
            ) : panel === "finishSetup" ? (
              <BlockStack gap="400">
                <BlockStack gap="200">
                  <Text as="h2" variant="headingLg">
                    {DASHBOARD_TEXT.finishSetupTitle}
                  </Text>
                  <Text as="p">{DASHBOARD_TEXT.finishSetupBody}</Text>
                </BlockStack>
                <InlineStack gap="200">
                  <Button variant="primary" onClick={() => navigate(href("/widgets"))}>
                    {DASHBOARD_TEXT.manageWidgets}
                  </Button>
                  <Button onClick={() => navigate(href("/content"))}>{DASHBOARD_TEXT.manageVideos}</Button>
                </InlineStack>
              </BlockStack>
            ) : (
              <BlockStack gap="400">
                <BlockStack gap="200">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="h2" variant="headingLg">
                      {DASHBOARD_TEXT.allSetTitle}
                    </Text>
                    <Badge tone="success">{DASHBOARD_TEXT.active}</Badge>
                  </InlineStack>
                  <Text as="p">{DASHBOARD_TEXT.allSetBody}</Text>
                </BlockStack>
                <InlineStack gap="200">
                  <Button onClick={() => navigate(href("/content"))}>{DASHBOARD_TEXT.manageVideos}</Button>
                  <Button onClick={() => navigate(href("/widgets"))}>{DASHBOARD_TEXT.manageWidgets}</Button>
                  <Button variant="primary" onClick={() => navigate(href("/analytics"))}>
                    {DASHBOARD_TEXT.viewAnalytics}
                  </Button>
                </InlineStack>
              </BlockStack>
            )}
          </Card>
        </Layout.Section>
        {stats.totalVideos > 0 ? (
          <Layout.Section variant="oneThird">
            <QuickSteps stats={stats} />
          </Layout.Section>
        ) : null}
      </Layout>
      <DashboardImport shopId={shopId} knownAccounts={data.importAccounts ?? undefined} />
    </BlockStack>,
  );
}

/** Spec 2: ticks for videos added, approved videos, a widget, and a widget embedded on the store. */
function QuickSteps({ stats }: { stats: DashboardStats }) {
  const steps = [
    { label: DASHBOARD_TEXT.quickStepItems.videosAdded, done: stats.totalVideos > 0 },
    { label: DASHBOARD_TEXT.quickStepItems.videosEnabled, done: stats.enabledVideos > 0 },
    { label: DASHBOARD_TEXT.quickStepItems.widgetCreated, done: stats.totalWidgets > 0 },
    { label: DASHBOARD_TEXT.quickStepItems.embedded, done: stats.installedWidgets > 0 },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {DASHBOARD_TEXT.quickSteps}
        </Text>
        <BlockStack gap="200" as="ul">
          {steps.map((step) => (
            <li key={step.label} data-step-done={step.done} style={{ listStyle: "none" }}>
              <InlineStack gap="200" blockAlign="center" wrap={false}>
                <span aria-hidden="true" style={{ display: "inline-flex", width: 20 }}>
                  {step.done ? (
                    <Icon source={CheckCircleIcon} tone="success" />
                  ) : (
                    <span style={{ width: 16, height: 16, border: "2px solid #b5b5b5", borderRadius: "50%", display: "inline-block" }} />
                  )}
                </span>
                <Text as="span" tone={step.done ? undefined : "subdued"}>
                  {step.label}
                </Text>
                <Text as="span" visuallyHidden>
                  {step.done ? DASHBOARD_TEXT.stepDone : DASHBOARD_TEXT.stepToDo}
                </Text>
              </InlineStack>
            </li>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
