-- AlterTable
-- Existing verifications keep Premium for a full period from today (decision 022). Their plain
-- credentials stay until the app hashes them (hashLegacySisterCredentials), because the key is a secret of the app only.
-- The default only fills existing rows (in UTC, as Prisma stores timestamps) and is dropped at once.
ALTER TABLE "SisterVerification" ADD COLUMN     "credentialHash" TEXT,
ADD COLUMN     "expiresAt" TIMESTAMP(3) NOT NULL DEFAULT ((now() AT TIME ZONE 'UTC') + interval '30 days'),
ALTER COLUMN "clientId" DROP NOT NULL,
ALTER COLUMN "businessId" DROP NOT NULL;
ALTER TABLE "SisterVerification" ALTER COLUMN "expiresAt" DROP DEFAULT;

-- CreateTable
CREATE TABLE "SisterVerificationAttempt" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "attemptedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SisterVerificationAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SisterVerificationAttempt_shopId_attemptedAt_idx" ON "SisterVerificationAttempt"("shopId", "attemptedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SisterVerification_credentialHash_key" ON "SisterVerification"("credentialHash");

-- AddForeignKey
ALTER TABLE "SisterVerificationAttempt" ADD CONSTRAINT "SisterVerificationAttempt_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
