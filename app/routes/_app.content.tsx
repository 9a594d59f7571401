import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { authenticatePage } from "~/http/page-auth.server";
import { useShop } from "~/browser/shop-context";
import { parseVideoListQuery } from "~/rules/video-list-query";
import { getShopByDomain } from "~/models/shop.server";
import { emptyVideoLibrary, loadVideoLibrary } from "~/models/library-page.server";
import { AppPage } from "~/components/AppPage";
import { VideoLibrary } from "~/components/library/VideoLibrary";
import { FreePlanBadge } from "~/components/library/FreePlanBadge";
import type { LibraryData } from "~/rules/api-types";
import { AUTO_APPROVE_TEXT, PAGE_TITLES } from "~/messages";
import { appHref } from "~/rules/app-links";
import libraryStyles from "~/components/library/video-library.css?url";

/** The list's phone layout (decision 066). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: libraryStyles }];

/** The Video Library, filtered and paged on the server from the URL (tab, q, platform, page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const query = parseVideoListQuery(new URL(request.url).searchParams);
  const shop = await getShopByDomain(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  return json(shop ? await loadVideoLibrary(shop, query) : emptyVideoLibrary(query));
}

export default function VideoLibraryPage() {
  const data = useLoaderData<typeof loader>();
  const shop = useShop();
  const { search } = useLocation();
  // The auto-approve rules (decision 054) live on a page of their own, reached from here.
  const rules = { content: AUTO_APPROVE_TEXT.openRules, url: appHref("/content/rules", search) };
  return (
    // Full width, as Polaris advises for wide tables: at a laptop's width the titles no longer wrap to three lines (decision 066).
    <AppPage
      title={PAGE_TITLES.library}
      titleMetadata={<FreePlanBadge approved={(data as LibraryData | null)?.freePlanApproved ?? null} />}
      secondaryActions={[rules]}
      fullWidth
    >
      {data ? <VideoLibrary data={data as LibraryData} shopId={shop.id} /> : null}
    </AppPage>
  );
}
