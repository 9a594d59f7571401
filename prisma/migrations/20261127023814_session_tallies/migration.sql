-- CreateTable
CREATE TABLE "SessionTally" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "widgetId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "types" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "playStartMs" BIGINT NOT NULL DEFAULT 0,
    "watchedMs" BIGINT NOT NULL DEFAULT 0,
    "addedMs" BIGINT NOT NULL DEFAULT 0,
    "pendingMs" BIGINT NOT NULL DEFAULT 0,
    "lengthMs" BIGINT NOT NULL DEFAULT 0,
    "watchSeenMs" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopId", "day", "sessionKey", "widgetId", "videoId"),
    CONSTRAINT "SessionTally_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
