-- AlterTable
ALTER TABLE "Widget" ADD COLUMN     "playPreviews" BOOLEAN NOT NULL DEFAULT true;
