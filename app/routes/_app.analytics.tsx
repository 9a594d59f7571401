import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import performanceTableStyles from "~/components/analytics/performance-table.css?url";
import { authenticatePage } from "~/http/page-auth.server";
import { analyticsSummary, videoAnalytics, widgetAnalytics } from "~/models/analytics.server";
import { countActiveWidgets } from "~/models/theme-setup.server";
import { getShopByDomain } from "~/models/shop.server";
import { AppPage } from "~/components/AppPage";
import { AnalyticsView, type AnalyticsPageData } from "~/components/analytics/AnalyticsView";
import { PAGE_TITLES } from "~/messages";
import { PERFORMANCE_RANKING_PARAMS } from "~/constants";
import { rankingFrom } from "~/rules/performance-ranking";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: polarisVizStyles },
  { rel: "stylesheet", href: performanceTableStyles },
];

/**
 * The Analytics page's data, each table ranked as its Sort by says (decision
 * 068); a failure is only logged (spec 8) and the page shows no figures.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const search = new URL(request.url).searchParams;
  const ranking = { videos: rankingFrom(search.get(PERFORMANCE_RANKING_PARAMS.videos)), widgets: rankingFrom(search.get(PERFORMANCE_RANKING_PARAMS.widgets)) };
  const noFigures = { summary: null, videos: [], widgets: [], activeWidgets: 0, ranking };
  const shop = await getShopByDomain(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  if (!shop) return json<AnalyticsPageData>({ shopFound: false, ...noFigures });
  try {
    const [summary, videos, widgets, activeWidgets] = await Promise.all([
      analyticsSummary(shop.id),
      videoAnalytics(shop.id, { rankBy: ranking.videos }),
      widgetAnalytics(shop.id, { rankBy: ranking.widgets }),
      countActiveWidgets(shop.id, auth.admin.graphql),
    ]);
    return json<AnalyticsPageData>({ shopFound: true, summary, videos, widgets, activeWidgets, ranking });
  } catch (error) {
    console.error("Analytics could not be loaded", error);
    return json<AnalyticsPageData>({ shopFound: true, ...noFigures });
  }
}

export default function AnalyticsPage() {
  const data = useLoaderData<typeof loader>();
  return data ? <AnalyticsView data={data} /> : <AppPage title={PAGE_TITLES.analytics} />;
}
