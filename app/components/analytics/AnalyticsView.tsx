import { useState } from "react";
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, ButtonGroup, Card, EmptyState, InlineGrid, InlineStack, Select, Text } from "@shopify/polaris";
import {
  PERFORMANCE_COLUMN_SETS,
  PERFORMANCE_RANKING_PARAMS,
  PERFORMANCE_RANKINGS,
  TOP_VIDEOS_COUNT,
  type PerformanceColumnSet,
  type PerformanceRanking,
} from "~/constants";
import type { AnalyticsSummaryDto, VideoAnalyticsDto, WidgetAnalyticsDto } from "~/rules/api-types";
import { formatRate, formatWatchTime, tableCount, tableMoney } from "~/rules/engagement-format";
import { hasPerformance, rankingFrom, searchRankedBy, type PerformanceFigures } from "~/rules/performance-ranking";
import { appHref } from "~/rules/app-links";
import { useShopRecord } from "~/browser/use-shop-record";
import { describePageContexts } from "~/rules/widget-rules";
import { ANALYTICS_TEXT, LAYOUT_NAMES, MEASURE_TEXT, PAGE_TITLES, SHOP_UNAVAILABLE_WARNING, WIDGET_SOURCE_LABELS } from "~/messages";
import { isVideoSource } from "~/platforms/config";
import { AppPage } from "~/components/AppPage";
import { NamedCard } from "~/components/NamedCard";
import { VideoThumb } from "~/components/library/VideoThumb";
import { ClicksChart } from "./ClicksChart";
import { PlatformBadge } from "./PlatformBadge";
import { StatCard, formatCount, formatMoney } from "./StatCard";
import { Figure, PerformanceTable, type PerformanceColumn } from "./PerformanceTable";

export interface AnalyticsPageData {
  /** False before the shop's first bootstrap (the page reads again once it exists). */
  shopFound: boolean;
  summary: AnalyticsSummaryDto | null;
  videos: VideoAnalyticsDto[];
  widgets: WidgetAnalyticsDto[];
  /** "Active Widgets (deployed on store)": installed and shown by the published theme (issue 15 item 4). */
  activeWidgets: number;
  /** What each table is ranked by (its Sort by, from the address; decision 068). */
  ranking: Record<PerformanceTableName, PerformanceRanking>;
}

