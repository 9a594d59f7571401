/**
 * App Bridge's toast (`shopify.toast.show`). The global exists only inside the
 * admin's frame, so outside it (server rendering, tests) a toast is dropped.
 */
export function showToast(message: string, options: { isError?: boolean } = {}) {
  const shopify = (globalThis as { shopify?: { toast?: { show: (message: string, options?: object) => unknown } } }).shopify;
  shopify?.toast?.show(message, { isError: Boolean(options.isError), duration: 5000 });
}
