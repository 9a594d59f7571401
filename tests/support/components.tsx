/**
 * What the component tests (app/components/**\/*.test.tsx, under happy-dom)
 * share: rendering into the page inside Polaris' AppProvider with its English
 * strings, at a route of a memory router when the component reads the URL;
 * unmounting after each test; and App Bridge's dialogs drawn in place.
 *
 *   vi.mock("~/components/AppModal", async () => ({ AppModal: (await import("<this file>")).AppModalInPlace }));
 *   afterEach(() => unmountRendered());
 *   const container = await render(<Component />, { route: { path: "/plan", url: "/plan?shop=a" } });
 */
import type { ReactNode } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import type { AppModal } from "~/components/AppModal";

// React's act() expects to be told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderOptions {
  /** Render the element as the one route `path` of a memory router opened at `url` (path and query). */
  route?: { path: string; url: string };
  /** Put the element inside providers of its own (within the AppProvider). */
  wrap?: (element: ReactNode) => ReactNode;
}

let root: Root | null = null;

/** A new root in a container added to the page, and the tree to render there. */
function mount(element: ReactNode, { route, wrap = (inner) => inner }: RenderOptions): { container: HTMLElement; tree: ReactNode } {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  let page: ReactNode = wrap(element);
  if (route) {
    const router = createMemoryRouter([{ path: route.path, element: page }], {
      initialEntries: [route.url],
      future: { v7_relativeSplatPath: true },
    });
    page = <RouterProvider router={router} future={{ v7_startTransition: true }} />;
  }
  return { container, tree: <AppProvider i18n={en}>{page}</AppProvider> };
}

/** Renders `element` and waits for what its effects started (an async act); answers its container. */
export async function render(element: ReactNode, options: RenderOptions = {}): Promise<HTMLElement> {
  const { container, tree } = mount(element, options);
  await act(async () => root?.render(tree));
  return container;
}

/** Renders `element` in a synchronous act; answers its container. */
export function renderNow(element: ReactNode, options: RenderOptions = {}): HTMLElement {
  const { container, tree } = mount(element, options);
  act(() => root?.render(tree));
  return container;
}

/** Unmounts what was rendered last (its container stays in the page). */
export function unmount(): void {
  act(() => root?.unmount());
}

/** Unmounts what was rendered last and empties the page: first thing in each test file's afterEach. */
export function unmountRendered(): void {
  unmount();
  root = null;
  document.body.innerHTML = "";
}

/**
 * App Bridge draws a dialog's title and actions in the admin; a component test
 * has no admin, so this stand-in for ~/components/AppModal draws the title, the
 * primary action and the body in place, while open.
 */
export function AppModalInPlace({ open, title, primaryAction, children }: Parameters<typeof AppModal>[0]) {
  return open ? (
    <div data-dialog>
      <h2>{title}</h2>
      {primaryAction ? (
        <button type="button" disabled={primaryAction.disabled} onClick={primaryAction.onAction}>
          {primaryAction.content}
        </button>
      ) : null}
      {children}
    </div>
  ) : null;
}
