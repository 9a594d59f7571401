/** The app's handle in the Shopify admin's URLs (admin.shopify.com/store/<store>/apps/<handle>). */
export const APP_HANDLE = process.env.SHOPIFY_APP_HANDLE || "clipcart";
