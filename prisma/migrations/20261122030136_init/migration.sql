-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "name" TEXT,
    "currencyCode" TEXT,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "firstActiveAt" DATETIME,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "premiumSource" TEXT,
    "planChangedAt" DATETIME,
    "subscriptionId" TEXT,
    "subscriptionName" TEXT,
    "subscriptionStatus" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Channel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "displayName" TEXT,
    "avatarUrl" TEXT,
    "followerCount" INTEGER,
    "lastSyncedAt" DATETIME,
    "lastSyncError" TEXT,
    "nextSyncAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Channel_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Video" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "platformVideoId" TEXT NOT NULL,
    "channelId" TEXT,
    "title" TEXT,
    "authorName" TEXT,
    "channelUsername" TEXT,
    "thumbnailUrl" TEXT,
    "thumbnailFileId" TEXT,
    "storedThumbnailUrl" TEXT,
    "embedHtml" TEXT,
    "videoUrl" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "approvedAt" DATETIME,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "searchText" TEXT NOT NULL DEFAULT '',
    "publishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Video_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Video_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductTag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProductTag_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Widget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "layoutType" TEXT NOT NULL,
    "pageContexts" TEXT NOT NULL DEFAULT '["homepage"]',
    "priority" INTEGER NOT NULL DEFAULT 1,
    "displayNumber" INTEGER NOT NULL,
    "sourceType" TEXT NOT NULL DEFAULT 'all',
    "language" TEXT NOT NULL DEFAULT 'en',
    "theme" TEXT NOT NULL DEFAULT 'light',
    "autoScroll" BOOLEAN NOT NULL DEFAULT true,
    "showHeader" BOOLEAN NOT NULL DEFAULT false,
    "alignment" TEXT NOT NULL DEFAULT 'right',
    "installedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Widget_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WidgetVideo" (
    "shopId" TEXT NOT NULL,
    "widgetId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("widgetId", "videoId"),
    CONSTRAINT "WidgetVideo_widgetId_shopId_fkey" FOREIGN KEY ("widgetId", "shopId") REFERENCES "Widget" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WidgetVideo_videoId_shopId_fkey" FOREIGN KEY ("videoId", "shopId") REFERENCES "Video" ("id", "shopId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "platform" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "channelId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progressDone" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER,
    "videosAdded" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "externalRunId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ImportJob_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ImportJob_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AnalyticsEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "videoId" TEXT,
    "widgetId" TEXT,
    "platform" TEXT,
    "productId" TEXT,
    "sessionKey" TEXT,
    "occurredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AnalyticsEvent_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OrderAttribution" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "videoId" TEXT,
    "widgetId" TEXT,
    "productId" TEXT,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "occurredAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderAttribution_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReviewPrompt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "promptType" TEXT NOT NULL,
    "shownAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewPrompt_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SisterVerification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "productPlan" TEXT NOT NULL,
    "verifiedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SisterVerification_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LibraryView" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "tab" TEXT NOT NULL DEFAULT 'all',
    "search" TEXT NOT NULL DEFAULT '',
    "platforms" TEXT NOT NULL DEFAULT '[]',
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LibraryView_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "webhookId" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_shopDomain_key" ON "Shop"("shopDomain");

-- CreateIndex
CREATE INDEX "Channel_nextSyncAt_idx" ON "Channel"("nextSyncAt");

-- CreateIndex
CREATE UNIQUE INDEX "Channel_shopId_platform_username_key" ON "Channel"("shopId", "platform", "username");

-- CreateIndex
CREATE INDEX "Video_shopId_createdAt_idx" ON "Video"("shopId", "createdAt");

-- CreateIndex
CREATE INDEX "Video_shopId_enabled_createdAt_idx" ON "Video"("shopId", "enabled", "createdAt");

-- CreateIndex
CREATE INDEX "Video_channelId_idx" ON "Video"("channelId");

-- CreateIndex
CREATE UNIQUE INDEX "Video_shopId_platform_platformVideoId_key" ON "Video"("shopId", "platform", "platformVideoId");

-- CreateIndex
CREATE UNIQUE INDEX "Video_id_shopId_key" ON "Video"("id", "shopId");

-- CreateIndex
CREATE INDEX "ProductTag_shopId_productId_idx" ON "ProductTag"("shopId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductTag_videoId_productId_key" ON "ProductTag"("videoId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "Widget_shopId_displayNumber_key" ON "Widget"("shopId", "displayNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Widget_id_shopId_key" ON "Widget"("id", "shopId");

-- CreateIndex
CREATE INDEX "WidgetVideo_shopId_idx" ON "WidgetVideo"("shopId");

-- CreateIndex
CREATE INDEX "WidgetVideo_videoId_idx" ON "WidgetVideo"("videoId");

-- CreateIndex
CREATE INDEX "ImportJob_shopId_createdAt_idx" ON "ImportJob"("shopId", "createdAt");

-- CreateIndex
CREATE INDEX "ImportJob_status_createdAt_idx" ON "ImportJob"("status", "createdAt");

-- CreateIndex
CREATE INDEX "ImportJob_channelId_idx" ON "ImportJob"("channelId");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_shopId_occurredAt_idx" ON "AnalyticsEvent"("shopId", "occurredAt");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_shopId_type_occurredAt_idx" ON "AnalyticsEvent"("shopId", "type", "occurredAt");

-- CreateIndex
CREATE INDEX "OrderAttribution_shopId_occurredAt_idx" ON "OrderAttribution"("shopId", "occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrderAttribution_shopId_orderId_lineItemId_key" ON "OrderAttribution"("shopId", "orderId", "lineItemId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewPrompt_shopId_promptType_key" ON "ReviewPrompt"("shopId", "promptType");

-- CreateIndex
CREATE UNIQUE INDEX "SisterVerification_shopId_key" ON "SisterVerification"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "LibraryView_shopId_nameKey_key" ON "LibraryView"("shopId", "nameKey");

-- CreateIndex
CREATE INDEX "WebhookDelivery_shopDomain_idx" ON "WebhookDelivery"("shopDomain");
