/** The app's health as load balancers see it (GET /healthz). */
import { databaseAcceptsWrites } from "~/db.server";

/** Why the database cannot take a write now, or null when it can. */
export async function databaseWriteProblem(): Promise<string | null> {
  return databaseAcceptsWrites();
}
