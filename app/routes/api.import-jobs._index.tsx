import { apiRoute } from "~/http/api-route.server";
import { listActiveImportJobs, listRecentImportJobs } from "~/models/import-jobs.server";

/**
 * GET /api/import-jobs?active=1 : { jobs } queued or running, and those that
 * finished in the last minute. Without active=1: the shop's 20 latest jobs.
 */
const route = apiRoute({
  GET: {
    handle: async ({ shop, url }) => {
      const active = url.searchParams.get("active");
      return { jobs: active === "1" || active === "true" ? await listActiveImportJobs(shop.id) : await listRecentImportJobs(shop.id) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
