-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "storefrontLeaseOwner" TEXT,
ADD COLUMN     "storefrontLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "storefrontPublished" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "storefrontRequested" INTEGER NOT NULL DEFAULT 0;
