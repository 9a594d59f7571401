-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "mediaCheckDueAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "mediaCheckedAt" DATETIME;

-- CreateTable
CREATE TABLE "MediaIssue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT,
    "foundAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "keptAt" DATETIME,
    CONSTRAINT "MediaIssue_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MediaIssue_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MediaIssue_shopId_keptAt_idx" ON "MediaIssue"("shopId", "keptAt");

-- CreateIndex
CREATE UNIQUE INDEX "MediaIssue_videoId_kind_key" ON "MediaIssue"("videoId", "kind");
