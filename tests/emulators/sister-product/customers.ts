/**
 * Customers of the sister product for one test each: a credential pair unlocks
 * Premium on one store only, so tests that verify make pairs of their own.
 */
import { randomBytes } from "node:crypto";
import type { SisterProductCustomer } from "./emulator";

/** A customer nobody else uses (not yet known to any emulator). */
export function uniqueSisterCustomer(plan = "lunch"): SisterProductCustomer {
  const suffix = randomBytes(5).toString("hex");
  return { clientId: `cl_test_${plan}_${suffix}`, businessId: `biz_${suffix}`, plan, businessName: `Test ${plan} ${suffix}` };
}

/** Registers a new customer with the emulator at `apiBase` (…/sister-product) and returns it. */
export async function registerSisterCustomer(apiBase: string, plan = "lunch"): Promise<SisterProductCustomer> {
  const customer = uniqueSisterCustomer(plan);
  const response = await fetch(`${apiBase}/__local/customers`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(customer),
  });
  if (response.status !== 201) throw new Error(`sister product emulator refused the customer (${response.status})`);
  return customer;
}

/** How many verification calls the emulator at `apiBase` received for this Client ID. */
export async function sisterCallCount(apiBase: string, clientId: string): Promise<number> {
  const response = await fetch(`${apiBase}/__local/calls?clientId=${encodeURIComponent(clientId)}`);
  return ((await response.json()) as { count: number }).count;
}
