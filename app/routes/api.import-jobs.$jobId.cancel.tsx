import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { cancelImportJob } from "~/models/import-jobs.server";

/** POST /api/import-jobs/{jobId}/cancel: stops a queued or running import (what it saved stays); { job } as it is now. */
const route = apiRoute({
  POST: { handle: async ({ shop, params }) => ({ job: await cancelImportJob(shop.id, readIdParam(params.jobId, "jobId")) }) },
});

export const loader = route.loader;
export const action = route.action;
