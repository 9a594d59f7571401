import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { textInput } from "~/rules/text-input";
import { PLATFORM_IDS } from "~/platforms/config";
import { enqueueLinksImport } from "~/models/import-jobs.server";
import { API_TEXT } from "~/messages";

/** Generous: repeats and blank lines are dropped before the IMPORT_LINKS_MAX limit is applied (by the model). */
const MAX_ENTRIES = 500;

const LinksBody = z.object({
  shopId: z.string().optional(),
  links: z.array(textInput("links").max(2000, "A link is too long")).min(1, "links is required").max(MAX_ENTRIES, "Too many links"),
  platform: z.enum(PLATFORM_IDS, { error: API_TEXT.oneOf("platform", PLATFORM_IDS) }),
});

/**
 * POST /api/videos/links {shopId, links, platform}: starts one import job for
 * several links of any platforms (decision 056); 202 { job }. `platform` is
 * where the merchant started it; each link's platform is read from the link.
 * POST /api/videos/single stays the spec's call for one link.
 */
const route = apiRoute({
  POST: {
    body: LinksBody,
    status: 202,
    handle: async ({ shop, body }) => ({ job: await enqueueLinksImport({ shopId: shop.id, platform: body.platform, links: body.links }) }),
  },
});

export const loader = route.loader;
export const action = route.action;
