import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/lib/api.server";
import { callModel, shopIdFromQuery } from "~/lib/api-errors.server";
import { getImportJob } from "~/models/import-jobs.server";

/** GET /api/import-jobs/{jobId}: { job } with its progress, result or failure. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const job = await callModel(() => getImportJob(shop.id, params.jobId ?? ""));
  return json({ job });
}
