-- CreateTable
CREATE TABLE "CatalogueProduct" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "shopifyUpdatedAt" DATETIME NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL,
    "seenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CatalogueProduct_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CatalogueState" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "matchRevision" INTEGER NOT NULL DEFAULT 0,
    "syncRequestedAt" DATETIME,
    "syncStartedAt" DATETIME,
    "syncedAt" DATETIME,
    "syncError" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CatalogueState_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VideoSuggestion" (
    "shopId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "score" REAL NOT NULL,
    "rank" INTEGER NOT NULL,

    PRIMARY KEY ("videoId", "productId"),
    CONSTRAINT "VideoSuggestion_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Video" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "platformVideoId" TEXT NOT NULL,
    "channelId" TEXT,
    "title" TEXT,
    "authorName" TEXT,
    "channelUsername" TEXT,
    "thumbnailUrl" TEXT,
    "thumbnailFileId" TEXT,
    "storedThumbnailUrl" TEXT,
    "embedHtml" TEXT,
    "videoUrl" TEXT,
    "downloadUrl" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "approvedAt" DATETIME,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "searchText" TEXT NOT NULL DEFAULT '',
    "publishedAt" DATETIME,
    "heldWords" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "suggestionsRevision" INTEGER NOT NULL DEFAULT -1,
    CONSTRAINT "Video_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Video_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Video" ("approvedAt", "authorName", "channelId", "channelUsername", "clicks", "createdAt", "downloadUrl", "embedHtml", "enabled", "heldWords", "id", "platform", "platformVideoId", "publishedAt", "searchText", "shopId", "storedThumbnailUrl", "thumbnailFileId", "thumbnailUrl", "title", "updatedAt", "videoUrl") SELECT "approvedAt", "authorName", "channelId", "channelUsername", "clicks", "createdAt", "downloadUrl", "embedHtml", "enabled", "heldWords", "id", "platform", "platformVideoId", "publishedAt", "searchText", "shopId", "storedThumbnailUrl", "thumbnailFileId", "thumbnailUrl", "title", "updatedAt", "videoUrl" FROM "Video";
DROP TABLE "Video";
ALTER TABLE "new_Video" RENAME TO "Video";
CREATE INDEX "Video_shopId_createdAt_idx" ON "Video"("shopId", "createdAt");
CREATE INDEX "Video_shopId_enabled_createdAt_idx" ON "Video"("shopId", "enabled", "createdAt");
CREATE INDEX "Video_shopId_platform_enabled_createdAt_idx" ON "Video"("shopId", "platform", "enabled", "createdAt");
CREATE INDEX "Video_channelId_idx" ON "Video"("channelId");
CREATE INDEX "Video_shopId_suggestionsRevision_idx" ON "Video"("shopId", "suggestionsRevision");
CREATE UNIQUE INDEX "Video_shopId_platform_platformVideoId_key" ON "Video"("shopId", "platform", "platformVideoId");
CREATE UNIQUE INDEX "Video_id_shopId_key" ON "Video"("id", "shopId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CatalogueProduct_shopId_revision_idx" ON "CatalogueProduct"("shopId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogueProduct_shopId_productId_key" ON "CatalogueProduct"("shopId", "productId");

-- CreateIndex
CREATE INDEX "CatalogueState_syncRequestedAt_idx" ON "CatalogueState"("syncRequestedAt");

-- CreateIndex
CREATE INDEX "VideoSuggestion_shopId_videoId_idx" ON "VideoSuggestion"("shopId", "videoId");
