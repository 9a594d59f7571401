-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WidgetVideo" (
    "shopId" TEXT NOT NULL,
    "widgetId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "pinned" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("widgetId", "videoId"),
    CONSTRAINT "WidgetVideo_widgetId_shopId_fkey" FOREIGN KEY ("widgetId", "shopId") REFERENCES "Widget" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WidgetVideo_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_WidgetVideo" ("createdAt", "position", "shopId", "videoId", "widgetId") SELECT "createdAt", "position", "shopId", "videoId", "widgetId" FROM "WidgetVideo";
DROP TABLE "WidgetVideo";
ALTER TABLE "new_WidgetVideo" RENAME TO "WidgetVideo";
CREATE INDEX "WidgetVideo_shopId_idx" ON "WidgetVideo"("shopId");
CREATE INDEX "WidgetVideo_videoId_idx" ON "WidgetVideo"("videoId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
