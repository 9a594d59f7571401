import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticatePage } from "~/http/page-auth.server";
import { useShop } from "~/browser/shop-context";
import { getPlanInfo, sisterProduct } from "~/models/plan.server";
import { getShopByDomain } from "~/models/shop.server";
import { AppPage } from "~/components/AppPage";
import { PlanView, type PlanPageData } from "~/components/plan/PlanView";
import { PAGE_TITLES } from "~/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const product = sisterProduct();
  const shop = await getShopByDomain(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  if (!shop) return json<PlanPageData>({ shopFound: false, plan: null, product });
  try {
    return json<PlanPageData>({ shopFound: true, plan: await getPlanInfo(shop.id), product });
  } catch (error) {
    console.error("Plan information could not be loaded", error);
    return json<PlanPageData>({ shopFound: true, plan: null, product });
  }
}

export default function PlanPage() {
  const data = useLoaderData<typeof loader>();
  const shop = useShop();
  return data ? <PlanView data={data} shopDomain={shop.shopDomain} /> : <AppPage title={PAGE_TITLES.plan} />;
}