type PerformanceTableName = keyof typeof PERFORMANCE_RANKING_PARAMS;

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
  const [videoColumns, setVideoColumns] = useState<PerformanceColumnSet>(PERFORMANCE_COLUMN_SETS[0]);
  const [widgetColumns, setWidgetColumns] = useState<PerformanceColumnSet>(PERFORMANCE_COLUMN_SETS[0]);
  const rankedBy = useRanking(data.ranking);

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
  const topVideos = data.videos.filter(hasPerformance).slice(0, TOP_VIDEOS_COUNT);
  const engagedWidgets = data.widgets.filter(hasPerformance);
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
              <SectionTitle headingId={headingId} title={ANALYTICS_TEXT.topVideos} period={ANALYTICS_TEXT.topVideosPeriod(rankedBy.videos.ranking)} />
              {topVideos.length > 0 ? (
                <>
                  <TableControls columns={videoColumns} onColumns={setVideoColumns} ranking={rankedBy.videos} />
                  <PerformanceTable
                    rows={topVideos}
                    columns={[
                      ...VIDEO_COLUMNS,
                      ...measureColumns<VideoAnalyticsDto>(videoColumns, summary.currency),
                      ...(videoColumns === "clicks" ? [PLATFORM_PLAYS_COLUMN] : []),
                    ]}
                  />
                  {videoColumns === "sales" ? <SalesNote /> : null}
                </>
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
                <>
                  <TableControls columns={widgetColumns} onColumns={setWidgetColumns} ranking={rankedBy.widgets} />
                  <PerformanceTable
                    rows={engagedWidgets}
                    columns={[...WIDGET_COLUMNS, ...measureColumns<WidgetAnalyticsDto>(widgetColumns, summary.currency)]}
                  />
                  {widgetColumns === "sales" ? <SalesNote /> : null}
                </>
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

/** The spec's columns of Top Performing Videos, always shown (spec 2). */
const VIDEO_COLUMNS: PerformanceColumn<VideoAnalyticsDto>[] = [
  {
    key: "thumbnail",
    heading: ANALYTICS_TEXT.columns.thumbnail,
    phone: "thumbnail",
    render: (video) => <VideoThumb url={video.thumbnail_url} platform={isVideoSource(video.platform) ? video.platform : "tiktok"} alt="" />,
  },
  {
    key: "details",
    heading: ANALYTICS_TEXT.columns.details,
    phone: "name",
    render: (video) => (
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold">
          <span className="clipcart-name-title">{video.title || ANALYTICS_TEXT.untitledVideo}</span>
        </Text>
        {creatorOf(video) ? (
          <Text as="span" tone="subdued" variant="bodySm">
            {creatorOf(video)}
          </Text>
        ) : null}
      </BlockStack>
    ),
  },
  { key: "platform", heading: ANALYTICS_TEXT.columns.platform, phone: "badge", render: (video) => <PlatformBadge platform={video.platform} /> },
  { key: "clicks", heading: ANALYTICS_TEXT.columns.clicks, phone: "labelled", numeric: true, render: (video) => <Figure figure={tableCount(video.clicks)} /> },
  {
    key: "status",
    heading: ANALYTICS_TEXT.columns.status,
    phone: "badge",
    render: (video) => (video.enabled ? <Badge tone="success">{ANALYTICS_TEXT.published}</Badge> : <Badge>{ANALYTICS_TEXT.unpublished}</Badge>),
  },
];

/** The spec's columns of Widget Performance, always shown (spec 2). */
const WIDGET_COLUMNS: PerformanceColumn<WidgetAnalyticsDto>[] = [
  {
    key: "name",
    heading: ANALYTICS_TEXT.columns.widgetName,
    phone: "name",
    // Which videos it shows (decision 079), under the name: only when it is not the spec's "all".
    render: (widget) =>
      widget.source_type === "product" ? (
        <BlockStack gap="050">
          <Text as="span">{widget.name}</Text>
          <Text as="span" tone="subdued" variant="bodySm">
            {WIDGET_SOURCE_LABELS.product}
          </Text>
        </BlockStack>
      ) : (
        widget.name
      ),
  },
  { key: "type", heading: ANALYTICS_TEXT.columns.type, phone: "labelled", render: (widget) => LAYOUT_NAMES[widget.layout_type] ?? widget.layout_type },
  { key: "pageContext", heading: ANALYTICS_TEXT.columns.pageContext, phone: "labelled", render: (widget) => describePageContexts(widget.page_contexts) },
  {
    key: "clicks",
    heading: ANALYTICS_TEXT.columns.clicks,
    phone: "labelled",
    numeric: true,
    render: (widget) => <Figure figure={tableCount(widget.clicks)} />,
  },
];

/**
 * Beside the store's clicks, the video's plays on its own platform as last imported (decision 082), so a
 * merchant sees which widely watched posts shoppers click; a dash when the platform gives none.
 */
const PLATFORM_PLAYS_COLUMN: PerformanceColumn<VideoAnalyticsDto> = {
  key: "platformPlays",
  heading: ANALYTICS_TEXT.columns.platformPlays,
  phone: "labelled",
  numeric: true,
  render: (video) => (video.platform_plays === null ? MEASURE_TEXT.none : <Figure figure={tableCount(video.platform_plays)} />),
};

/**
 * The measures after the spec's columns, one group at a time so the table
 * fits its card (decision 068): what sold (the first shown), what shoppers
 * saw and watched (issue 14), and each kind of click (issue 15 item 10).
 */
function measureColumns<Row extends PerformanceFigures & { id: string }>(set: PerformanceColumnSet, currency: string): PerformanceColumn<Row>[] {
  const column = (key: keyof typeof ANALYTICS_TEXT.columns, render: (row: Row) => string | JSX.Element): PerformanceColumn<Row> => ({
    key,
    heading: ANALYTICS_TEXT.columns[key],
    phone: "labelled",
    numeric: true,
    render,
  });
  const count = (value: number) => <Figure figure={tableCount(value)} />;
  switch (set) {
    case "sales":
      return [
        column("addToCart", (row) => count(row.add_to_cart)),
        column("orders", (row) => count(row.orders)),
        column("revenue", (row) => <Figure figure={tableMoney(row.revenue, currency)} />),
      ];
    case "watching":
      return [
        column("impressions", (row) => count(row.impressions)),
        column("plays", (row) => count(row.plays)),
        column("playRate", (row) => formatRate(row.play_rate)),
        column("views", (row) => count(row.views)),
        column("averageWatchTime", (row) => formatWatchTime(row.average_watch_ms)),
      ];
    case "clicks":
      return [
        column("videoClicks", (row) => count(row.video_clicks)),
        column("productClicks", (row) => count(row.product_clicks)),
        column("clickThroughRate", (row) => formatRate(row.click_through_rate)),
      ];
  }
}

/** A table's ranking as shown: the one asked for while the page loads it, then the one loaded. */
interface TableRanking {
  ranking: PerformanceRanking;
  rankBy: (ranking: PerformanceRanking) => void;
}

/**
 * Each table's Sort by. The server ranks (the videos' list is cut after
 * ranking), so choosing one loads the page again with it in the address; the
 * select shows the choice at once rather than snapping back while it loads.
 */
function useRanking(loaded: Record<PerformanceTableName, PerformanceRanking>): Record<PerformanceTableName, TableRanking> {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? new URLSearchParams(navigation.location.search) : null;
  const tableRanking = (table: PerformanceTableName): TableRanking => ({
    ranking: pending ? rankingFrom(pending.get(PERFORMANCE_RANKING_PARAMS[table])) : loaded[table],
    rankBy: (ranking) => navigate(`${location.pathname}${searchRankedBy(location.search, table, ranking)}`, { replace: true, preventScrollReset: true }),
  });
  return { videos: tableRanking("videos"), widgets: tableRanking("widgets") };
}

const RANKING_OPTIONS = PERFORMANCE_RANKINGS.map((ranking) => ({ label: ANALYTICS_TEXT.rankings[ranking], value: ranking }));

/** Above a table: which group of measures it shows, and what it is ranked by. */
function TableControls({
  columns,
  onColumns,
  ranking,
}: {
  columns: PerformanceColumnSet;
  onColumns: (set: PerformanceColumnSet) => void;
  ranking: TableRanking;
}) {
  return (
    <InlineStack gap="300" align="space-between" blockAlign="center" wrap>
      <div role="group" aria-label={ANALYTICS_TEXT.columnSetsLabel}>
        <ButtonGroup variant="segmented">
          {PERFORMANCE_COLUMN_SETS.map((set) => (
            <Button key={set} size="slim" pressed={columns === set} onClick={() => onColumns(set)}>
              {ANALYTICS_TEXT.columnSets[set]}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <Select
        label={ANALYTICS_TEXT.sortLabel}
        labelInline
        options={RANKING_OPTIONS}
        value={ranking.ranking}
        onChange={(value) => ranking.rankBy(rankingFrom(value))}
      />
    </InlineStack>
  );
}

function SalesNote() {
  return (
    <Text as="p" variant="bodySm" tone="subdued">
      {ANALYTICS_TEXT.salesNote}
    </Text>
  );
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
