-- AlterTable
ALTER TABLE "Channel" ADD COLUMN     "avatarExpiresAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "downloadExpiresAt" TIMESTAMP(3),
ADD COLUMN     "mediaRefreshOwner" TEXT,
ADD COLUMN     "mediaRefreshUntil" TIMESTAMP(3),
ADD COLUMN     "thumbnailExpiresAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Video_thumbnailExpiresAt_idx" ON "Video"("thumbnailExpiresAt");

-- CreateIndex
CREATE INDEX "Video_downloadExpiresAt_idx" ON "Video"("downloadExpiresAt");
