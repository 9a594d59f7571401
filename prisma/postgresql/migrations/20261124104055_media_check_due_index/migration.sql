-- CreateIndex
CREATE INDEX "Shop_mediaCheckDueAt_idx" ON "Shop"("mediaCheckDueAt");
