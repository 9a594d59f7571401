import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { shopAutoSyncs } from "~/models/auto-sync-rules";
import { deleteChannel, listChannels } from "~/models/channels.server";

/*
 * GET /api/channels/{shopId} lists the connected accounts; DELETE
 * /api/channels/{channelId} removes one with its videos (spec 7). Hence `$id`.
 */

/** GET /api/channels/{shopId}: { channels, autoSync } (autoSync: whether the accounts sync by themselves, Premium only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.id);
  return json({ channels: await listChannels(shop.id), autoSync: shopAutoSyncs(shop) });
}

/** DELETE /api/channels/{channelId}[?shopId=]: { deleted, videosDeleted } */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const channelId = readIdParam(params.id, "channelId");
  const { videosDeleted } = await callModel(() => deleteChannel(shop.id, channelId));
  return json({ deleted: true, videosDeleted });
}
