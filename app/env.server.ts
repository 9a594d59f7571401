/**
 * The server's environment, read and checked once when a process first loads
 * the app (decision 076). Every variable the app reads is declared here with
 * its type, its default and what it is for; a value that does not fit stops
 * the start with one message naming every bad variable, instead of a default
 * taken in silence or a failure on the first merchant's request. No other file
 * in app/ reads process.env (the lint says so).
 *
 * An empty value counts as unset (a `.env` line such as `APIFY_TOKEN=`).
 * DATABASE_URL is read by prisma/database-url.mjs, which the scripts share.
 */
import { z } from "zod";

/** A background part that runs unless its variable says "off". */
const onUnlessOff = z.enum(["on", "off"]).default("on");
const positiveInteger = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ });

const SERVER_ENV = z.object({
  /** "production" on a deployment; anything else is treated as development. */
  NODE_ENV: z.string().optional(),

  // The app as Shopify knows it (shopify.app.toml, the Partner Dashboard).
  SHOPIFY_API_KEY: z.string().default(""),
  SHOPIFY_API_SECRET: z.string().default(""),
  SHOPIFY_APP_URL: httpUrl.optional(),
  /** Comma-separated access scopes. */
  SCOPES: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, "a comma-separated list of scopes, such as read_products,write_files")
    .optional(),
  SHOPIFY_APP_HANDLE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, "the app's handle in the admin URL: lower-case letters, digits and hyphens")
    .default("clipcart"),
  SHOPIFY_LOG_LEVEL: z.enum(["error", "warning", "info", "debug"]).default("info"),
  /** A shop domain outside myshopify.com that the app accepts (Shopify's customShopDomains). */
  SHOP_CUSTOM_DOMAIN: z.string().optional(),
  /** "true" or "false": whether Shopify charges are test charges; unset, they are outside production. */
  SHOPIFY_BILLING_TEST: z.enum(["true", "false"]).optional(),
  /** Local Shopify's origin (tests/emulators/shopify); only ever on loopback (shopify/local-shopify.server.ts). */
  LOCAL_SHOPIFY_URL: httpUrl.optional(),

  // The database (DATABASE_URL itself: prisma/database-url.mjs).
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATABASE_POOL_MAX: positiveInteger.default(10),
  /** A statement waiting this long for a row lock gives up with a 503 and a retry. */
  DATABASE_LOCK_TIMEOUT_MS: positiveInteger.default(10_000),

  /** Proxies in front of the app whose X-Forwarded-For entries are trusted (0: none). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).default(0),

  // Background parts, each on unless "off" (tests and single-purpose instances turn some off).
  AUTO_SYNC: onUnlessOff,
  CATALOGUE_RUNNER: onUnlessOff,
  MEDIA_REFRESH: onUnlessOff,
  STOREFRONT_PUBLISHING: onUnlessOff,
  VIDEO_MIRRORING: onUnlessOff,

  // The importers.
  APIFY_TOKEN: z.string().trim().optional(),
  /** How long an import waits for an actor run. */
  APIFY_WAIT_SECS: positiveInteger.default(120),

  /** Crisp's website ID: the Dashboard's live chat; unset, Support opens the email dialog. */
  CRISP_WEBSITE_ID: z.string().optional(),

  // The sister product whose customers get Premium (decision 034).
  SISTER_PRODUCT_NAME: z.string().optional(),
  SISTER_PRODUCT_SLUG: z
    .string()
    .transform((slug) => slug.toLowerCase())
    .pipe(z.string().regex(/^[a-z][a-z0-9]{1,30}$/, "a lower-case word of 2 to 31 letters and digits"))
    .optional(),
  SISTER_PRODUCT_API_URL: httpUrl.optional(),
  SISTER_VERIFICATION_SECRET: z.string().optional(),
});

export type ServerEnv = z.infer<typeof SERVER_ENV>;

/** Thrown at start when a variable does not fit: the message names each one and what it should be. */
export class InvalidEnvironmentError extends Error {
  constructor(problems: string[]) {
    super(`The environment is not valid:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Checks `source` (process.env, or a test's variables) against the declarations above. */
export function readServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const declared = Object.entries(source).filter(([name, value]) => name in SERVER_ENV.shape && value !== undefined && value.trim() !== "");
  const result = SERVER_ENV.safeParse(Object.fromEntries(declared));
  if (result.success) return result.data;
  throw new InvalidEnvironmentError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
}

/** This process's environment, as it was when the app was loaded. */
export const serverEnv: Readonly<ServerEnv> = Object.freeze(readServerEnv(process.env));
