import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { getChannel } from "~/models/channels.server";
import { enqueueImport } from "~/models/import-jobs.server";
import type { PlatformId } from "~/platforms/types";

/** POST /api/channels/{channelId}/sync: fetches the account's latest videos again (only new ones are added); 202 { job }. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const channelId = readIdParam(params.channelId, "channelId");
  const job = await callModel(async () => {
    const channel = await getChannel(shop.id, channelId);
    return enqueueImport({
      shopId: shop.id,
      kind: "sync",
      platform: channel.platform as PlatformId,
      input: channel.username,
      channelId: channel.id,
    });
  });
  return json({ job }, { status: 202 });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
