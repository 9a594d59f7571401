import { useSearchParams } from "@remix-run/react";
import { reachLocale } from "~/rules/reach-figures";

/**
 * The merchant's admin locale: Shopify opens the app with `locale` (kept on
 * every link, app/rules/app-links.ts). Read from the address, so the server's
 * HTML and the browser's first render agree; en-US when absent.
 */
export function useAdminLocale(): string {
  const [params] = useSearchParams();
  return reachLocale(params.get("locale"));
}
