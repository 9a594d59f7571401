import { Page, type PageProps } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";

/**
 * A page of the app: the title shows in the admin's title bar (App Bridge) and
 * on the page itself, so the merchant sees it whichever chrome is in view.
 */
export function AppPage({ title, children, ...pageProps }: PageProps & { title: string }) {
  return (
    <Page title={title} {...pageProps}>
      <TitleBar title={title} />
      {children}
    </Page>
  );
}
