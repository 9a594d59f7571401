import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { getImportJob } from "~/models/import-jobs.server";

/** GET /api/import-jobs/{jobId}: { job } with its progress, result or failure. */
const route = apiRoute({
  GET: { handle: async ({ shop, params }) => ({ job: await getImportJob(shop.id, readIdParam(params.jobId, "jobId")) }) },
});

export const loader = route.loader;
export const action = route.action;
