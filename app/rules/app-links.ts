/**
 * Shopify opens the app with `shop`, `host`, `embedded`, `locale` and one-shot
 * parameters (`id_token`, `hmac`, `session`, `timestamp`, ...). Links carry the
 * lasting context so every page knows its shop; one-shot values would only go
 * stale (an id_token lives one minute).
 */
const LASTING_PARAMS = ["shop", "host", "embedded", "locale"] as const;

export function appSearch(search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of LASTING_PARAMS) {
    const value = current.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** `path` with the app's lasting query string, e.g. appHref("/content", location.search). */
export function appHref(path: string, search: string): string {
  return `${path}${appSearch(search)}`;
}
