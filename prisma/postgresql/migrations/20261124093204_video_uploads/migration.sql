-- CreateTable
CREATE TABLE "VideoUpload" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failure" TEXT,
    "failureDetail" TEXT,
    "videoId" TEXT,
    "polls" INTEGER NOT NULL DEFAULT 0,
    "nextCheckAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VideoUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VideoUpload_status_nextCheckAt_idx" ON "VideoUpload"("status", "nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "VideoUpload_shopId_fileId_key" ON "VideoUpload"("shopId", "fileId");

-- AddForeignKey
ALTER TABLE "VideoUpload" ADD CONSTRAINT "VideoUpload_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
