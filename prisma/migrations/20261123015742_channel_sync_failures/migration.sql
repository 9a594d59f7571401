-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Channel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "displayName" TEXT,
    "avatarUrl" TEXT,
    "followerCount" INTEGER,
    "lastSyncedAt" DATETIME,
    "lastSyncError" TEXT,
    "nextSyncAt" DATETIME,
    "syncFailures" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Channel_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Channel" ("avatarUrl", "createdAt", "displayName", "followerCount", "id", "lastSyncError", "lastSyncedAt", "nextSyncAt", "platform", "shopId", "updatedAt", "username") SELECT "avatarUrl", "createdAt", "displayName", "followerCount", "id", "lastSyncError", "lastSyncedAt", "nextSyncAt", "platform", "shopId", "updatedAt", "username" FROM "Channel";
DROP TABLE "Channel";
ALTER TABLE "new_Channel" RENAME TO "Channel";
CREATE INDEX "Channel_nextSyncAt_idx" ON "Channel"("nextSyncAt");
CREATE UNIQUE INDEX "Channel_shopId_platform_username_key" ON "Channel"("shopId", "platform", "username");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
