-- AlterTable
ALTER TABLE "Video" ADD COLUMN "downloadUrl" TEXT;

-- CreateTable
CREATE TABLE "VideoMirror" (
    "videoId" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "fileId" TEXT,
    "copyRequestedAt" DATETIME,
    "sources" TEXT,
    "posterUrl" TEXT,
    "durationMs" INTEGER,
    "failure" TEXT,
    "failureDetail" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "polls" INTEGER NOT NULL DEFAULT 0,
    "nextCheckAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "VideoMirror_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FileDeletion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextCheckAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FileDeletion_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
