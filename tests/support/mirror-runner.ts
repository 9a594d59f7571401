/**
 * The video mirror runner in route tests (decision 035): awake for the test
 * file's own shops only (the unit database is shared with other test files),
 * with short status waits; and an account import through the real importers.
 */
import { afterEach, beforeEach, expect } from "vitest";
import { configureImportRunner, resetImportRunner, waitForImportRunnerIdle } from "~/jobs/import-runner.server";
import { configureVideoMirror, resetVideoMirror, videoMirrorIdle } from "~/jobs/video-mirror.server";
import type { ImportJobDto } from "~/rules/api-types";
import { action as importChannelRoute } from "~/routes/api.channels._index";
import { apiRequest, callRoute } from "./app-requests";
import { bootstrapShop, jsonOf, type TestShop } from "./library-fixtures";

/**
 * Registers the hooks that wake the runner for each test and leave it idle and
 * reset after. Caption copies (decision 084) only where a file asks for them:
 * a TikTok import's captions are a dozen more copies the video tests do not need.
 */
export function useMirrorRunner({ captions = false }: { captions?: boolean } = {}): void {
  beforeEach(() => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    configureVideoMirror({ enabled: true, pollDelaysMs: [100, 200, 400], captions });
  });
  afterEach(async () => {
    await videoMirrorIdle();
    await waitForImportRunnerIdle();
    resetVideoMirror();
    resetImportRunner();
  });
}

/** A new shop whose work the runner takes, and only that. */
export async function bootstrapMirroredShop(...args: Parameters<typeof bootstrapShop>): Promise<TestShop> {
  const shop = await bootstrapShop(...args);
  configureVideoMirror({ shopIds: [shop.id] });
  return shop;
}

/** Imports an account through POST /api/channels and the real importers; resolves when the job has ended. */
export async function importAccount(shop: TestShop, platform: "tiktok" | "instagram", username: string): Promise<ImportJobDto> {
  const response = await callRoute(importChannelRoute, await apiRequest(shop.domain, "/api/channels", { body: { shopId: shop.id, username, platform } }));
  expect(response.status).toBe(202);
  await waitForImportRunnerIdle();
  return (await jsonOf<{ job: ImportJobDto }>(response)).job;
}
