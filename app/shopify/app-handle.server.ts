import { serverEnv } from "~/env.server";
/** The app's handle in the Shopify admin's URLs (admin.shopify.com/store/<store>/apps/<handle>). */
export const APP_HANDLE = serverEnv.SHOPIFY_APP_HANDLE;
