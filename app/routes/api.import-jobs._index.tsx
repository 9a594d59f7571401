import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { shopIdFromQuery } from "~/http/api-errors.server";
import { listActiveImportJobs, listRecentImportJobs } from "~/models/import-jobs.server";

/**
 * GET /api/import-jobs?active=1 : { jobs } queued or running, and those that
 * finished in the last minute. Without active=1: the shop's 20 latest jobs.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const active = new URL(request.url).searchParams.get("active");
  const jobs = active === "1" || active === "true" ? await listActiveImportJobs(shop.id) : await listRecentImportJobs(shop.id);
  return json({ jobs });
}
