-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "errorKind" TEXT,
ADD COLUMN     "progressFetched" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Video_shopId_platform_enabled_createdAt_idx" ON "Video"("shopId", "platform", "enabled", "createdAt");
