-- CreateTable
CREATE TABLE "StorefrontProductCache" (
    "shopId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "productUpdatedAt" DATETIME,
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shopId", "productId"),
    CONSTRAINT "StorefrontProductCache_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
