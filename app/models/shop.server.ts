import { prisma } from "~/db.server";

export type ShopRecord = NonNullable<Awaited<ReturnType<typeof getShopByDomain>>>;

export function getShopByDomain(shopDomain: string) {
  return prisma.shop.findUnique({ where: { shopDomain } });
}

/**
 * Creates the shop on its first bootstrap. Idempotent: two tabs bootstrapping
 * at once both get the same row. A reinstall clears the uninstall mark.
 */
export function ensureShop(shopDomain: string) {
  return prisma.shop.upsert({
    where: { shopDomain },
    create: { shopDomain },
    update: { uninstalledAt: null },
  });
}

/** First time the merchant approved a video or installed a widget (spec 4); later calls change nothing. */
export async function markShopFirstActive(shopId: string) {
  await prisma.shop.updateMany({
    where: { id: shopId, firstActiveAt: null },
    data: { firstActiveAt: new Date() },
  });
  return prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
}

/**
 * The shop as the admin UI sees it when it is already bootstrapped, else null
 * (also when the database cannot answer: the browser's bootstrap then runs and
 * shows the spec's error screens).
 */
export async function knownShop(shopDomain: string) {
  try {
    const shop = await getShopByDomain(shopDomain);
    return shop ? shopResponse(shop) : null;
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** What the admin UI sees of a shop. */
export function shopResponse(shop: ShopRecord) {
  return {
    id: shop.id,
    shopDomain: shop.shopDomain,
    shop_domain: shop.shopDomain,
    plan: shop.plan,
    firstActiveAt: shop.firstActiveAt?.toISOString() ?? null,
  };
}
