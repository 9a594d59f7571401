-- AlterTable
ALTER TABLE "Channel" ADD COLUMN "avatarExpiresAt" DATETIME;

-- AlterTable
ALTER TABLE "Video" ADD COLUMN "downloadExpiresAt" DATETIME;
ALTER TABLE "Video" ADD COLUMN "mediaRefreshOwner" TEXT;
ALTER TABLE "Video" ADD COLUMN "mediaRefreshUntil" DATETIME;
ALTER TABLE "Video" ADD COLUMN "thumbnailExpiresAt" DATETIME;

-- CreateIndex
CREATE INDEX "Video_thumbnailExpiresAt_idx" ON "Video"("thumbnailExpiresAt");

-- CreateIndex
CREATE INDEX "Video_downloadExpiresAt_idx" ON "Video"("downloadExpiresAt");
