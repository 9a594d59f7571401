/**
 * Business constants and limits of the product spec (section 9), in one place.
 * Client-safe: imported by routes, components, models and the storefront renderer.
 */

export const FREE_PLAN = {
  name: "Free",
  priceUsd: 0,
  approvedVideoLimit: 5,
  /** "Approaching Video Limit" shows from this many approved videos. */
  warnAtApproved: 4,
} as const;

export const PREMIUM_PLAN = {
  /** Also the Shopify billing plan name. */
  name: "Premium",
  priceUsd: 5.99,
  intervalDays: 30,
  autoSyncEveryHours: 3,
} as const;

/**
 * The sister review product whose Lunch and Dinner customers get Premium free
 * (spec 1, 6). Its name fills "{product}" in the Plan page's texts; its slug
 * names the verification route (/api/billing/verify-{slug}) and the plan's
 * "{slug}Verified" field. Deployments may rename it (SISTER_PRODUCT_NAME /
 * SISTER_PRODUCT_SLUG, read on the server: app/models/plan.server.ts).
 */
export const SISTER_PRODUCT_DEFAULTS = { name: "Trustlane", slug: "trustlane" } as const;
/** The sister product's plans that include Clipcart Premium. */
export const SISTER_PREMIUM_PLANS = ["lunch", "dinner"] as const;
/**
 * Verification as a sister-product customer (decision 022): a pair unlocks
 * Premium on one store, for `validDays`; the Plan page asks to verify again in
 * the last `remindDays`. A shop gets at most `maxFailedAttempts` failed
 * attempts per `failedAttemptWindowMinutes`, and all shops together at most
 * `maxFailedAttemptsAllShops` (decision 061: guesses spread over many shops);
 * beyond either the sister product is not asked (429 with Retry-After).
 */
export const SISTER_VERIFICATION = {
  validDays: 30,
  remindDays: 7,
  maxFailedAttempts: 5,
  maxFailedAttemptsAllShops: 20,
  failedAttemptWindowMinutes: 15,
  /** How long the sister product's API may take to answer. */
  timeoutMs: 10_000,
} as const;

export const VIDEO_LIST_PAGE_SIZE = 20;
export const VIDEO_TITLE_MAX_LENGTH = 70;

/**
 * The merchant's own videos (issue 13): what the Video Library's upload takes.
 * Shopify Files take videos up to 1 GB; short shoppable videos need far less,
 * and a smaller cap keeps an upload on a shop's connection to minutes.
 */
export const VIDEO_UPLOAD = {
  // 250 MB, written out: the storefront bundle imports this module, and esbuild keeps an unused initializer that multiplies.
  maxBytes: 262_144_000,
  maxSeconds: 180,
  filesAtOnce: 10,
  /** MIME type -> the name merchants know the format by. */
  types: { "video/mp4": "MP4", "video/quicktime": "MOV", "video/webm": "WebM" },
  extensions: { mp4: "video/mp4", m4v: "video/mp4", mov: "video/quicktime", webm: "video/webm" },
} as const;
export type UploadMimeType = keyof typeof VIDEO_UPLOAD.types;
/**
 * How long an upload target handed to a shop may be used (decision 058): POST
 * /api/uploads takes its resourceUrl once, within this time. Long enough to
 * send 250 MB over a slow line; Shopify's own signed target may lapse sooner.
 */
export const STAGED_UPLOAD_VALID_HOURS = 6;
/** The longest title a merchant may give an uploaded video (the library shows the first VIDEO_TITLE_MAX_LENGTH). */
export const UPLOAD_TITLE_MAX_LENGTH = 150;
/** The longest file name an upload takes (what file systems allow); shown back to the merchant and the start of the video's title. */
export const UPLOAD_FILENAME_MAX_LENGTH = 255;
/** Every approved video is checked this often: its post still public, our copy and poster still in Shopify Files (decision 036). */
export const MEDIA_CHECK_EVERY_HOURS = 24;
/**
 * Signed platform media URLs (decision 083; each platform's lifetimes are in
 * app/contracts/platforms.ts). The refresher looks every `everyMinutes` for
 * URLs the app still needs that expire within `marginMinutes`, and reads
 * their posts again, `postsPerRun` to an actor run; a post it could not
 * refresh is tried again after `retryMinutes`, and a URL expired more than
 * `giveUpHours` ago is left to the next resync. The mirror fetches a fresh
 * file when its stored URL has less than `mirrorSourceMarginMinutes` left
 * (Shopify fetches the source after fileCreate answers).
 */
