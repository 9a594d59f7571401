import { dateFormat } from "~/rules/intl-formats";
import { useEffect, useState } from "react";
import { BlockStack, Box, Card, SkeletonBodyText, Text } from "@shopify/polaris";
import { LineChart, PolarisVizProvider } from "@shopify/polaris-viz";
import type { AnalyticsSummaryDto } from "~/rules/api-types";
import { ANALYTICS_TEXT } from "~/messages";

const VISUALLY_HIDDEN: React.CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
};

const shortDate = (isoDay: string) => dateFormat({ month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${isoDay}T00:00:00Z`));

/**
 * Video and product clicks per day over the last 30 days (polaris-viz). The
 * chart measures its container, so it is drawn in the browser only; the
 * server sends a placeholder of the same height.
 */
export function ClicksChart({ days }: { days: AnalyticsSummaryDto["dailyClicks"] }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const data = [
    { name: ANALYTICS_TEXT.chartVideoSeries, data: days.map((day) => ({ key: day.date, value: day.videoClicks })) },
    { name: ANALYTICS_TEXT.chartProductSeries, data: days.map((day) => ({ key: day.date, value: day.productClicks })) },
  ];
  const total = days.reduce((sum, day) => sum + day.videoClicks + day.productClicks, 0);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {ANALYTICS_TEXT.chartTitle}
        </Text>
        <Box minHeight="260px">
          {/* The drawing is for the eye (polaris-viz marks its points with roles axe rejects); the same figures as a table for screen readers. */}
          <div style={{ height: 260 }} data-clicks-chart={total} aria-hidden="true" {...{ inert: "" }}>
            {inBrowser ? (
              <PolarisVizProvider>
                <LineChart
                  data={data}
                  theme="Light"
                  isAnimated={false}
                  xAxisOptions={{ labelFormatter: (value) => shortDate(String(value)) }}
                  yAxisOptions={{ integersOnly: true }}
                />
              </PolarisVizProvider>
            ) : (
              <SkeletonBodyText lines={8} />
            )}
          </div>
        </Box>
        <table style={VISUALLY_HIDDEN}>
          <caption>{ANALYTICS_TEXT.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{ANALYTICS_TEXT.chartDateColumn}</th>
              <th scope="col">{ANALYTICS_TEXT.chartVideoSeries}</th>
              <th scope="col">{ANALYTICS_TEXT.chartProductSeries}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDate(day.date)}</th>
                <td>{day.videoClicks}</td>
                <td>{day.productClicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </BlockStack>
    </Card>
  );
}
