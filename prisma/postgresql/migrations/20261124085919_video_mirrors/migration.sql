-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "downloadUrl" TEXT;

-- CreateTable
CREATE TABLE "VideoMirror" (
    "videoId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "fileId" TEXT,
    "copyRequestedAt" TIMESTAMP(3),
    "sources" TEXT,
    "posterUrl" TEXT,
    "durationMs" INTEGER,
    "failure" TEXT,
    "failureDetail" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "polls" INTEGER NOT NULL DEFAULT 0,
    "nextCheckAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VideoMirror_pkey" PRIMARY KEY ("videoId")
);

-- CreateTable
CREATE TABLE "FileDeletion" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextCheckAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileDeletion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VideoMirror_status_nextCheckAt_idx" ON "VideoMirror"("status", "nextCheckAt");

-- CreateIndex
CREATE INDEX "VideoMirror_shopId_status_idx" ON "VideoMirror"("shopId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "VideoMirror_videoId_shopId_key" ON "VideoMirror"("videoId", "shopId");

-- CreateIndex
CREATE INDEX "FileDeletion_nextCheckAt_idx" ON "FileDeletion"("nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "FileDeletion_shopId_fileId_key" ON "FileDeletion"("shopId", "fileId");

-- AddForeignKey
ALTER TABLE "VideoMirror" ADD CONSTRAINT "VideoMirror_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video"("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileDeletion" ADD CONSTRAINT "FileDeletion_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
