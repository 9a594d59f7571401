import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { authenticatePage } from "~/http/page-auth.server";
import { ErrorScreen } from "~/components/ErrorScreen";
import { appHref } from "~/rules/app-links";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticatePage(request);
  return json(null, { status: 404 });
}

/** Any path the app does not know: Page Not Found, inside the app's frame and nav. */
export default function NotFoundPage() {
  const location = useLocation();
  return <ErrorScreen kind="notFound" dashboardHref={appHref("/", location.search)} />;
}
