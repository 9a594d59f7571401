-- AlterTable
ALTER TABLE "AutoApproveRule" ADD COLUMN     "minLikes" INTEGER,
ADD COLUMN     "minPlays" INTEGER;

-- AlterTable
ALTER TABLE "LibraryView" ADD COLUMN     "sort" TEXT NOT NULL DEFAULT 'newest';

-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "commentCount" INTEGER,
ADD COLUMN     "durationSeconds" INTEGER,
ADD COLUMN     "figuresAt" TIMESTAMP(3),
ADD COLUMN     "likeCount" INTEGER,
ADD COLUMN     "playCount" INTEGER,
ADD COLUMN     "saveCount" INTEGER,
ADD COLUMN     "shareCount" INTEGER;

-- CreateIndex
CREATE INDEX "Video_shopId_playCount_idx" ON "Video"("shopId", "playCount");
