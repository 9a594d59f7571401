import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { authenticatePage } from "~/http/page-auth.server";
import { analyticsSummary, videoAnalytics, widgetAnalytics } from "~/models/analytics.server";
import { countActiveWidgets } from "~/models/theme-setup.server";
import { getShopByDomain } from "~/models/shop.server";
import { AppPage } from "~/components/AppPage";
import { AnalyticsView, type AnalyticsPageData } from "~/components/analytics/AnalyticsView";
import { PAGE_TITLES } from "~/messages";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisVizStyles }];

/** The Analytics page's data; a failure is only logged (spec 8) and the page shows no figures. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const shop = await getShopByDomain(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  if (!shop) return json<AnalyticsPageData>({ shopFound: false, summary: null, videos: [], widgets: [], activeWidgets: 0 });
  try {
    const [summary, videos, widgets, activeWidgets] = await Promise.all([
      analyticsSummary(shop.id),
      videoAnalytics(shop.id),
      widgetAnalytics(shop.id),
      countActiveWidgets(shop.id, auth.admin.graphql),
    ]);
    return json<AnalyticsPageData>({ shopFound: true, summary, videos, widgets, activeWidgets });
  } catch (error) {
    console.error("Analytics could not be loaded", error);
    return json<AnalyticsPageData>({ shopFound: true, summary: null, videos: [], widgets: [], activeWidgets: 0 });
  }
}

export default function AnalyticsPage() {
  const data = useLoaderData<typeof loader>();
  return data ? <AnalyticsView data={data} /> : <AppPage title={PAGE_TITLES.analytics} />;
}
