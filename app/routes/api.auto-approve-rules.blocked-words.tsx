import { apiRoute } from "~/http/api-route.server";
import { blockedWordsInput, setBlockedWords } from "~/models/auto-approve-rules.server";

/** PUT /api/auto-approve-rules/blocked-words {words}: replaces the shop's blocked words; { blocked_words } as stored. */
const route = apiRoute({
  PUT: { body: blockedWordsInput, handle: async ({ shop, body }) => ({ blocked_words: await setBlockedWords(shop.id, body.words) }) },
});

export const loader = route.loader;
export const action = route.action;
