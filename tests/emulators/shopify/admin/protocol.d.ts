/**
 * What the admin page's parts exchange, as types: the config ./index.ts hands
 * ./admin-page/, and the postMessage protocol between ./admin-page/ (the
 * admin) and ./app-bridge/ (the App Bridge stand-in in the app's frame),
 * described in ./README.md. Both scripts are type-checked against these types,
 * so the two sides of a message cannot drift apart unnoticed.
 */

/** The JSON config block ./index.ts puts in the admin page, read by ./admin-page/page.js. */
export interface AdminPageConfig {
  shop: string;
  host: string;
  storeName: string;
  appName: string;
  appOrigin: string;
  /** The app URL's path without its trailing slash ("" for an app at the root). */
  appBasePath: string;
  /** /store/<handle>/apps/<appHandle> */
  adminBasePath: string;
  tokenUrl: string;
  /** Where the page reads what shopify.app.extensions() answers (the shop's theme files). */
  extensionsUrl: string;
  /** GET ?query=: the shop's products for the resource picker, as `{ products: PickedProduct[] }`. */
  productsUrl: string;
  /** Query parameters Shopify adds to the frame URL, which the admin URL leaves out. */
  embedParams: string[];
}

/** A button of a ui-title-bar (the page's or a modal's), as the frame describes it. */
export interface ActionDescription {
  label: string;
  /** "primary", "breadcrumb", or null for a secondary button. */
  variant: string | null;
  tone: string | null;
  disabled: boolean;
  loading: boolean;
  /** The label of the <section> the button is grouped in. */
  group: string | null;
}

export interface SaveBarButtonDescription {
  label: string;
  disabled: boolean;
  loading: boolean;
}

type NoFields = Record<string, never>;

/**
 * A product as `shopify.resourcePicker({ type: "product" })` answers it: the
 * part of App Bridge's `Product` resource (@shopify/app-bridge-types) that
 * Local Shopify knows. Ids are GraphQL gids; prices are decimal strings.
 */
export interface PickedProduct {
  id: string;
  title: string;
  handle: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  vendor: string;
  productType: string;
  tags: string[];
  descriptionHtml: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  templateSuffix: null;
  hasOnlyDefaultVariant: boolean;
  tracksInventory: boolean;
  totalInventory: number;
  totalVariants: number;
  availablePublicationCount: number;
  options: Array<{ id: string; name: string; position: number; values: string[] }>;
  images: Array<{ id: string; altText: string; originalSrc: string }>;
  variants: Array<{
    id: string;
    title: string;
    displayName: string;
    price: string;
    compareAtPrice: string | null;
    sku: string;
    inventoryQuantity: number;
    availableForSale: boolean;
    position: number;
  }>;
}

/** Frame -> admin, by type: the fields besides `source` and `type`. */
export interface FrameMessageFields {
  hello: NoFields;
  "id-token": { requestId: string };
  location: { href: string };
  "nav-menu": { items: Array<{ label: string; href: string }>; home: string | null };
  "title-bar": { title: string | null; actions: ActionDescription[] };
  toast: { id: string; message: string; isError: boolean; duration: number; action: string | null };
  "toast-hide": { id: string };
  loading: { on: boolean };
  modal:
    | { id: string; open: boolean; title: string; variant: string; src: string | null; actions: ActionDescription[] }
    | { id: string; open: false; src: string | null };
  "save-bar":
    | { id: string; open: boolean; discardConfirmation: boolean; save: SaveBarButtonDescription; discard: SaveBarButtonDescription }
    | { id: string; open: false };
  "leave-confirmation": { requestId: string };
  "review-request": { requestId: string };
  "app-extensions": { requestId: string };
  "resource-picker": {
    requestId: string;
    resourceType: "product";
    action: "add" | "select";
    multiple: boolean | number;
    query: string;
    selectionIds: string[];
  };
  "navigate-top": { url: string };
  escape: NoFields;
}

/** What the admin answers each request with (a "response" message with the request's requestId), unless it answers `error`. */
export interface RequestAnswers {
  "id-token": { idToken: string };
  "leave-confirmation": { leave: boolean };
  "review-request": { success: boolean; code: string; message: string };
  "app-extensions": { extensions: unknown[] };
  /** null: the merchant cancelled. */
  "resource-picker": { selection: PickedProduct[] | null };
}

/** Admin -> frame, by type: the fields besides `source` and `type`. */
export interface AdminMessageFields {
  welcome: { shop: string };
  response: { requestId: string } & ({ error: string } | (RequestAnswers[keyof RequestAnswers] & { error?: undefined }));
  navigate: { index: number; href: string };
  "title-bar-action": { index: number };
  "modal-action": { id: string; index: number };
  "modal-close": { id: string };
  "save-bar-action": { id: string; action: "save" | "discard" };
  "toast-action": { id: string };
  "toast-dismiss": { id: string };
}

/** A message from the frame; without a type argument, any of them (a union discriminated by `type`). */
export type FrameMessage<Type extends keyof FrameMessageFields = keyof FrameMessageFields> = {
  [T in Type]: { source: "local-shopify:app"; type: T } & FrameMessageFields[T];
}[Type];

/** A message from the admin; without a type argument, any of them (a union discriminated by `type`). */
export type AdminMessage<Type extends keyof AdminMessageFields = keyof AdminMessageFields> = {
  [T in Type]: { source: "local-shopify:admin"; type: T } & AdminMessageFields[T];
}[Type];
