import { prisma } from "~/db.server";

/** Liveness and database reachability for load balancers and the demo/test launcher. */
export async function loader() {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error(error);
    return new Response("database unavailable", { status: 503 });
  }
}
