// @ts-check
/*
 * Local Shopify's stand-in for Shopify's App Bridge script
 * (https://cdn.shopify.com/shopifycloud/app-bridge.js), which our machines cannot
 * reach. The app loads it inside the admin's iframe, exactly like the real one:
 *   <script src="<local shopify>/app-bridge.js" data-api-key="..."></script>
 *
 * It gives the app what @shopify/shopify-app-remix and @shopify/app-bridge-react
 * rely on: `window.shopify` (idToken, toast, modal, saveBar, loading, config...),
 * the fetch wrapper that authenticates same-origin requests with a session
 * token, `open(url, "_top")` leaving the iframe, the bounce page reload, and the
 * ui-nav-menu / ui-title-bar / ui-modal / ui-save-bar elements.
 *
 * Everything that Shopify draws in its admin (nav, title bar, toasts, save bar,
 * src modals) is sent to the local admin page (tests/emulators/shopify/admin/) by
 * postMessage; the protocol is described in tests/emulators/shopify/admin/README.md.
 *
 * This is the entry: the other modules of this folder are its parts, and
 * ../browser-scripts.ts bundles them into the one classic script the app loads
 * (plain ES2020, no dependencies). Loading a part changes nothing outside it;
 * what the stand-in does to the page (listeners, wrapped fetch/open/history,
 * custom elements, window.shopify) it does here, in this order, and only once
 * per page.
 */
import { connect } from "./channel.js";
import { installFetch, reloadFromBouncePage } from "./session.js";
import { installLocationSync, installOpen } from "./navigation.js";
import { defineNavMenu } from "./nav-menu.js";
import { defineTitleBar } from "./title-bar.js";
import { defineModal } from "./modal.js";
import { defineSaveBar } from "./save-bar.js";
import { installVitals } from "./web-vitals.js";
import { installShopify } from "./shopify.js";

// window.shopify is typed as App Bridge (@shopify/app-bridge-types), but is unset until an App Bridge script ran.
const existing = /** @type {{ __localShopify?: true } | undefined} */ (window.shopify);
// Not when the tag was rendered twice.
if (!(existing && existing.__localShopify)) {
  connect();
  installFetch();
  installOpen();
  reloadFromBouncePage();
  installLocationSync();
  defineNavMenu();
  defineTitleBar();
  defineModal();
  defineSaveBar();
  installVitals();
  installShopify();
}
