import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { isSignedByAppProxy } from "~/shopify.server";
import { MAX_EVENTS_PER_BATCH, SessionKey } from "~/models/storefront-events.server";
import { queueStorefrontEvents } from "~/models/storefront-events-queue.server";
import { forwardedClientAddress } from "~/http/request-input.server";

/** The envelope; each event is checked on its own when it is queued, and a bad one is dropped alone. */
const BeaconBody = z.object({
  session: SessionKey.nullish(),
  events: z.array(z.unknown()).max(MAX_EVENTS_PER_BATCH),
});

/** Beacons are small (50 events are about 6 KB); a larger body is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;
const TOO_LARGE = `A beacon batch is at most ${MAX_BODY_BYTES / 1024} KB`;

/**
 * POST /apps/clipcart/events (Shopify's app proxy -> /proxy/events): a widget's
 * batch of storefront events. Only a request Shopify signed for the shop is
 * trusted (authenticate.public.appProxy); a missing or bad signature is 401
 * and stores nothing. A body over 16 KB is 413 without being read, a batch
 * that is not one (not JSON, no event list, more than 50 events, a session
 * key that is not one) is 400. Otherwise 204, even when some of its events
 * were dropped: sendBeacon never reads the answer (decision 019), and a
 * sender over a shopper's rate learns nothing from it either (decision 060).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const url = new URL(request.url);
  if (!(await isSignedByAppProxy(url))) return json({ error: "Invalid signature" }, { status: 401 });
  const text = await readTextUpTo(request, MAX_BODY_BYTES);
  // The rest of the body stays unread: the connection is closed rather than drained.
  if (text === null) return json({ error: TOO_LARGE }, { status: 413, headers: { Connection: "close" } });
  let parsed: z.infer<typeof BeaconBody>;
  try {
    parsed = BeaconBody.parse(JSON.parse(text));
  } catch {
    return json({ error: "Invalid batch" }, { status: 400 });
  }
  queueStorefrontEvents(url.searchParams.get("shop") ?? "", parsed.session ?? null, parsed.events, forwardedClientAddress(request));
  return new Response(null, { status: 204 });
}

export const loader = () => json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });

/**
 * The body as text, or null once it is known to be over maxBytes: from the
 * declared Content-Length before anything is read, else while it streams in.
 * An oversized stream is left where it is, not cancelled: cancelling destroys
 * the request's socket in Remix's Node adapter, and the 413 would never arrive.
 */
async function readTextUpTo(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
