import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticatePage } from "~/http/page-auth.server";
import { getShopByDomain } from "~/models/shop.server";
import { loadAutoApprovePage } from "~/models/auto-approve-rules.server";
import type { AutoApproveData } from "~/rules/api-types";
import { AutoApproveRules } from "~/components/rules/AutoApproveRules";

/** The Video Library's Auto-approve rules (decision 054): the rules, the blocked words, and what a rule can choose from. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  if (!auth) return json(null);
  const shop = await getShopByDomain(auth.session.shop);
  // First visit: the browser bootstraps the shop right after this load; the page then reads again.
  if (!shop) return json({ shopFound: false as const });
  return json({ shopFound: true as const, ...(await loadAutoApprovePage(shop.id)) });
}

export default function AutoApproveRulesPage() {
  const data = useLoaderData<typeof loader>();
  return <AutoApproveRules data={data && data.shopFound ? (data as AutoApproveData) : null} />;
}
