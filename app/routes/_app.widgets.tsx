import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PREVIEW_SAMPLE_VIDEOS_MAX } from "~/constants";
import { authenticatePage, themeEditorLinks } from "~/http/page-auth.server";
import { useShop } from "~/browser/shop-context";
import { getShopByDomain } from "~/models/shop.server";
import { buildStorefrontWidgets, previewVideos } from "~/models/storefront.server";
import { listWidgets, productPublishFailure } from "~/models/widgets.server";
import { loadThemeSetup } from "~/models/theme-setup.server";
import { AppPage } from "~/components/AppPage";
import { WidgetsManager, type WidgetsPageData } from "~/components/widgets/WidgetsManager";
import { widgetPreviewLinks } from "~/components/widgets/WidgetPreview";
import { PAGE_TITLES } from "~/messages";

export const links = widgetPreviewLinks;

/**
 * The Widgets page: the shop's widgets with the storefront data of each (their
 * mini previews), the approved videos for the Customize preview, what the
 * theme editor deep link needs, and whether the product pages could be updated.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const shop = await getShopByDomain(auth.session.shop);
  const base = themeEditorLinks(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  if (!shop) return json<WidgetsPageData>({ ...base, shopFound: false, widgets: [], previews: {}, videos: [], themeSetup: null, productPublish: null });
  const currency = shop.currencyCode ?? "USD";
  const [widgets, previews, videos, productPublish] = await Promise.all([
    listWidgets(shop.id),
    buildStorefrontWidgets(shop.id, currency, new Map()),
    previewVideos(shop.id, PREVIEW_SAMPLE_VIDEOS_MAX),
    productPublishFailure(shop.id),
  ]);
  // Where each widget is live (its card); the theme is read only when there are widgets.
  const themeSetup = widgets.length > 0 ? await loadThemeSetup(auth.admin.graphql) : null;
  return json<WidgetsPageData>({
    ...base,
    shopFound: true,
    widgets,
    themeSetup,
    previews: Object.fromEntries(previews.map((preview) => [preview.id, preview])),
    videos,
    productPublish,
  });
}

export default function WidgetsPage() {
  const data = useLoaderData<typeof loader>();
  const shop = useShop();
  return data ? <WidgetsManager data={data as WidgetsPageData} shopId={shop.id} /> : <AppPage title={PAGE_TITLES.widgets} />;
}
