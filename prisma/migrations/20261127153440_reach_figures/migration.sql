-- AlterTable
ALTER TABLE "AutoApproveRule" ADD COLUMN "minLikes" INTEGER;
ALTER TABLE "AutoApproveRule" ADD COLUMN "minPlays" INTEGER;

-- AlterTable
ALTER TABLE "Video" ADD COLUMN "commentCount" INTEGER;
ALTER TABLE "Video" ADD COLUMN "durationSeconds" INTEGER;
ALTER TABLE "Video" ADD COLUMN "figuresAt" DATETIME;
ALTER TABLE "Video" ADD COLUMN "likeCount" INTEGER;
ALTER TABLE "Video" ADD COLUMN "playCount" INTEGER;
ALTER TABLE "Video" ADD COLUMN "saveCount" INTEGER;
ALTER TABLE "Video" ADD COLUMN "shareCount" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_LibraryView" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "tab" TEXT NOT NULL DEFAULT 'all',
    "search" TEXT NOT NULL DEFAULT '',
    "platforms" TEXT NOT NULL DEFAULT '[]',
    "sort" TEXT NOT NULL DEFAULT 'newest',
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LibraryView_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_LibraryView" ("createdAt", "id", "name", "nameKey", "platforms", "position", "search", "shopId", "tab", "updatedAt") SELECT "createdAt", "id", "name", "nameKey", "platforms", "position", "search", "shopId", "tab", "updatedAt" FROM "LibraryView";
DROP TABLE "LibraryView";
ALTER TABLE "new_LibraryView" RENAME TO "LibraryView";
CREATE UNIQUE INDEX "LibraryView_shopId_nameKey_key" ON "LibraryView"("shopId", "nameKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Video_shopId_playCount_idx" ON "Video"("shopId", "playCount");
