/** Shopify global ids: gid://shopify/<Type>/<number>[?query]. */
export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** Returns type and numeric id, or null when the string is not a Shopify gid. */
export function parseGid(value: unknown): { type: string; id: number } | null {
  if (typeof value !== "string") return null;
  const [, type, id] = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/.exec(value) ?? [];
  return type && id ? { type, id: Number(id) } : null;
}
