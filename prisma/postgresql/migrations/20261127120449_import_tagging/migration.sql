-- AlterTable
ALTER TABLE "AutoApproveRule" ADD COLUMN     "tagTopSuggestion" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "autoTagPending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "importJobId" TEXT;

-- CreateIndex
CREATE INDEX "Video_shopId_importJobId_idx" ON "Video"("shopId", "importJobId");

-- CreateIndex
CREATE INDEX "Video_shopId_autoTagPending_idx" ON "Video"("shopId", "autoTagPending");
