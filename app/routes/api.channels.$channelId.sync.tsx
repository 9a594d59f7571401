import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { getChannel } from "~/models/channels.server";
import { enqueueImport } from "~/models/import-jobs.server";
import type { PlatformId } from "~/contracts/platforms";

/** POST /api/channels/{channelId}/sync: fetches the account's latest videos again (only new ones are added); 202 { job }. */
const route = apiRoute({
  POST: {
    status: 202,
    handle: async ({ shop, params }) => {
      const channel = await getChannel(shop.id, readIdParam(params.channelId, "channelId"));
      const job = await enqueueImport({
        shopId: shop.id,
        kind: "sync",
        platform: channel.platform as PlatformId,
        input: channel.username,
        channelId: channel.id,
      });
      return { job };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
