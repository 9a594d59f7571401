/**
 * The one entry point to the importers: `getImporter(platform)` gives the
 * enabled platform's importer, configured from the environment (APIFY_TOKEN,
 * APIFY_WAIT_SECS) and, locally, pointed at Local Shopify's emulators.
 * Disabled or unknown platforms are refused with kind "invalid_input".
 */
import { isPlatformId, PLATFORMS } from "./config";
import { importerSettings, type ImporterSettings } from "./endpoints.server";
import { createInstagramImporter } from "./instagram.server";
import { createPinterestImporter } from "./pinterest.server";
import { createTikTokImporter } from "./tiktok.server";
import { ImportError, type EnabledPlatformId, type PlatformId, type PlatformImporter } from "~/contracts/platforms";

export { ImportError } from "~/contracts/platforms";
export type { ChannelImportResult, ImportedChannel, ImportedVideo, ImportFailure, ImportFailureKind, PlatformImporter } from "~/contracts/platforms";
export { importerSettings, type ImporterSettings } from "./endpoints.server";

/** Every enabled platform's importer (app/contracts/platforms.ts: one enabled without its importer fails `tsc`). */
const FACTORIES: Record<EnabledPlatformId, (settings: ImporterSettings) => PlatformImporter> = {
  tiktok: createTikTokImporter,
  instagram: createInstagramImporter,
  pinterest: createPinterestImporter,
};

/**
 * The importer of `platform` with explicit settings (tests use it for short
 * waits); `overrides` are applied on top of the environment's settings.
 */
export function createImporter(platform: PlatformId, overrides: Partial<ImporterSettings> = {}): PlatformImporter {
  if (!isPlatformId(platform)) throw new ImportError("invalid_input", `Unknown platform: ${JSON.stringify(String(platform).slice(0, 40))}`);
  const config = PLATFORMS[platform];
  const factory = (FACTORIES as Partial<Record<PlatformId, (settings: ImporterSettings) => PlatformImporter>>)[platform];
  if (!config.enabled || !factory) throw new ImportError("invalid_input", `${config.label}: importing from ${config.name} is not available yet`);
  return factory({ ...importerSettings(), ...overrides });
}

/** The importer of an enabled platform, configured from the environment at each call. */
export function getImporter(platform: PlatformId): PlatformImporter {
  return createImporter(platform);
}
