/**
 * What the Customize preview of a "Videos tagged with this product" widget
 * needs (decision 079): the shop's products that have approved videos tagged
 * to them, to pick one, and that product's approved videos, drawn as the
 * storefront would on its page. Every query carries the shop id.
 */
import { prisma } from "~/db.server";
import { PREVIEW_PRODUCTS_MAX } from "~/constants";
import type { TaggedProductsDto } from "~/rules/api-types";
import { searchKey } from "~/rules/video-search";
import type { StorefrontVideo } from "~/storefront/widget-data";
import { previewVideos } from "./storefront.server";

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The products with at least one approved video tagged, by title, at most
 * PREVIEW_PRODUCTS_MAX, with how many match in all; `search` keeps those whose
 * title contains it (any case). A product keeps the title it was last tagged
 * with (the highest, when tags disagree).
 */
export async function listTaggedProducts(shopId: string, { search = "" }: { search?: string } = {}): Promise<TaggedProductsDto> {
  const groups = await prisma.productTag.groupBy({
    by: ["productId"],
    where: { shopId, video: { enabled: true } },
    _count: { _all: true },
    _max: { productTitle: true },
  });
  const key = searchKey(search.trim());
  const matching = groups
    .map((group) => ({ id: group.productId, title: group._max.productTitle ?? "", video_count: group._count._all }))
    .filter((product) => !key || searchKey(product.title).includes(key))
    .sort((a, b) => byTitle.compare(a.title, b.title) || a.id.localeCompare(b.id));
  return { products: matching.slice(0, PREVIEW_PRODUCTS_MAX), total: matching.length };
}

/** The product's approved videos, newest approval first, at most `limit`, as the storefront draws them. */
export function taggedProductPreviewVideos(shopId: string, productId: string, limit: number): Promise<StorefrontVideo[]> {
  return previewVideos(shopId, limit, productId);
}
