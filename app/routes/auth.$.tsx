import type { LoaderFunctionArgs } from "@remix-run/node";
import { ShopifyError } from "@shopify/shopify-api";
import { authenticate } from "~/shopify.server";
import { HTTP_BOUNDARY_TEXT } from "~/messages";

/** Where the library renders its exit-iframe page (authPathPrefix "/auth" in shopify.server.ts). */
const EXIT_IFRAME_PATH = "/auth/exit-iframe";

/** The library's own pages: the session-token bounce page and the exit-iframe page. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await authenticate.admin(request);
  } catch (thrown) {
    // A missing or untrusted exit-iframe destination is the visitor's bad link, not a server failure: the library throws
    // a plain error for it, which would be a 500.
    if (thrown instanceof ShopifyError && new URL(request.url).pathname === EXIT_IFRAME_PATH) {
      return new Response(HTTP_BOUNDARY_TEXT.invalidLink, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw thrown;
  }
  return null;
}
