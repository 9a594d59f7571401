import { useLocation } from "@remix-run/react";
import { Badge, Banner, BlockStack, Card, DataTable, EmptyState, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { TOP_VIDEOS_COUNT } from "~/constants";
import type { AnalyticsSummaryDto, EngagementDto, VideoAnalyticsDto, WidgetAnalyticsDto } from "~/rules/api-types";
import { formatRate, formatWatchTime } from "~/rules/engagement-format";
import { appHref } from "~/rules/app-links";
import { useShopRecord } from "~/browser/use-shop-record";
import { describePageContexts } from "~/rules/widget-rules";
import { ANALYTICS_TEXT, LAYOUT_NAMES, PAGE_TITLES, SHOP_UNAVAILABLE_WARNING } from "~/messages";
import { isVideoSource } from "~/platforms/config";
import { AppPage } from "~/components/AppPage";
import { NamedCard } from "~/components/NamedCard";
import { VideoThumb } from "~/components/library/VideoThumb";
import { ClicksChart } from "./ClicksChart";
import { PlatformBadge } from "./PlatformBadge";
import { StatCard, formatCount, formatMoney } from "./StatCard";

export interface AnalyticsPageData {
  /** False before the shop's first bootstrap (the page reads again once it exists). */
  shopFound: boolean;
  summary: AnalyticsSummaryDto | null;
  videos: VideoAnalyticsDto[];
  widgets: WidgetAnalyticsDto[];
  /** "Active Widgets (deployed on store)": installed and shown by the published theme (issue 15 item 4). */
  activeWidgets: number;
}

const EMPTY_SUMMARY: AnalyticsSummaryDto = {
  totalClicks: 0,
  totalVideoClicks: 0,
  last30DaysClicks: 0,
  totalVideos: 0,
  enabledVideos: 0,
  totalWidgets: 0,
  taggedProducts: 0,
  totalProductClicks: 0,
  totalConversions: 0,
  conversionRevenue: 0,
  currency: "USD",
  last30Days: { from: "", videoClicks: 0, productClicks: 0, conversions: 0, revenue: 0 },
  thisMonthVideoClicks: 0,
  platformBreakdown: [],
  dailyClicks: [],
};

/** The Analytics page (spec 2): overview cards, the 30-day chart, platforms, top videos, widgets. */
export function AnalyticsView({ data }: { data: AnalyticsPageData }) {
  const { search } = useLocation();
  const { missing } = useShopRecord(data.shopFound);

  if (!data.shopFound) {
    if (!missing) return <AppPage title={PAGE_TITLES.analytics} />;
    return (
      <AppPage title={PAGE_TITLES.analytics}>
        <Banner tone="warning">{SHOP_UNAVAILABLE_WARNING}</Banner>
      </AppPage>
    );
  }

  // A failed load is only logged (spec 8): the page then reads as empty.
  const summary = data.summary ?? EMPTY_SUMMARY;
  if (summary.totalClicks === 0 && summary.totalVideos === 0) {
    return (
      <AppPage title={PAGE_TITLES.analytics}>
        <Card>
          <EmptyState heading={ANALYTICS_TEXT.emptyTitle} action={{ content: ANALYTICS_TEXT.emptyAction, url: appHref("/content", search) }} image="">
            <p>{ANALYTICS_TEXT.emptyBody}</p>
          </EmptyState>
        </Card>
      </AppPage>
    );
  }

  // The Performance Overview covers the last 30 days (spec 2); the empty state above looks at everything.
  const recent = summary.last30Days;
  const topVideos = data.videos.filter(wasEngaged).slice(0, TOP_VIDEOS_COUNT);
  const engagedWidgets = data.widgets.filter(wasEngaged);
  const createWidget = { content: ANALYTICS_TEXT.createWidget, url: appHref("/widgets", search) };

  return (
    <AppPage title={PAGE_TITLES.analytics}>
      <BlockStack gap="500">
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingLg">
              {ANALYTICS_TEXT.overview}
            </Text>
            <Text as="p" tone="subdued">
              {ANALYTICS_TEXT.overviewPeriod}
            </Text>
          </BlockStack>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 5 }} gap="300">
            <StatCard
              title={ANALYTICS_TEXT.videoClicks}
              value={formatCount(recent.videoClicks)}
              detail={summary.thisMonthVideoClicks > 0 ? ANALYTICS_TEXT.videoClicksThisMonth(formatCount(summary.thisMonthVideoClicks)) : null}
            />
            <StatCard
              title={ANALYTICS_TEXT.totalVideos}
              value={formatCount(summary.totalVideos)}
              detail={ANALYTICS_TEXT.publishedCount(summary.enabledVideos)}
            />
            <StatCard title={ANALYTICS_TEXT.activeWidgets} value={formatCount(data.activeWidgets)} detail={ANALYTICS_TEXT.deployedOnStore} />
            <StatCard title={ANALYTICS_TEXT.productClicks} value={formatCount(recent.productClicks)} detail={ANALYTICS_TEXT.productsViewed} />
            <StatCard
              title={ANALYTICS_TEXT.sales}
              value={formatCount(recent.conversions)}
              detail={ANALYTICS_TEXT.salesRevenue(formatMoney(recent.revenue, summary.currency))}
            />
          </InlineGrid>
          <Text as="p" variant="bodySm" tone="subdued">
            {ANALYTICS_TEXT.countingNote}
          </Text>
        </BlockStack>

        <ClicksChart days={summary.dailyClicks} />

        <NamedCard>
          {(headingId) => (
            <BlockStack gap="300">
              <SectionTitle headingId={headingId} title={ANALYTICS_TEXT.platformPerformance} period={ANALYTICS_TEXT.platformPeriod} />
              {summary.platformBreakdown.length === 0 ? (
                <Text as="p" tone="subdued">
                  {ANALYTICS_TEXT.noPlatformClicks}
                </Text>
              ) : (
                <BlockStack gap="200" as="ul">
                  {summary.platformBreakdown.map((entry) => (
                    <InlineStack key={entry.platform} align="space-between" blockAlign="center" as="li">
                      <PlatformBadge platform={entry.platform} />
                      <Text as="span" variant="bodyMd" fontWeight="semibold">
                        {ANALYTICS_TEXT.platformClicks(formatCount(entry.videoClicks), formatCount(entry.productClicks))}
                      </Text>
                    </InlineStack>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          )}
        </NamedCard>

        <NamedCard>
          {(headingId) => (
            <BlockStack gap="300">
              <SectionTitle headingId={headingId} title={ANALYTICS_TEXT.topVideos} period={ANALYTICS_TEXT.topVideosPeriod} />
              {topVideos.length > 0 ? (
                <DataTable
                  columnContentTypes={["text", "text", "text", "numeric", "text", ...ENGAGEMENT_CONTENT_TYPES]}
                  headings={[
                    ANALYTICS_TEXT.columns.thumbnail,
                    ANALYTICS_TEXT.columns.details,
                    ANALYTICS_TEXT.columns.platform,
                    ANALYTICS_TEXT.columns.clicks,
                    ANALYTICS_TEXT.columns.status,
                    ...ENGAGEMENT_HEADINGS,
                  ]}
                  rows={topVideos.map((video) => [
                    <VideoThumb key="thumb" url={video.thumbnail_url} platform={isVideoSource(video.platform) ? video.platform : "tiktok"} alt="" />,
                    <BlockStack key="details" gap="050">
                      <Text as="span" fontWeight="semibold">
                        {video.title || ANALYTICS_TEXT.untitledVideo}
                      </Text>
                      {creatorOf(video) ? (
                        <Text as="span" tone="subdued" variant="bodySm">
                          {creatorOf(video)}
                        </Text>
                      ) : null}
                    </BlockStack>,
                    <PlatformBadge key="platform" platform={video.platform} />,
                    formatCount(video.clicks),
                    video.enabled ? (
                      <Badge key="status" tone="success">
                        {ANALYTICS_TEXT.published}
                      </Badge>
                    ) : (
                      <Badge key="status">{ANALYTICS_TEXT.unpublished}</Badge>
                    ),
                    ...engagementCells(video),
                  ])}
                />
              ) : (
                <EmptyState heading={ANALYTICS_TEXT.noVideoEngagement} action={summary.totalWidgets === 0 ? createWidget : undefined} image="">
                  <p>{ANALYTICS_TEXT.noVideoEngagementBody}</p>
                </EmptyState>
              )}
            </BlockStack>
          )}
        </NamedCard>

        <NamedCard>
          {(headingId) => (
            <BlockStack gap="300">
              <SectionTitle headingId={headingId} title={ANALYTICS_TEXT.widgetPerformance} period={ANALYTICS_TEXT.widgetPeriod} />
              {engagedWidgets.length > 0 ? (
                <DataTable
                  columnContentTypes={["text", "text", "text", "numeric", ...ENGAGEMENT_CONTENT_TYPES]}
                  headings={[
                    ANALYTICS_TEXT.columns.widgetName,
                    ANALYTICS_TEXT.columns.type,
                    ANALYTICS_TEXT.columns.pageContext,
                    ANALYTICS_TEXT.columns.clicks,
                    ...ENGAGEMENT_HEADINGS,
                  ]}
                  rows={engagedWidgets.map((widget) => [
                    widget.name,
                    LAYOUT_NAMES[widget.layout_type] ?? widget.layout_type,
                    describePageContexts(widget.page_contexts),
                    formatCount(widget.clicks),
                    ...engagementCells(widget),
                  ])}
                />
              ) : data.widgets.length > 0 ? (
                <EmptyState heading={ANALYTICS_TEXT.noWidgetEngagement} image="">
                  <p>{ANALYTICS_TEXT.noWidgetEngagementBody}</p>
                </EmptyState>
              ) : (
                <EmptyState heading={ANALYTICS_TEXT.noWidgets} action={createWidget} image="" />
              )}
            </BlockStack>
          )}
        </NamedCard>
      </BlockStack>
    </AppPage>
  );
}

/** A row is shown once shoppers clicked it, saw it or played it. */
const wasEngaged = (row: EngagementDto) => row.clicks > 0 || row.impressions > 0 || row.plays > 0;

/**
 * What shoppers did (issue 14), after the spec's columns; on a phone the
 * table scrolls sideways (Polaris' DataTable) rather than squeezing them.
 */
const ENGAGEMENT_HEADINGS = [
  ANALYTICS_TEXT.columns.impressions,
  ANALYTICS_TEXT.columns.plays,
  ANALYTICS_TEXT.columns.playRate,
  ANALYTICS_TEXT.columns.views,
  ANALYTICS_TEXT.columns.averageWatchTime,
  ANALYTICS_TEXT.columns.videoClicks,
  ANALYTICS_TEXT.columns.productClicks,
  ANALYTICS_TEXT.columns.clickThroughRate,
];
const ENGAGEMENT_CONTENT_TYPES = ENGAGEMENT_HEADINGS.map(() => "numeric" as const);

function engagementCells(row: EngagementDto): string[] {
  return [
    formatCount(row.impressions),
    formatCount(row.plays),
    formatRate(row.play_rate),
    formatCount(row.views),
    formatWatchTime(row.average_watch_ms),
    formatCount(row.video_clicks),
    formatCount(row.product_clicks),
    formatRate(row.click_through_rate),
  ];
}

/**
 * Who made the video: the display name as the platform gives it, and the
 * channel username as a handle with "@" (issue 15 item 10); the name alone
 * when it is the handle itself.
 */
function creatorOf(video: VideoAnalyticsDto): string | null {
  const name = video.author_name?.trim() || null;
  const handle = video.channel_username?.trim() || null;
  if (!handle) return name;
  if (!name || name === handle) return ANALYTICS_TEXT.handle(handle);
  return ANALYTICS_TEXT.nameAndHandle(name, handle);
}

function SectionTitle({ title, period, headingId }: { title: string; period: string; headingId: string }) {
  return (
    <BlockStack gap="050">
      <Text as="h2" variant="headingMd" id={headingId}>
        {title}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {period}
      </Text>
    </BlockStack>
  );
}
