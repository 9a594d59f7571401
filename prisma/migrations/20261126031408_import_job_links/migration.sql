-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN "links" TEXT;
