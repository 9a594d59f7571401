-- CreateTable
CREATE TABLE "AnalyticsRollup" (
    "shopId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "AnalyticsRollup_pkey" PRIMARY KEY ("shopId","dimension","day","type","key")
);

-- AddForeignKey
ALTER TABLE "AnalyticsRollup" ADD CONSTRAINT "AnalyticsRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
