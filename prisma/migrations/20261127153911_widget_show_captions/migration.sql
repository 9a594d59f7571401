-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Widget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "layoutType" TEXT NOT NULL,
    "pageContexts" TEXT NOT NULL DEFAULT '["homepage"]',
    "priority" INTEGER NOT NULL DEFAULT 1,
    "displayNumber" INTEGER NOT NULL,
    "sourceType" TEXT NOT NULL DEFAULT 'all',
    "productFallback" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'en',
    "theme" TEXT NOT NULL DEFAULT 'light',
    "autoScroll" BOOLEAN NOT NULL DEFAULT true,
    "showHeader" BOOLEAN NOT NULL DEFAULT false,
    "alignment" TEXT NOT NULL DEFAULT 'right',
    "playPreviews" BOOLEAN NOT NULL DEFAULT true,
    "showCaptions" BOOLEAN NOT NULL DEFAULT true,
    "installedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Widget_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Widget" ("alignment", "autoScroll", "createdAt", "displayNumber", "id", "installedAt", "language", "layoutType", "name", "pageContexts", "playPreviews", "priority", "productFallback", "shopId", "showHeader", "sourceType", "theme", "updatedAt") SELECT "alignment", "autoScroll", "createdAt", "displayNumber", "id", "installedAt", "language", "layoutType", "name", "pageContexts", "playPreviews", "priority", "productFallback", "shopId", "showHeader", "sourceType", "theme", "updatedAt" FROM "Widget";
DROP TABLE "Widget";
ALTER TABLE "new_Widget" RENAME TO "Widget";
CREATE UNIQUE INDEX "Widget_shopId_displayNumber_key" ON "Widget"("shopId", "displayNumber");
CREATE UNIQUE INDEX "Widget_id_shopId_key" ON "Widget"("id", "shopId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