export const MEDIA_REFRESH = {
  everyMinutes: 5,
  marginMinutes: 120,
  postsPerRun: 50,
  retryMinutes: 60,
  giveUpHours: 7 * 24,
  mirrorSourceMarginMinutes: 15,
} as const;
/** An account import or resync fetches the account's newest videos, this many. */
export const CHANNEL_IMPORT_LIMIT = 30;
/** The URL import takes this many links at once, one per line (issue 16, decision 056). */
export const IMPORT_LINKS_MAX = 50;
/** Links of one platform sent to its scraper in one actor run: fewer runs, and progress between them. */
export const IMPORT_LINKS_PER_RUN = 25;
/**
 * What one shop's imports may cost at once (decision 061), by plan, Free lower
 * than Premium: `imports` the merchant may have queued or running (one more is
 * refused, 429; Premium's auto-syncs are not counted nor refused), and Apify
 * actor runs the shop's imports may have going at once, auto-syncs included
 * (one more waits for a run to end).
 */
export const IMPORT_CAPS = {
  free: { imports: 2, actorRuns: 2 },
  premium: { imports: 5, actorRuns: 4 },
} as const;
export const TAG_BADGES_BEFORE_MORE = 2;
export const PRODUCT_SEARCH_MIN_CHARS = 2;
/** Product suggestions (decision 053): videos the bulk review shows at once (the library selects a page of 20). */
export const SUGGESTION_REVIEW_MAX_VIDEOS = 50;
/**
 * "Tag suggested products" for a whole import (decision 078) reads at most
 * this many of the import's videos, newest first: as many as one import adds
 * (an account import or resync CHANNEL_IMPORT_LIMIT, a links import
 * IMPORT_LINKS_MAX; a unit test holds it to both). Written out, not computed:
 * the storefront bundle imports this module.
 */
export const IMPORT_REVIEW_MAX_VIDEOS = 50;
/**
 * An auto-approve rule that also tags (decision 078) tags a video's top
 * suggested product only from this score up, and only when no other product
 * ties with it. The engine's score (app/suggestions/product-suggestions.ts)
 * runs from 0 to 1: 0.62 of it is how much of the product's title the caption
 * names (each title word weighted by its rarity in the catalogue), then 0.14
 * its type, 0.1 its tags, 0.08 its vendor (by the author), 0.06 its option
 * values; it suggests from 0.42, where part of a title is enough. 0.62, the
 * title's whole weight, is reached only when the caption names the product's
 * entire title word for word, or nearly all of it with its type or tags
 * confirming it: a caption that names one word of a two-word title ("linen")
 * stays below. On the suggestion bench's labelled captions the first
 * suggestion at or above it was right 174 of 175 times on the engine's own
 * set and 121 of 121 on the blind set, and no caption showing no product got
 * one (npm run bench:suggest prints these figures).
 */
export const AUTO_TAG_MIN_SCORE = 0.62;
/**
 * What product suggestions' in-memory index may cost (decision 059). A product
 * keeps at most `wordsPerProduct` words (title first, then handle, type,
 * vendor, tags, option values), read from its first `tagsPerProduct` tags and
 * `optionValuesPerProduct` option values; a longer word than `wordChars` is no
 * product's name and is not kept. Measured: about 0.6 KB a product of a large
 * shop's catalogue, under 48 KB however a product is written (bench:suggest,
 * app/models/suggestion-index-memory.test.ts). An instance keeps indexes up to
 * `budgetBytes` (about 400,000 such products), the least recently used idle
 * shop dropped first (it is rebuilt on its next use). Builds give the event
 * loop back every `sliceMs`, read the catalogue `buildPageRows` rows at a
 * time, and a request waits for a first build at most `answerWithinMs` before
 * answering that suggestions are being prepared.
 */
export const SUGGESTION_INDEX = {
  wordsPerProduct: 96,
  tagsPerProduct: 50,
  optionValuesPerProduct: 50,
  wordChars: 24,
  budgetBytes: 268_435_456,
  sliceMs: 10,
  buildPageRows: 250,
  answerWithinMs: 1_000,
} as const;
export const VIEW_NAME_MAX_LENGTH = 40;
export const TUTORIAL_VIDEO_LENGTH = "1:18";
/**
 * The tutorial film and the help article: hosted by us, not by a platform, so
 * the Dashboard's player needs no third-party embed. Overridable per deployment.
 */
