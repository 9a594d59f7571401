-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "rulesApproved" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rulesHeld" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rulesOverLimit" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "blockedWords" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "heldWords" TEXT;

-- CreateTable
CREATE TABLE "AutoApproveRule" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "channelIds" TEXT NOT NULL DEFAULT '[]',
    "hashtags" TEXT NOT NULL DEFAULT '[]',
    "allWidgets" BOOLEAN NOT NULL DEFAULT false,
    "widgetIds" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AutoApproveRule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AutoApproveRule_shopId_createdAt_idx" ON "AutoApproveRule"("shopId", "createdAt");

-- AddForeignKey
ALTER TABLE "AutoApproveRule" ADD CONSTRAINT "AutoApproveRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
