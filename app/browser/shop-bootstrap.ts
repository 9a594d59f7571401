/**
 * Client side of the shop bootstrap (spec 7): GET /api/shops/{shopDomain}; on
 * 404 POST /api/shops {shopDomain}; any other non-ok status raises
 * "Server error: {status}". Requests go through window.fetch, which App Bridge
 * wraps to add the session token.
 */
import { SERVER_TEXT } from "~/messages";

export interface BootstrappedShop {
  id: string;
  shopDomain: string;
  plan: string;
  firstActiveAt: string | null;
}

async function readShop(response: Response): Promise<BootstrappedShop> {
  if (!response.ok) throw new Error(SERVER_TEXT.statusError(response.status));
  const body = (await response.json()) as { shop: BootstrappedShop };
  return body.shop;
}

export async function bootstrapShop(shopDomain: string, fetcher: typeof fetch = fetch): Promise<BootstrappedShop> {
  const existing = await fetcher(`/api/shops/${encodeURIComponent(shopDomain)}`, {
    headers: { Accept: "application/json" },
  });
  if (existing.status !== 404) return readShop(existing);

  const created = await fetcher("/api/shops", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ shopDomain }),
  });
  return readShop(created);
}
