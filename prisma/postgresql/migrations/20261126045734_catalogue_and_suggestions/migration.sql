-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "suggestionsRevision" INTEGER NOT NULL DEFAULT -1;

-- CreateTable
CREATE TABLE "CatalogueProduct" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "productType" TEXT NOT NULL DEFAULT '',
    "vendor" TEXT NOT NULL DEFAULT '',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "optionValues" TEXT NOT NULL DEFAULT '[]',
    "imageUrl" TEXT,
    "minPrice" TEXT,
    "maxPrice" TEXT,
    "currencyCode" TEXT,
    "shopifyUpdatedAt" TIMESTAMP(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogueProduct_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogueState" (
    "shopId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "matchRevision" INTEGER NOT NULL DEFAULT 0,
    "syncRequestedAt" TIMESTAMP(3),
    "syncStartedAt" TIMESTAMP(3),
    "syncedAt" TIMESTAMP(3),
    "syncError" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogueState_pkey" PRIMARY KEY ("shopId")
);

-- CreateTable
CREATE TABLE "VideoSuggestion" (
    "shopId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "rank" INTEGER NOT NULL,

    CONSTRAINT "VideoSuggestion_pkey" PRIMARY KEY ("videoId","productId")
);

-- CreateIndex
CREATE INDEX "CatalogueProduct_shopId_revision_idx" ON "CatalogueProduct"("shopId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogueProduct_shopId_productId_key" ON "CatalogueProduct"("shopId", "productId");

-- CreateIndex
CREATE INDEX "CatalogueState_syncRequestedAt_idx" ON "CatalogueState"("syncRequestedAt");

-- CreateIndex
CREATE INDEX "VideoSuggestion_shopId_videoId_idx" ON "VideoSuggestion"("shopId", "videoId");

-- CreateIndex
CREATE INDEX "Video_shopId_suggestionsRevision_idx" ON "Video"("shopId", "suggestionsRevision");

-- AddForeignKey
ALTER TABLE "CatalogueProduct" ADD CONSTRAINT "CatalogueProduct_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CatalogueState" ADD CONSTRAINT "CatalogueState_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VideoSuggestion" ADD CONSTRAINT "VideoSuggestion_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video"("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE;
