-- AlterTable
ALTER TABLE "Channel" ADD COLUMN     "syncFailures" INTEGER NOT NULL DEFAULT 0;
