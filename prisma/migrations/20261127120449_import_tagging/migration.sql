-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AutoApproveRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "channelIds" TEXT NOT NULL DEFAULT '[]',
    "hashtags" TEXT NOT NULL DEFAULT '[]',
    "allWidgets" BOOLEAN NOT NULL DEFAULT false,
    "widgetIds" TEXT NOT NULL DEFAULT '[]',
    "tagTopSuggestion" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AutoApproveRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AutoApproveRule" ("allWidgets", "channelIds", "createdAt", "enabled", "hashtags", "id", "name", "shopId", "updatedAt", "widgetIds") SELECT "allWidgets", "channelIds", "createdAt", "enabled", "hashtags", "id", "name", "shopId", "updatedAt", "widgetIds" FROM "AutoApproveRule";
DROP TABLE "AutoApproveRule";
ALTER TABLE "new_AutoApproveRule" RENAME TO "AutoApproveRule";
CREATE INDEX "AutoApproveRule_shopId_createdAt_idx" ON "AutoApproveRule"("shopId", "createdAt");
CREATE TABLE "new_Video" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "platformVideoId" TEXT NOT NULL,
    "uploadFilename" TEXT,
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
    "importJobId" TEXT,
    "autoTagPending" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Video_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Video_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Video" ("approvedAt", "authorName", "channelId", "channelUsername", "clicks", "createdAt", "downloadUrl", "embedHtml", "enabled", "heldWords", "id", "platform", "platformVideoId", "publishedAt", "searchText", "shopId", "storedThumbnailUrl", "suggestionsRevision", "thumbnailFileId", "thumbnailUrl", "title", "updatedAt", "uploadFilename", "videoUrl") SELECT "approvedAt", "authorName", "channelId", "channelUsername", "clicks", "createdAt", "downloadUrl", "embedHtml", "enabled", "heldWords", "id", "platform", "platformVideoId", "publishedAt", "searchText", "shopId", "storedThumbnailUrl", "suggestionsRevision", "thumbnailFileId", "thumbnailUrl", "title", "updatedAt", "uploadFilename", "videoUrl" FROM "Video";
DROP TABLE "Video";
ALTER TABLE "new_Video" RENAME TO "Video";
CREATE INDEX "Video_shopId_createdAt_idx" ON "Video"("shopId", "createdAt");
CREATE INDEX "Video_shopId_enabled_createdAt_idx" ON "Video"("shopId", "enabled", "createdAt");
CREATE INDEX "Video_shopId_platform_enabled_createdAt_idx" ON "Video"("shopId", "platform", "enabled", "createdAt");
CREATE INDEX "Video_channelId_idx" ON "Video"("channelId");
CREATE INDEX "Video_shopId_suggestionsRevision_idx" ON "Video"("shopId", "suggestionsRevision");
CREATE INDEX "Video_shopId_importJobId_idx" ON "Video"("shopId", "importJobId");
CREATE INDEX "Video_shopId_autoTagPending_idx" ON "Video"("shopId", "autoTagPending");
CREATE UNIQUE INDEX "Video_shopId_platform_platformVideoId_key" ON "Video"("shopId", "platform", "platformVideoId");
CREATE UNIQUE INDEX "Video_id_shopId_key" ON "Video"("id", "shopId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
