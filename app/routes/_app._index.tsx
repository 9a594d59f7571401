import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { themeEditorLinks, authenticatePage, configuredSupportChatId } from "~/http/page-auth.server";
import { useShop } from "~/browser/shop-context";
import { loadDashboard } from "~/models/dashboard.server";
import { getShopByDomain } from "~/models/shop.server";
import { AppPage } from "~/components/AppPage";
import { DashboardView, type DashboardPageData } from "~/components/dashboard/DashboardView";
import { PAGE_TITLES } from "~/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const supportChatId = configuredSupportChatId();
  const shop = await getShopByDomain(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  if (!shop) return json<DashboardPageData>({ shopFound: false, stats: null, supportChatId, themeCheck: null, importAccounts: null });
  const { stats, widgets, themeSetup, importAccounts } = await loadDashboard(shop, auth.admin.graphql);
  const themeCheck = {
    widgets: widgets.map(({ name, layout_type, page_contexts, display_number, priority }) => ({ name, layout_type, page_contexts, display_number, priority })),
    themeSetup,
    ...themeEditorLinks(auth.session.shop),
  };
  return json<DashboardPageData>({ shopFound: true, stats, supportChatId, themeCheck, importAccounts });
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  const shop = useShop();
  return data ? <DashboardView data={data} shopId={shop.id} /> : <AppPage title={PAGE_TITLES.dashboard} />;
}
