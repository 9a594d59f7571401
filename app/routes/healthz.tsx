import { databaseWriteProblem } from "~/models/health.server";
import { SERVER_TEXT } from "~/messages";

/**
 * Liveness and database health for load balancers and the demo/test launcher:
 * ok only when the database can be written now (a database that answers reads
 * but is locked by another process, read-only or out of connections is 503).
 */
export async function loader() {
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  const problem = await databaseWriteProblem();
  if (problem === null) return new Response(SERVER_TEXT.healthOk, { headers });
  console.warn(`healthz: ${SERVER_TEXT.databaseUnwritable}: ${problem}`);
  return new Response(`${SERVER_TEXT.databaseUnwritable}: ${problem}`, { status: 503, headers });
}
