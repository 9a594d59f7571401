import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import type { LinksFunction } from "@remix-run/node";
import { StandaloneErrorScreen } from "./components/ErrorScreen";
import { errorScreenFor } from "~/rules/error-mapper";
import { EARLY_CLICKS_SCRIPT, pageReady } from "~/browser/early-clicks";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The layout's effect runs after every page's own: the whole page has its handlers by then.
  useEffect(pageReady, []);
  return (
    <html lang="en">
      <head>
        {/* First, so no click on the document's buttons is lost before the page is ready (app/browser/early-clicks.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }} />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Last line of defence: anything that escapes the app layout (a render error in
 * the shell itself, a failed document load) becomes the Server Error screen, or
 * Connection Error when the server could not be reached (spec 8).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return <StandaloneErrorScreen kind={errorScreenFor(error)} />;
}
