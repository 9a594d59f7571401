-- CreateTable
CREATE TABLE "StagedUpload" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "resourceKey" TEXT NOT NULL,
    "resourceUrl" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StagedUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StagedUpload_expiresAt_idx" ON "StagedUpload"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "StagedUpload_shopId_resourceKey_key" ON "StagedUpload"("shopId", "resourceKey");

-- AddForeignKey
ALTER TABLE "StagedUpload" ADD CONSTRAINT "StagedUpload_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
