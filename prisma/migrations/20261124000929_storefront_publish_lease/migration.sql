-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Shop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "name" TEXT,
    "currencyCode" TEXT,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "firstActiveAt" DATETIME,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "premiumSource" TEXT,
    "planChangedAt" DATETIME,
    "subscriptionId" TEXT,
    "subscriptionName" TEXT,
    "subscriptionStatus" TEXT,
    "storefrontRequested" INTEGER NOT NULL DEFAULT 0,
    "storefrontPublished" INTEGER NOT NULL DEFAULT 0,
    "storefrontLeaseOwner" TEXT,
    "storefrontLeaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Shop" ("createdAt", "currencyCode", "firstActiveAt", "id", "installedAt", "name", "plan", "planChangedAt", "premiumSource", "shopDomain", "subscriptionId", "subscriptionName", "subscriptionStatus", "uninstalledAt", "updatedAt") SELECT "createdAt", "currencyCode", "firstActiveAt", "id", "installedAt", "name", "plan", "planChangedAt", "premiumSource", "shopDomain", "subscriptionId", "subscriptionName", "subscriptionStatus", "uninstalledAt", "updatedAt" FROM "Shop";
DROP TABLE "Shop";
ALTER TABLE "new_Shop" RENAME TO "Shop";
CREATE UNIQUE INDEX "Shop_shopDomain_key" ON "Shop"("shopDomain");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
