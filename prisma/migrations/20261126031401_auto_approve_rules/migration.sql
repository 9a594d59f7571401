-- AlterTable
ALTER TABLE "Video" ADD COLUMN "heldWords" TEXT;

-- CreateTable
CREATE TABLE "AutoApproveRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "channelIds" TEXT NOT NULL DEFAULT '[]',
    "hashtags" TEXT NOT NULL DEFAULT '[]',
    "allWidgets" BOOLEAN NOT NULL DEFAULT false,
    "widgetIds" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AutoApproveRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ImportJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "platform" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "channelId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progressFetched" INTEGER NOT NULL DEFAULT 0,
    "progressDone" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER,
    "videosAdded" INTEGER NOT NULL DEFAULT 0,
    "rulesApproved" INTEGER NOT NULL DEFAULT 0,
    "rulesHeld" INTEGER NOT NULL DEFAULT 0,
    "rulesOverLimit" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "errorKind" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "externalRunId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ImportJob_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ImportJob_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ImportJob" ("attempts", "channelId", "createdAt", "error", "errorKind", "externalRunId", "finishedAt", "id", "input", "kind", "platform", "progressDone", "progressFetched", "progressTotal", "shopId", "startedAt", "status", "trigger", "updatedAt", "videosAdded") SELECT "attempts", "channelId", "createdAt", "error", "errorKind", "externalRunId", "finishedAt", "id", "input", "kind", "platform", "progressDone", "progressFetched", "progressTotal", "shopId", "startedAt", "status", "trigger", "updatedAt", "videosAdded" FROM "ImportJob";
DROP TABLE "ImportJob";
ALTER TABLE "new_ImportJob" RENAME TO "ImportJob";
CREATE INDEX "ImportJob_shopId_createdAt_idx" ON "ImportJob"("shopId", "createdAt");
CREATE INDEX "ImportJob_status_createdAt_idx" ON "ImportJob"("status", "createdAt");
CREATE INDEX "ImportJob_channelId_idx" ON "ImportJob"("channelId");
CREATE TABLE "new_Shop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "name" TEXT,
    "currencyCode" TEXT,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "firstActiveAt" DATETIME,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "premiumSource" TEXT,
    "planChangedAt" DATETIME,
    "subscriptionId" TEXT,
    "subscriptionName" TEXT,
    "subscriptionStatus" TEXT,
    "storefrontRequested" INTEGER NOT NULL DEFAULT 0,
    "storefrontPublished" INTEGER NOT NULL DEFAULT 0,
    "storefrontLeaseOwner" TEXT,
    "storefrontLeaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "blockedWords" TEXT NOT NULL DEFAULT '[]',
    "mediaCheckedAt" DATETIME,
    "mediaCheckDueAt" DATETIME
);
INSERT INTO "new_Shop" ("createdAt", "currencyCode", "firstActiveAt", "id", "installedAt", "mediaCheckDueAt", "mediaCheckedAt", "name", "plan", "planChangedAt", "premiumSource", "shopDomain", "storefrontLeaseOwner", "storefrontLeaseUntil", "storefrontPublished", "storefrontRequested", "subscriptionId", "subscriptionName", "subscriptionStatus", "uninstalledAt", "updatedAt") SELECT "createdAt", "currencyCode", "firstActiveAt", "id", "installedAt", "mediaCheckDueAt", "mediaCheckedAt", "name", "plan", "planChangedAt", "premiumSource", "shopDomain", "storefrontLeaseOwner", "storefrontLeaseUntil", "storefrontPublished", "storefrontRequested", "subscriptionId", "subscriptionName", "subscriptionStatus", "uninstalledAt", "updatedAt" FROM "Shop";
DROP TABLE "Shop";
ALTER TABLE "new_Shop" RENAME TO "Shop";
CREATE UNIQUE INDEX "Shop_shopDomain_key" ON "Shop"("shopDomain");
CREATE INDEX "Shop_mediaCheckDueAt_idx" ON "Shop"("mediaCheckDueAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "AutoApproveRule_shopId_createdAt_idx" ON "AutoApproveRule"("shopId", "createdAt");
