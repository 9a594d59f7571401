/**
 * Stand-in for the sister review product's customer API, mounted in Local
 * Shopify at /sister-product (the demo and the tests run one emulator process).
 *
 *   POST /sister-product/api/v1/customers/verify   {clientId, businessId}
 *     200 {verified: true, plan, businessName}    credentials match a customer
 *     401 {verified: false, error}                they do not
 *
 * Known customers (SISTER_PRODUCT_CUSTOMERS below): one on each plan. Only Lunch and Dinner include
 * Clipcart Premium; the app decides that, the API only says which plan.
 *
 * Test controls (loopback only, like Local Shopify's /__local/):
 *   POST /sister-product/__local/customers   {clientId, businessId, plan, businessName?}: one more customer
 *   GET  /sister-product/__local/calls?clientId=   {count}: verification calls received for that Client ID
 * Tests make customers of their own: a credential pair unlocks Premium on one store only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, sendJson } from "../shopify/http.js";

const SISTER_PRODUCT_PREFIX = "/sister-product";

export interface SisterProductCustomer {
  clientId: string;
  businessId: string;
  plan: string;
  businessName: string;
}

export const SISTER_PRODUCT_CUSTOMERS = [
  { clientId: "cl_live_lunch_4821", businessId: "biz_10482", plan: "lunch", businessName: "Lunchbox Apparel" },
  { clientId: "cl_live_dinner_7730", businessId: "biz_20977", plan: "dinner", businessName: "Supper Club Goods" },
  { clientId: "cl_live_breakfast_1904", businessId: "biz_30155", plan: "breakfast", businessName: "Early Bird Crafts" },
] as const;

export interface SisterProductEmulator {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  addCustomer(customer: SisterProductCustomer): void;
  /** Verification calls received for this Client ID. */
  callCount(clientId: string): number;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  try {
    const parsed = JSON.parse((await readBody(req)).toString("utf8") || "{}");
    return parsed && typeof parsed === "object" ? parsed : null;
  } catch {
    return null;
  }
}

function createSisterProductEmulator(): SisterProductEmulator {
  const customers: SisterProductCustomer[] = [...SISTER_PRODUCT_CUSTOMERS];
  const calls = new Map<string, number>();
  const addCustomer = (customer: SisterProductCustomer) => void customers.push(customer);

  async function verify(req: IncomingMessage, res: ServerResponse) {
    const body = await readJson(req);
    if (!body) return sendJson(res, 400, { verified: false, error: "Body must be JSON" });
    const clientId = String(body.clientId ?? "");
    calls.set(clientId, (calls.get(clientId) ?? 0) + 1);
    const customer = customers.find((c) => c.clientId === body.clientId && c.businessId === body.businessId);
    if (!customer) return sendJson(res, 401, { verified: false, error: "Unknown Client ID or Business ID" });
    sendJson(res, 200, { verified: true, plan: customer.plan, businessName: customer.businessName });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(`${SISTER_PRODUCT_PREFIX}/`)) return false;
    const path = url.pathname.slice(SISTER_PRODUCT_PREFIX.length);
    if (path === "/api/v1/customers/verify" && req.method === "POST") {
      await verify(req, res);
    } else if (path === "/__local/customers" && req.method === "POST") {
      const body = await readJson(req);
      const [clientId, businessId, plan] = [body?.clientId, body?.businessId, body?.plan];
      if (typeof clientId !== "string" || typeof businessId !== "string" || typeof plan !== "string") {
        sendJson(res, 400, { error: "clientId, businessId and plan are required" });
      } else {
        addCustomer({ clientId, businessId, plan, businessName: typeof body?.businessName === "string" ? body.businessName : `${plan} customer` });
        sendJson(res, 201, { clientId, businessId, plan });
      }
    } else if (path === "/__local/calls" && req.method === "GET") {
      sendJson(res, 200, { count: calls.get(url.searchParams.get("clientId") ?? "") ?? 0 });
    } else {
      sendJson(res, 404, { error: "Not found" });
    }
    return true;
  }

  return { handle, addCustomer, callCount: (clientId) => calls.get(clientId) ?? 0 };
}

/** The emulator Local Shopify mounts. */
const mounted = createSisterProductEmulator();
export const handleSisterProduct = mounted.handle;

/** The emulator on a port of its own (the database suite runs without Local Shopify); its API base in `url`. */
export async function startSisterProductEmulator(): Promise<SisterProductEmulator & { url: string; close(): Promise<void> }> {
  const emulator = createSisterProductEmulator();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    void emulator.handle(req, res, url).then((handled) => handled || sendJson(res, 404, { error: "Not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...emulator,
    url: `http://127.0.0.1:${port}${SISTER_PRODUCT_PREFIX}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
