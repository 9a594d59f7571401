-- AlterTable
ALTER TABLE "AnalyticsRollup" ADD COLUMN     "watchedMs" BIGINT NOT NULL DEFAULT 0;
