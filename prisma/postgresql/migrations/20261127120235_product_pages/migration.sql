-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "productPublishError" TEXT,
ADD COLUMN     "productPublishFailedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Widget" ADD COLUMN     "productFallback" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ProductPublication" (
    "shopId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "digest" TEXT,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductPublication_pkey" PRIMARY KEY ("shopId","productId")
);

-- AddForeignKey
ALTER TABLE "ProductPublication" ADD CONSTRAINT "ProductPublication_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
