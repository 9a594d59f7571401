import { json } from "@remix-run/node";
import { z } from "zod";
import { CAPTIONS } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { listCaptions, uploadCaptions } from "~/models/video-captions.server";

const UploadBody = z.object({
  /** BCP 47, one of the picker's languages. */
  lang: z.string().trim().min(1, "lang is required").max(16, "lang must be a language tag such as en or pt-BR"),
  /** The file's name as the merchant's browser gave it: its extension tells .srt from .vtt. */
  filename: z.string().max(255, "filename must be 255 characters or fewer").nullish(),
  /** The file's text; its size is checked by the caption reader (CAPTIONS.maxBytes), which names the line of a fault. */
  text: z.string().max(CAPTIONS.maxBytes + 1, `text is over ${CAPTIONS.maxBytes} characters`),
  shopId: z.string().optional(),
});

const route = apiRoute({
  /** GET /api/videos/{videoId}/captions?shopId= : { captions }, the video's own language first (decision 084). */
  GET: { handle: async ({ shop, params }) => ({ captions: await listCaptions(shop.id, readIdParam(params.videoId, "videoId")) }) },
  /**
   * POST /api/videos/{videoId}/captions {lang, filename, text}: 201 { caption }: a .vtt or .srt file for one
   * language, replacing that language's captions; 400 "Line N: ..." for a file that cannot be read (nothing changes).
   */
  POST: {
    body: UploadBody,
    handle: async ({ shop, params, body }) => {
      const caption = await uploadCaptions(shop.id, readIdParam(params.videoId, "videoId"), body);
      return json({ caption }, { status: 201 });
    },
  },
});

export const loader = route.loader;
export const action = route.action;
