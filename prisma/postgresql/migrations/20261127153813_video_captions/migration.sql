-- CreateTable
CREATE TABLE "VideoCaption" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "spoken" BOOLEAN NOT NULL DEFAULT false,
    "vtt" TEXT,
    "sourceUrl" TEXT,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL,
    "failure" TEXT,
    "fileId" TEXT,
    "fileUrl" TEXT,
    "copyFileId" TEXT,
    "copyRevision" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextCheckAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VideoCaption_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VideoCaption_shopId_videoId_idx" ON "VideoCaption"("shopId", "videoId");

-- CreateIndex
CREATE INDEX "VideoCaption_status_nextCheckAt_idx" ON "VideoCaption"("status", "nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "VideoCaption_videoId_lang_key" ON "VideoCaption"("videoId", "lang");

-- AddForeignKey
ALTER TABLE "VideoCaption" ADD CONSTRAINT "VideoCaption_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VideoCaption" ADD CONSTRAINT "VideoCaption_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video"("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE;
