import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { getImportJob } from "~/models/import-jobs.server";

/** GET /api/import-jobs/{jobId}: { job } with its progress, result or failure. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const jobId = readIdParam(params.jobId, "jobId");
  const job = await callModel(() => getImportJob(shop.id, jobId));
  return json({ job });
}
