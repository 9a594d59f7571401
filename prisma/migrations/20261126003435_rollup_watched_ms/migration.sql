-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AnalyticsRollup" (
    "shopId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "watchedMs" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopId", "dimension", "day", "type", "key"),
    CONSTRAINT "AnalyticsRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AnalyticsRollup" ("count", "day", "dimension", "key", "shopId", "type") SELECT "count", "day", "dimension", "key", "shopId", "type" FROM "AnalyticsRollup";
DROP TABLE "AnalyticsRollup";
ALTER TABLE "new_AnalyticsRollup" RENAME TO "AnalyticsRollup";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
