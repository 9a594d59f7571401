import { useEffect, useState } from "react";
import { BlockStack, Box, Card, SkeletonBodyText, Text } from "@shopify/polaris";
import { LineChart, PolarisVizProvider } from "@shopify/polaris-viz";
import type { AnalyticsSummaryDto } from "~/rules/api-types";
import { ANALYTICS_TEXT } from "~/messages";

const shortDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

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
          <div style={{ height: 260 }} data-clicks-chart={total}>
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
      </BlockStack>
    </Card>
  );
}
