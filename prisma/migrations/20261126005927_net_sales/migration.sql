-- AlterTable
ALTER TABLE "OrderAttribution" ADD COLUMN "cancelledAt" DATETIME;

-- CreateTable
CREATE TABLE "OrderRefundLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "refundId" TEXT NOT NULL,
    "refundLineId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "refundedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderRefundLine_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderRefundLine_shopId_orderId_lineItemId_idx" ON "OrderRefundLine"("shopId", "orderId", "lineItemId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderRefundLine_shopId_refundId_refundLineId_key" ON "OrderRefundLine"("shopId", "refundId", "refundLineId");
