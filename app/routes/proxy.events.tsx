import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { isSignedByAppProxy } from "~/shopify.server";
import { MAX_EVENTS_PER_BATCH, queueStorefrontEvents } from "~/models/storefront-events.server";
import { BEACON_EVENT_TYPES } from "~/storefront/widget-data";

const Id = z.string().min(1).max(64);
const BeaconBody = z.object({
  session: z.string().max(64).nullish(),
  events: z
    .array(z.object({ type: z.enum(BEACON_EVENT_TYPES), videoId: Id, widgetId: Id, productId: z.string().max(80).optional() }))
    .max(MAX_EVENTS_PER_BATCH),
});

/** Beacons are small; a larger body is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * POST /apps/clipcart/events (Shopify's app proxy -> /proxy/events): a widget's
 * batch of storefront events. Only a request Shopify signed for the shop is
 * trusted (authenticate.public.appProxy); a missing or bad signature is 401
 * and stores nothing. sendBeacon posts JSON as text/plain and never reads the
 * answer, so a well-signed batch that cannot be used is still 204.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const url = new URL(request.url);
  if (!(await isSignedByAppProxy(url))) return json({ error: "Invalid signature" }, { status: 401 });
  const shopDomain = url.searchParams.get("shop") ?? "";
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return json({ error: "Batch too large" }, { status: 413 });
  let parsed: z.infer<typeof BeaconBody>;
  try {
    parsed = BeaconBody.parse(JSON.parse(text));
  } catch {
    return json({ error: "Invalid batch" }, { status: 400 });
  }
  queueStorefrontEvents(shopDomain, parsed.session ?? null, parsed.events);
  return new Response(null, { status: 204 });
}

export const loader = () => json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
