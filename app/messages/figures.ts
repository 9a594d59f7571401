/** The plan's and the product's figures as the texts write them, from app/constants.ts (the same constants Shopify bills with, so the page and the bill cannot disagree). */
import { ANALYTICS_WINDOW_DAYS, FREE_PLAN, MEDIA_CHECK_EVERY_HOURS, PREMIUM_PLAN, VIDEO_UPLOAD } from "~/constants";

/** "$0", "$5.99": whole dollars without cents, as the spec writes prices. */
export const formatUsd = (amount: number) => (Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`);

export const FREE_LIMIT = FREE_PLAN.approvedVideoLimit;
export const PREMIUM_PRICE = formatUsd(PREMIUM_PLAN.priceUsd);
export const AUTO_SYNC_PERIOD = `every ${PREMIUM_PLAN.autoSyncEveryHours} hours`;
export const UPLOAD_MAX_MB = Math.round(VIDEO_UPLOAD.maxBytes / (1024 * 1024));
export const UPLOAD_MAX_MINUTES = VIDEO_UPLOAD.maxSeconds / 60;
export const ANALYTICS_WINDOW = `the last ${ANALYTICS_WINDOW_DAYS} days`;
export const MEDIA_CHECK_PERIOD = MEDIA_CHECK_EVERY_HOURS === 24 ? "daily" : `${MEDIA_CHECK_EVERY_HOURS}-hourly`;
