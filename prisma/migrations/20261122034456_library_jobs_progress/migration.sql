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
INSERT INTO "new_ImportJob" ("attempts", "channelId", "createdAt", "error", "externalRunId", "finishedAt", "id", "input", "kind", "platform", "progressDone", "progressTotal", "shopId", "startedAt", "status", "trigger", "updatedAt", "videosAdded") SELECT "attempts", "channelId", "createdAt", "error", "externalRunId", "finishedAt", "id", "input", "kind", "platform", "progressDone", "progressTotal", "shopId", "startedAt", "status", "trigger", "updatedAt", "videosAdded" FROM "ImportJob";
DROP TABLE "ImportJob";
ALTER TABLE "new_ImportJob" RENAME TO "ImportJob";
CREATE INDEX "ImportJob_shopId_createdAt_idx" ON "ImportJob"("shopId", "createdAt");
CREATE INDEX "ImportJob_status_createdAt_idx" ON "ImportJob"("status", "createdAt");
CREATE INDEX "ImportJob_channelId_idx" ON "ImportJob"("channelId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Video_shopId_platform_enabled_createdAt_idx" ON "Video"("shopId", "platform", "enabled", "createdAt");
