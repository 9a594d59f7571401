import { useEffect, useState } from "react";
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useLocation, useNavigate, useNavigation, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { adminFrameFor, authenticatePage } from "~/http/page-auth.server";
import { knownShop } from "~/models/shop.server";
import { APP_NAME, AUTO_APPROVE_TEXT, MISSING_SHOP_LOG, NAV_ITEMS, type ErrorScreenKind } from "~/messages";
import { appHref, appSearch } from "~/rules/app-links";
import { errorScreenFor } from "~/rules/error-mapper";
import { bootstrapShop, type BootstrappedShop } from "~/browser/shop-bootstrap";
import { showDueReviewPrompt } from "~/browser/review-prompts";
import { PREMIUM_NOT_APPROVED_PARAM, PREMIUM_NOT_APPROVED_VALUE, takeUnapprovedPremiumCharge } from "~/browser/premium-request";
import { reportWebVitals } from "~/browser/web-vitals";
import { ShopContext } from "~/browser/shop-context";
import { ErrorScreen, StandaloneErrorScreen } from "~/components/ErrorScreen";
import { PageSkeleton, skeletonShapeFor } from "~/components/PageSkeleton";

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await authenticatePage(request);
  // Opened outside the admin: the app stays unloaded and only logs (here and in the browser).
  if (!auth) {
    console.error(MISSING_SHOP_LOG);
    return json({ loaded: false as const });
  }
  const { session } = auth;
  const { apiKey, appBridgeUrl } = adminFrameFor(session.shop);
  return json({
    loaded: true as const,
    apiKey,
    appBridgeUrl,
    shopDomain: session.shop,
    // A shop already bootstrapped is read here, so the page renders on the server with its data and
    // the browser needs no round trip before showing it; a new shop bootstraps in the browser (spec 7).
    shop: await knownShop(session.shop),
  });
}

/**
 * The layout's data (API key, App Bridge URL, shop) is fixed for the visit;
 * each page's own loader still authenticates its request.
 */
export const shouldRevalidate = () => false;

type Bootstrap = { status: "loading" } | { status: "loaded"; shop: BootstrappedShop } | { status: "error"; screen: ErrorScreenKind };

function useShopBootstrap(shopDomain: string | undefined, known: BootstrappedShop | null): Bootstrap {
  const [state, setState] = useState<Bootstrap>(known ? { status: "loaded", shop: known } : { status: "loading" });
  const alreadyLoaded = state.status === "loaded";
  useEffect(() => {
    if (!shopDomain || alreadyLoaded) return;
    let cancelled = false;
    bootstrapShop(shopDomain).then(
      (shop) => !cancelled && setState({ status: "loaded", shop }),
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ status: "error", screen: errorScreenFor(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [shopDomain, alreadyLoaded]);
  return state;
}

function titleFor(pathname: string): string {
  const normalized = pathname.replace(/\/+$/, "") || "/";
  return NAV_ITEMS.find((item) => item.path === normalized)?.label ?? (normalized === "/content/rules" ? AUTO_APPROVE_TEXT.pageTitle : "");
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const bootstrap = useShopBootstrap(data.loaded ? data.shopDomain : undefined, data.loaded ? data.shop : null);

  useEffect(() => {
    if (!data.loaded) console.error(MISSING_SHOP_LOG);
    else reportWebVitals();
  }, [data.loaded]);

  const loadedShopId = bootstrap.status === "loaded" ? bootstrap.shop.id : null;
  useEffect(() => {
    if (loadedShopId) void showDueReviewPrompt(loadedShopId);
  }, [loadedShopId]);

  // Back from Shopify without approving Premium: the Plan page says the plan did not change.
  const navigate = useNavigate();
  useEffect(() => {
    if (!loadedShopId || !takeUnapprovedPremiumCharge(window.location.search)) return;
    const next = new URLSearchParams(appSearch(window.location.search));
    next.set(PREMIUM_NOT_APPROVED_PARAM, PREMIUM_NOT_APPROVED_VALUE);
    navigate(`/plan?${next}`, { replace: true });
  }, [loadedShopId, navigate]);
  if (!data.loaded) return null;

  // While the next page's data loads, show that page's skeleton rather than the stale page.
  // A change of the same page's query (the library's search, tab, filter, page) keeps the
  // page mounted, so its fields keep focus; the page shows its own loading state.
  const nextPage = navigation.state === "loading" && navigation.location && navigation.location.pathname !== location.pathname ? navigation.location : null;
  const shownLocation = nextPage ?? location;
  const skeleton = <PageSkeleton title={titleFor(shownLocation.pathname)} shape={skeletonShapeFor(shownLocation.pathname)} />;

  let content: React.ReactNode;
  if (bootstrap.status === "error") {
    content = <ErrorScreen kind={bootstrap.screen} dashboardHref={appHref("/", location.search)} />;
  } else if (bootstrap.status === "loading" || shownLocation !== location) {
    content = skeleton;
  } else {
    content = (
      <ShopContext.Provider value={bootstrap.shop}>
        <Outlet />
      </ShopContext.Provider>
    );
  }

  return (
    <AppProvider isEmbeddedApp apiKey={data.apiKey} __APP_BRIDGE_URL={data.appBridgeUrl}>
      <NavMenu>
        <Link to={appHref("/", location.search)} rel="home">
          {APP_NAME}
        </Link>
        {NAV_ITEMS.map((item) => (
          <Link key={item.path} to={appHref(item.path, location.search)}>
            {item.label}
          </Link>
        ))}
      </NavMenu>
      {content}
    </AppProvider>
  );
}

/**
 * Responses thrown by Shopify's auth (bounce page, exit-iframe) must be rendered
 * by the library's boundary; our own failures become the spec's error screens.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StandaloneErrorScreen kind="notFound" dashboardHref={appHref("/", location.search)} />;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return boundary.error(error);
  }
  console.error(error);
  return <StandaloneErrorScreen kind={errorScreenFor(error)} />;
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
