-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "mediaCheckDueAt" TIMESTAMP(3),
ADD COLUMN     "mediaCheckedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "MediaIssue" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT,
    "foundAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "keptAt" TIMESTAMP(3),

    CONSTRAINT "MediaIssue_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MediaIssue_shopId_keptAt_idx" ON "MediaIssue"("shopId", "keptAt");

-- CreateIndex
CREATE UNIQUE INDEX "MediaIssue_videoId_kind_key" ON "MediaIssue"("videoId", "kind");

-- AddForeignKey
ALTER TABLE "MediaIssue" ADD CONSTRAINT "MediaIssue_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MediaIssue" ADD CONSTRAINT "MediaIssue_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video"("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE;
