/**
 * What a "Videos tagged with this product" widget shows on a product page
 * (decision 079), for the Customize preview: the product's videos among the
 * widget's, in the widget's order; a product without any shows the widget's
 * other videos when the merchant chose the fallback, and no widget otherwise.
 * Client-safe and generic over the video's shape.
 */
export type ProductPageShows = "product" | "fallback" | "nothing";

export function productPageVideos<Video>(
  widgetVideos: readonly Video[],
  productVideos: readonly Video[],
  fallback: boolean,
): { shows: ProductPageShows; videos: readonly Video[] } {
  if (productVideos.length > 0) return { shows: "product", videos: productVideos };
  return fallback ? { shows: "fallback", videos: widgetVideos } : { shows: "nothing", videos: [] };
}
