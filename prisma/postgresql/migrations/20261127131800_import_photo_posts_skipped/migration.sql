-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "photoPostsSkipped" INTEGER NOT NULL DEFAULT 0;
