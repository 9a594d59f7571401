import { z } from "zod";
import { CAPTIONS } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { editCaptions, removeCaptions } from "~/models/video-captions.server";
import { isCaptionLanguage } from "~/rules/caption-languages";
import { RecordNotFoundError } from "~/rules/domain-errors";

/** A video is at most a day long: a time past that is no time. */
const DAY_MS = 86_400_000;

const EditBody = z.object({
  cues: z
    .array(
      z.object({
        start: z.number().int("start must be whole milliseconds").min(0).max(DAY_MS),
        end: z.number().int("end must be whole milliseconds").min(0).max(DAY_MS),
        text: z.string().max(CAPTIONS.maxCueChars * 2, `text must be ${CAPTIONS.maxCueChars} characters or fewer`),
      }),
    )
    .min(1, "cues must list at least one caption")
    .max(CAPTIONS.maxCues, `cues must list ${CAPTIONS.maxCues} captions or fewer`),
  shopId: z.string().optional(),
});

function readLang(value: string | undefined): string {
  if (!value || !isCaptionLanguage(value)) throw new RecordNotFoundError("Captions");
  return value;
}

const route = apiRoute({
  /** PUT /api/videos/{videoId}/captions/{lang} {cues}: { caption }: the merchant's edit (decision 084); 400 names the first faulty cue. */
  PUT: {
    body: EditBody,
    handle: async ({ shop, params, body }) => ({
      caption: await editCaptions(shop.id, readIdParam(params.videoId, "videoId"), readLang(params.lang), body.cues),
    }),
  },
  /** DELETE /api/videos/{videoId}/captions/{lang}: 204; shoppers no longer get them, their files are deleted from Shopify. */
  DELETE: {
    handle: async ({ shop, params }) => {
      await removeCaptions(shop.id, readIdParam(params.videoId, "videoId"), readLang(params.lang));
      return new Response(null, { status: 204 });
    },
  },
});

export const loader = route.loader;
export const action = route.action;
