-- CreateTable
CREATE TABLE "StagedUpload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "resourceKey" TEXT NOT NULL,
    "resourceUrl" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StagedUpload_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "StagedUpload_expiresAt_idx" ON "StagedUpload"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "StagedUpload_shopId_resourceKey_key" ON "StagedUpload"("shopId", "resourceKey");
