-- AlterTable
ALTER TABLE "Widget" ADD COLUMN     "showCaptions" BOOLEAN NOT NULL DEFAULT true;
