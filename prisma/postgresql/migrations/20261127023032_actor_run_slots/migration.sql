-- CreateTable
CREATE TABLE "ActorRunSlot" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActorRunSlot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ActorRunSlot_shopId_idx" ON "ActorRunSlot"("shopId");

-- CreateIndex
CREATE INDEX "ActorRunSlot_jobId_idx" ON "ActorRunSlot"("jobId");

-- AddForeignKey
ALTER TABLE "ActorRunSlot" ADD CONSTRAINT "ActorRunSlot_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActorRunSlot" ADD CONSTRAINT "ActorRunSlot_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
