import { inject } from "vitest";
import localApp from "../emulators/shopify/local-app.json" with { type: "json" };
import localApify from "../emulators/platforms/local-apify.json" with { type: "json" };
import { installConsoleGuard } from "../support/console-guard";

// Runs before each test file's imports, so app modules read this environment
// exactly as they would under the demo: credentials of the local app, Local
// Shopify's URL (and with it the Apify and oEmbed emulators mounted there), the
// unit-test database, the emulated Apify's token and a short run wait.
process.env.LOCAL_SHOPIFY_URL = inject("localShopifyUrl");
process.env.SHOPIFY_APP_URL = inject("appUrl");
process.env.DATABASE_URL = inject("databaseUrl");
process.env.SHOPIFY_API_KEY = localApp.apiKey;
process.env.SHOPIFY_API_SECRET = localApp.apiSecret;
process.env.SHOPIFY_APP_HANDLE = localApp.appHandle;
process.env.SCOPES = localApp.scopes;
process.env.SHOPIFY_LOG_LEVEL ??= "error";
process.env.APIFY_TOKEN = localApify.token;
process.env.APIFY_WAIT_SECS ??= "3";
// The video mirror runner stays asleep unless a test of it wakes it (tests/api/video-mirror.test.ts):
// approvals elsewhere would otherwise copy videos in the background of unrelated tests.
process.env.VIDEO_MIRRORING ??= "off";
// Likewise the media refresher's sweep (tests/api/media-refresh.test.ts runs its rounds itself).
process.env.MEDIA_REFRESH ??= "off";

// A test fails on console.error/warn it did not declare (tests/support/console-guard.ts).
installConsoleGuard();
