-- CreateTable
CREATE TABLE "StorefrontProductCache" (
    "shopId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "productUpdatedAt" TIMESTAMP(3),
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StorefrontProductCache_pkey" PRIMARY KEY ("shopId","productId")
);

-- AddForeignKey
ALTER TABLE "StorefrontProductCache" ADD CONSTRAINT "StorefrontProductCache_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