export const TUTORIAL_VIDEO = {
  src: "/tutorial/clipcart-tutorial.webm",
  poster: "/tutorial/clipcart-tutorial-poster.svg",
  captions: "/tutorial/clipcart-tutorial.en.vtt",
} as const;
export const HELP_GUIDE_URL = "https://help.clipcart.app/getting-started";
/** Where merchants write when the support chat is not there (decision 069). */
export const SUPPORT_EMAIL = "support@clipcart.app";

export const WIDGET_PRIORITY = { highest: 1, lowest: 5 } as const;
/** Videos added to a widget in one go from its "Add videos" picker (issue 16 item 3). */
export const WIDGET_VIDEOS_ADD_MAX = 50;
export const CAROUSEL_AUTO_SCROLL_MS = 5000;
/** Products the Customize preview's product picker lists at once (decision 079); more are found by searching. */
export const PREVIEW_PRODUCTS_MAX = 50;
/** After "Try again" on product pages that could not be updated, when the Widgets page reads again whether it worked. */
export const PRODUCT_PUBLISH_RECHECK_MS = 5000;

/** What shoppers do, measured (issue 14): an impression is a widget, or a video's card, at least half visible for a second. */
export const IMPRESSION_VISIBLE_RATIO = 0.5;
export const IMPRESSION_AFTER_MS = 1000;
/** A play counts as a view once this much of it was watched. */
export const VIEW_AFTER_MS = 3000;
/**
 * One watch_time event counts at most this much (a larger `ms` is lowered to it).
 * An event covers one stretch of watching within one page view, and a short
 * video's stretch is minutes; a tab left looping, or a forged beacon, must not
 * swing a video's average watch time.
 */
export const WATCH_TIME_MAX_MS_PER_EVENT = 10 * 60 * 1000;

/**
 * What a real shopper can add to Analytics (decision 060). A browser session
 * counts at most once per event type, video and widget per UTC day (the
 * rollups' day), and a play's watch time at most the video's length and the
 * wall time since that play began. Beacons are sent in batches (after a few
 * quiet seconds, or when the page is left), so a play is taken to have begun
 * up to `playStartAllowanceMs` before the beacon that reports it arrived.
 * A browser session, or a source (the shopper's address as Shopify's app
 * proxy forwards it), sending more events to one shop than a shopper can is
 * cut off for `cutOffMinutes`: the rates allow a burst of a minute's worth.
 */
export const SHOPPER_COUNTING = {
  playStartAllowanceMs: 60_000,
  /** One play's watch time when the video's length is not known (a platform's player, a copy Shopify gave no duration). */
  unknownLengthWatchMaxMs: WATCH_TIME_MAX_MS_PER_EVENT,
  /** A page view sends about a dozen events, a shopper a few page views a minute. */
  sessionEventsPerMinute: 300,
  /** Shoppers behind one address (an office, a carrier's NAT) share it. */
  sourceEventsPerMinute: 1_200,
  cutOffMinutes: 10,
} as const;

export const ANALYTICS_WINDOW_DAYS = 30;
export const TOP_VIDEOS_COUNT = 5;
/**
 * What Analytics' tables can be ranked by (decision 068): clicks first, the
 * spec's "top 5 by clicks"; then what sells, then what is seen. Rates and
 * averages are left out: a video seen twice and played twice would top them.
 */
export const PERFORMANCE_RANKINGS = ["clicks", "revenue", "orders", "add_to_cart", "impressions", "plays", "views"] as const;
export type PerformanceRanking = (typeof PERFORMANCE_RANKINGS)[number];
/** The query parameter that ranks each Analytics table (the server ranks: the videos' list is cut after ranking). */
export const PERFORMANCE_RANKING_PARAMS = { videos: "videoSort", widgets: "widgetSort" } as const;
/** The groups of measure columns an Analytics table shows one at a time, so a table fits its card (decision 068); the first is shown first. */
export const PERFORMANCE_COLUMN_SETS = ["sales", "watching", "clicks"] as const;
export type PerformanceColumnSet = (typeof PERFORMANCE_COLUMN_SETS)[number];
/** From here on a table's counts and amounts read compactly ("12K", "$15.3K"); below, in full, as merchants count small numbers. */
export const COMPACT_FIGURES_FROM = 10_000;

