import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { cancelImportJob } from "~/models/import-jobs.server";

/** POST /api/import-jobs/{jobId}/cancel: stops a queued or running import (what it saved stays); { job } as it is now. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const jobId = readIdParam(params.jobId, "jobId");
  const job = await callModel(() => cancelImportJob(shop.id, jobId));
  return json({ job });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
