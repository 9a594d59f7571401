import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticatePage } from "~/lib/page-auth.server";
import { useShop } from "~/lib/shop-context";
import { parseVideoListQuery } from "~/lib/video-list-query";
import { getShopByDomain } from "~/models/shop.server";
import { listVideos } from "~/models/videos.server";
import { listChannels } from "~/models/channels.server";
import { listWidgetSummaries } from "~/models/widgets.server";
import { listLibraryViews } from "~/models/library-views.server";
import { listActiveImportJobs } from "~/models/import-jobs.server";
import { AppPage } from "~/components/AppPage";
import { VideoLibrary, type LibraryData } from "~/components/library/VideoLibrary";

/**
 * The Video Library's data, filtered and paged on the server from the URL
 * (tab, q, platform, page): one page of videos, the connected accounts, the
 * widgets (Approve dialog), saved views and the imports still running.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const query = parseVideoListQuery(new URL(request.url).searchParams);
  const shop = await getShopByDomain(auth.session.shop);
  if (!shop) {
    // First visit: the browser bootstraps the shop right after this load; the page then reads again.
    const empty: LibraryData = {
      shopFound: false,
      query,
      list: { videos: [], page: 1, pageCount: 1, total: 0 },
      channels: [],
      widgets: [],
      views: [],
      activeJobs: [],
    };
    return json(empty);
  }
  const [list, channels, widgets, views, activeJobs] = await Promise.all([
    listVideos(shop.id, query),
    listChannels(shop.id),
    listWidgetSummaries(shop.id),
    listLibraryViews(shop.id),
    listActiveImportJobs(shop.id),
  ]);
  const data: LibraryData = {
    shopFound: true,
    // A page past the end was clamped to the last one.
    query: { ...query, page: list.page },
    list,
    channels,
    widgets,
    views,
    activeJobs,
  };
  return json(data);
}

export default function VideoLibraryPage() {
  const data = useLoaderData<typeof loader>();
  const shop = useShop();
  return (
    <AppPage title="Video Library">
      {data ? <VideoLibrary data={data as LibraryData} shopId={shop.id} /> : null}
    </AppPage>
  );
}