export const PREVIEW_SAMPLE_VIDEOS_MAX = 8;
/** Where the admin serves the sample videos' posters (public/samples, made by scripts/make-sample-posters.mjs). */
export const PREVIEW_SAMPLE_POSTER_PATH = "/samples";
/** Sample videos an admin preview shows (spec 9); per layout in app/contracts/widget-layouts.ts. */
export const PREVIEW_VISIBLE = { carousel: 3, grid: 6, stories: 6 } as const;

export const REVIEW_PROMPT_DAYS = [15, 30] as const;
/** The app-store review prompts (spec 4): after the first widget install, and 15 and 30 days after the first activity. */
export const REVIEW_PROMPT_TYPES = ["widget_install", "15_days", "30_days"] as const;
export type ReviewPromptType = (typeof REVIEW_PROMPT_TYPES)[number];

export const VERIFY_SUCCESS_CLOSE_MS = 2000;
export const PREVIEW_DIALOG_CLOSE_MS = 500;

export const PAGE_CONTEXTS = ["homepage", "product", "collection", "cart", "all_pages"] as const;
export type PageContext = (typeof PAGE_CONTEXTS)[number];

/** Theme editor template per page context; all_pages has none (spec 9). */
export const THEME_EDITOR_TEMPLATE: Record<Exclude<PageContext, "all_pages">, string> = {
  product: "product",
  collection: "collection",
  homepage: "index",
  cart: "cart",
};

/** The app's handle (shopify.app.toml): app blocks in a theme's files are typed `shopify://apps/<handle>/blocks/<block>/<id>`. */
export const SHOPIFY_APP_HANDLE = "clipcart";
/** The theme files read to see where the widgets are (issue 15 items 4, 11): the four page templates and the app embeds. */
export const THEME_SETUP_FILES = [
  "templates/index.json",
  "templates/product.json",
  "templates/collection.json",
  "templates/cart.json",
  "config/settings_data.json",
] as const;

/**
 * Admin Web Vitals (issue 15 item 23, decision 052): the metrics App Bridge
 * reports that the app keeps, per admin page, and how many of the latest values
 * of each it keeps in memory (a ring: memory stays bounded whatever arrives).
 */
export const WEB_VITALS_METRICS = ["LCP", "CLS", "INP"] as const;
export type WebVitalsMetricName = (typeof WEB_VITALS_METRICS)[number];
export const WEB_VITALS_PAGES = ["dashboard", "library", "widgets", "analytics", "plan"] as const;
export type WebVitalsPage = (typeof WEB_VITALS_PAGES)[number];
export const WEB_VITALS_SAMPLES_KEPT = 500;
/**
 * Reports are kept per shop (decision 062), for this many shops at most: the
 * ones that reported least recently are forgotten first, so memory stays
 * bounded (a few MB) however many shops report.
 */
export const WEB_VITALS_SHOPS_KEPT = 200;
/** Values past these are measurement noise (a tab left in the background), not a page's speed: refused. */
export const WEB_VITALS_MAX_VALUE: Record<WebVitalsMetricName, number> = { LCP: 120_000, CLS: 50, INP: 60_000 };
/** Built for Shopify's bar for the admin, and ours (issue 15 item 23). */
export const WEB_VITALS_GOAL: Record<WebVitalsMetricName, number> = { LCP: 1000, CLS: 0.05, INP: 100 };

/**
 * Auto-approve rules (issue 16 item 2, decision 054): how many a shop keeps and
 * how long their parts may be. A blocked word may be a phrase of a few words.
 */
export const AUTO_APPROVE = {
  maxRules: 20,
  nameMaxLength: 40,
  maxHashtagsPerRule: 20,
  hashtagMaxLength: 100,
  maxBlockedWords: 100,
  blockedWordMaxLength: 50,
  /** The largest "at least N plays / likes" a rule takes (decision 082): past any post's real figure. */
  minimumFigureMax: 1_000_000_000,
} as const;

/**
 * Captions (decision 084): one WebVTT file per video and language. A file the
 * merchant uploads or a platform gives is read whole, so it is capped; a short
 * video's captions take a few KB.
 */
export const CAPTIONS = {
  /** The largest caption file read (an upload, or a platform's link): 512 KB. */
  maxBytes: 524_288,
  /** Cues in one file: one every second of a 30-minute video. */
  maxCues: 1800,
  /** Characters of one cue's text (a few lines on screen). */
  maxCueChars: 500,
  /** Languages one video may have. */
  maxLanguages: 30,
  /** Extensions the upload takes. */
  extensions: ["vtt", "srt"],
} as const;
