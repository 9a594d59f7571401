import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { shopAutoSyncs } from "~/rules/auto-sync";
import { deleteChannel, listChannels } from "~/models/channels.server";

/*
 * GET /api/channels/{shopId} lists the connected accounts; DELETE
 * /api/channels/{channelId} removes one with its videos (spec 7). Hence `$id`.
 */
const route = apiRoute({
  /** GET /api/channels/{shopId}: { channels, autoSync } (autoSync: whether the accounts sync by themselves, Premium only). */
  GET: { shopParam: "id", handle: async ({ shop }) => ({ channels: await listChannels(shop.id), autoSync: shopAutoSyncs(shop) }) },
  /** DELETE /api/channels/{channelId}[?shopId=]: { deleted, videosDeleted } */
  DELETE: {
    handle: async ({ shop, params }) => {
      const { videosDeleted } = await deleteChannel(shop.id, readIdParam(params.id, "channelId"));
      return { deleted: true, videosDeleted };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
