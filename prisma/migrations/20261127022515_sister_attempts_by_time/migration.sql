-- CreateIndex
CREATE INDEX "SisterVerificationAttempt_attemptedAt_idx" ON "SisterVerificationAttempt"("attemptedAt");
