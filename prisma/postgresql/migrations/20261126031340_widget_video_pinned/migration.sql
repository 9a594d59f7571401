-- AlterTable
ALTER TABLE "WidgetVideo" ADD COLUMN     "pinned" BOOLEAN NOT NULL DEFAULT false;
