/**
 * Store products tagged to a video (spec 2, Tag Products). Product ids are
 * Shopify product GIDs chosen in the picker; the title is kept with the tag so
 * the library and the storefront show it without asking Shopify.
 */
import { prisma } from "~/db.server";
import type { ProductTagDto } from "~/rules/api-types";
import { RecordNotFoundError, isUniqueViolation } from "~/rules/domain-errors";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";

export const PRODUCT_GID_PATTERN = /^gid:\/\/shopify\/Product\/\d{1,20}$/;

const TAG_SELECT = { id: true, productId: true, productTitle: true } as const;

function toTagDto(tag: { id: string; productId: string; productTitle: string }): ProductTagDto {
  return { id: tag.id, product_id: tag.productId, product_title: tag.productTitle };
}

async function requireVideo(shopId: string, videoId: string) {
  const video = await prisma.video.findFirst({ where: { id: videoId, shopId }, select: { id: true } });
  if (!video) throw new RecordNotFoundError("Video");
}

export async function listProductTags(shopId: string, videoId: string): Promise<ProductTagDto[]> {
  await requireVideo(shopId, videoId);
  const tags = await prisma.productTag.findMany({
    where: { shopId, videoId },
    select: TAG_SELECT,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return tags.map(toTagDto);
}

export interface NewProductTag {
  productId: string;
  productTitle: string;
}

/**
 * Tags a product to a video. Idempotent on (video, product): choosing the same
 * product again (or two clicks racing) answers the existing tag, with the
 * title refreshed, and `created` false.
 */
/** A tag's title as kept: what Shopify or the catalogue named the product, trimmed and bounded. */
const storedTitle = (title: string) => title.trim().slice(0, 255);

export async function addProductTag(shopId: string, videoId: string, input: NewProductTag): Promise<{ tag: ProductTagDto; created: boolean }> {
  await requireVideo(shopId, videoId);
  const productTitle = storedTitle(input.productTitle);
  const key = { videoId_productId: { videoId, productId: input.productId } };
  const existing = await prisma.productTag.findUnique({ where: key, select: TAG_SELECT });
  if (existing) {
    if (existing.productTitle === productTitle) return { tag: toTagDto(existing), created: false };
    const updated = await prisma.productTag.update({ where: key, data: { productTitle }, select: TAG_SELECT });
    return { tag: toTagDto(updated), created: false };
  }
  try {
    // (videoId, shopId) references the video: the database itself refuses a tag across shops.
    const tag = await prisma.productTag.create({
      data: { shopId, videoId, productId: input.productId, productTitle },
      select: TAG_SELECT,
    });
    // A tagged product is no longer a suggestion for the video (decision 053).
    await prisma.videoSuggestion.deleteMany({ where: { shopId, videoId, productId: input.productId } });
    scheduleStorefrontPublish(shopId);
    return { tag: toTagDto(tag), created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const tag = await prisma.productTag.findUniqueOrThrow({ where: key, select: TAG_SELECT });
    return { tag: toTagDto(tag), created: false };
  }
}

/**
 * The tag an auto-approve rule makes as it approves a video (decision 078):
 * `product` is the video's strong top suggestion, or null when it has none.
 * Only for a video the rule marked (autoTagPending): the mark is taken in the
 * transaction that makes the tag, so a retry, the catalogue runner and other
 * instances find it gone and nothing is tagged twice; a failure leaves both
 * the mark and the video as they were. A video the merchant tagged meanwhile
 * keeps only the merchant's tags. As with a manual tag, the product is no
 * longer a suggestion for the video and the storefront publish is scheduled.
 * Resolves true when it made the tag.
 */
export async function settleAutoTag(shopId: string, videoId: string, product: NewProductTag | null): Promise<boolean> {
  let created: boolean;
  try {
    created = await prisma.$transaction(async (tx) => {
      const { count } = await tx.video.updateMany({ where: { id: videoId, shopId, autoTagPending: true }, data: { autoTagPending: false } });
      if (!count || !product) return false;
      if (await tx.productTag.count({ where: { shopId, videoId } })) return false;
      await tx.productTag.create({ data: { shopId, videoId, productId: product.productId, productTitle: storedTitle(product.productTitle) } });
      await tx.videoSuggestion.deleteMany({ where: { shopId, videoId, productId: product.productId } });
      return true;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The merchant tagged that very product in the same moment: theirs stands, and the video is done.
    await prisma.video.updateMany({ where: { id: videoId, shopId, autoTagPending: true }, data: { autoTagPending: false } });
    return false;
  }
  if (created) scheduleStorefrontPublish(shopId);
  return created;
}

export async function removeProductTag(shopId: string, tagId: string): Promise<void> {
  const { count } = await prisma.productTag.deleteMany({ where: { id: tagId, shopId } });
  if (!count) throw new RecordNotFoundError("Tag");
  scheduleStorefrontPublish(shopId);
}
