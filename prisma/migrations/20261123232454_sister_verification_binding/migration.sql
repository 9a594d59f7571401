-- CreateTable
CREATE TABLE "SisterVerificationAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "attemptedAt" DATETIME NOT NULL,
    CONSTRAINT "SisterVerificationAttempt_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SisterVerification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "credentialHash" TEXT,
    "clientId" TEXT,
    "businessId" TEXT,
    "productPlan" TEXT NOT NULL,
    "verifiedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "SisterVerification_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Existing verifications keep Premium for a full period from today (decision 022). Their plain
-- credentials stay until the app hashes them (hashLegacySisterCredentials), because the key is a secret of the app only.
-- Dates in the format Prisma writes (ISO 8601, UTC), so they compare as text with the ones the app writes.
INSERT INTO "new_SisterVerification" ("businessId", "clientId", "id", "productPlan", "shopId", "verifiedAt", "expiresAt") SELECT "businessId", "clientId", "id", "productPlan", "shopId", "verifiedAt", strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days') FROM "SisterVerification";
DROP TABLE "SisterVerification";
ALTER TABLE "new_SisterVerification" RENAME TO "SisterVerification";
CREATE UNIQUE INDEX "SisterVerification_shopId_key" ON "SisterVerification"("shopId");
CREATE UNIQUE INDEX "SisterVerification_credentialHash_key" ON "SisterVerification"("credentialHash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "SisterVerificationAttempt_shopId_attemptedAt_idx" ON "SisterVerificationAttempt"("shopId", "attemptedAt");
