/**
 * Typed calls of the REST API (spec 7) for the admin UI. Same-origin JSON
 * through the page's `fetch`, which App Bridge wraps to add the session token,
 * so it is looked up at call time, never captured.
 *
 * A refused call throws an ApiError whose message is the server's `error` (or
 * `message`) text; a network failure rethrows the browser's own error, so its
 * "Failed to fetch" reaches the error mapper (app/rules/error-mapper.ts) intact.
 */
import type {
  AutoApproveRuleDto,
  CaptionDto,
  ChannelDto,
  ConnectedAccountsDto,
  ImportJobDto,
  LibraryViewDto,
  MediaIssueDto,
  PendingReviewPromptsDto,
  ProductSearchResult,
  ProductSuggestionDto,
  SuggestionsCatalogueState,
  VideoSuggestionsDto,
  ImportSuggestionsDto,
  ProductTagDto,
  UploadStatusDto,
  TaggedProductsDto,
  WidgetDto,
  WidgetVideosDto,
  AddableVideosPage,
} from "~/rules/api-types";
import type { ReviewPromptType } from "~/constants";
import type { PlatformId } from "~/contracts/platforms";
import type { MediaIssueAction } from "~/rules/media-issues";
import type { ThemeSetup } from "~/rules/theme-setup";
import type { StorefrontVideo } from "~/storefront/widget-data";
import { SERVER_TEXT } from "~/messages";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function serverMessage(body: unknown): string | null {
  if (body && typeof body === "object") {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === "string" && error) return error;
    if (typeof message === "string" && message) return message;
  }
  return null;
}

async function apiRequest<T>(path: string, options: { method?: Method; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const { method = "GET", body, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await globalThis.fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    throw new ApiError(serverMessage(data) ?? SERVER_TEXT.statusError(response.status), response.status);
  }
  return data as T;
}

/** Lists come either bare or wrapped (`{ tags: [...] }`); both are accepted. */
function listFrom<T>(data: unknown, key: string): T[] {
  if (Array.isArray(data)) return data as T[];
  const wrapped = data && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined;
  return Array.isArray(wrapped) ? (wrapped as T[]) : [];
}

/** A single record, bare or wrapped (`{ job: {...} }`). */
function itemFrom<T>(data: unknown, key: string): T {
  const wrapped = data && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined;
  return (wrapped ?? data) as T;
}

const enc = encodeURIComponent;

// --------------------------------------------------------------------- videos

/** Approve sends the chosen widgets (empty = all widgets); unpublish sends `enabled: false` only. */
export type ToggleVideoBody = { enabled: true; widgetIds: string[] } | { enabled: false };

export async function toggleVideo(videoId: string, body: ToggleVideoBody): Promise<void> {
  await apiRequest(`/api/videos/${enc(videoId)}/toggle`, { method: "PATCH", body });
}

export async function deleteVideo(videoId: string): Promise<void> {
  await apiRequest(`/api/videos/${enc(videoId)}`, { method: "DELETE" });
}

export async function fetchVideoTags(videoId: string, shopId: string): Promise<ProductTagDto[]> {
  const data = await apiRequest<unknown>(`/api/videos/${enc(videoId)}/tags?shopId=${enc(shopId)}`);
  return listFrom<ProductTagDto>(data, "tags");
}

export async function addVideoTag(videoId: string, body: { productId: string; productTitle: string; shopId: string }): Promise<ProductTagDto> {
  const data = await apiRequest<unknown>(`/api/videos/${enc(videoId)}/tags`, { method: "POST", body });
  return itemFrom<ProductTagDto>(data, "tag");
}

export async function removeVideoTag(tagId: string, shopId: string): Promise<void> {
  await apiRequest(`/api/videos/tags/${enc(tagId)}?shopId=${enc(shopId)}`, { method: "DELETE" });
}

/** The answer's `catalogue`, as the server says it; an older server's answer without one is "ready". */
function catalogueStateOf(data: unknown): SuggestionsCatalogueState {
  const state = (data as { catalogue?: unknown } | null)?.catalogue;
  return state === "reading" || state === "building" ? state : "ready";
}

/** The products suggested for a video (decision 053); `catalogue` says whether they are still being prepared (decision 059). */
export async function fetchVideoSuggestions(
  videoId: string,
  shopId: string,
  signal?: AbortSignal,
): Promise<{ suggestions: ProductSuggestionDto[]; catalogue: SuggestionsCatalogueState }> {
  const data = await apiRequest<unknown>(`/api/videos/${enc(videoId)}/suggestions?shopId=${enc(shopId)}`, { signal });
  return { suggestions: listFrom<ProductSuggestionDto>(data, "suggestions"), catalogue: catalogueStateOf(data) };
}

export async function reviewSuggestions(
  shopId: string,
  videoIds: string[],
  signal?: AbortSignal,
): Promise<{ videos: VideoSuggestionsDto[]; catalogue: SuggestionsCatalogueState }> {
  const data = await apiRequest<unknown>("/api/suggestions", { method: "POST", body: { intent: "review", shopId, videoIds }, signal });
  return { videos: listFrom<VideoSuggestionsDto>(data, "videos"), catalogue: catalogueStateOf(data) };
}

/** "Tag suggested products" for a whole import (decision 078): its videos that have suggestions, and how many it added. */
export async function reviewImportSuggestions(shopId: string, importJobId: string, signal?: AbortSignal): Promise<ImportSuggestionsDto> {
  const data = await apiRequest<unknown>("/api/suggestions", { method: "POST", body: { intent: "review-import", shopId, importJobId }, signal });
  const imported = Number((data as { imported?: unknown } | null)?.imported);
  return { videos: listFrom<VideoSuggestionsDto>(data, "videos"), imported: Number.isFinite(imported) ? imported : 0, catalogue: catalogueStateOf(data) };
}

export async function tagSuggestions(shopId: string, tags: Array<{ videoId: string; productId: string }>): Promise<number> {
  const data = await apiRequest<unknown>("/api/suggestions", { method: "POST", body: { intent: "tag", shopId, tags } });
  return Number((data as { tagged?: unknown } | null)?.tagged ?? 0);
}

export async function searchProducts(q: string, shopId: string, signal?: AbortSignal): Promise<ProductSearchResult[]> {
  const data = await apiRequest<unknown>(`/api/products/search?q=${enc(q)}&shopId=${enc(shopId)}`, { signal });
  return listFrom<ProductSearchResult>(data, "products");
}

// ------------------------------------------------------------ channels, jobs

export async function fetchChannels(shopId: string): Promise<ChannelDto[]> {
  return (await fetchConnectedAccounts(shopId)).channels;
}

/** The connected accounts and whether they sync by themselves (the shop is on Premium). */
export async function fetchConnectedAccounts(shopId: string): Promise<ConnectedAccountsDto> {
  const data = await apiRequest<unknown>(`/api/channels/${enc(shopId)}`);
  return { channels: listFrom<ChannelDto>(data, "channels"), autoSync: (data as { autoSync?: unknown } | null)?.autoSync === true };
}

export async function importChannel(body: { shopId: string; username: string; platform: PlatformId }): Promise<ImportJobDto> {
  const data = await apiRequest<unknown>("/api/channels", { method: "POST", body });
  return itemFrom<ImportJobDto>(data, "job");
}

export async function importSingleVideo(body: { shopId: string; videoUrl: string; platform: PlatformId }): Promise<ImportJobDto> {
  const data = await apiRequest<unknown>("/api/videos/single", { method: "POST", body });
  return itemFrom<ImportJobDto>(data, "job");
}

/** Several links of any platforms as one job (decision 056); `platform` is where the merchant started it. */
export async function importLinks(body: { shopId: string; links: string[]; platform: PlatformId }): Promise<ImportJobDto> {
  const data = await apiRequest<unknown>("/api/videos/links", { method: "POST", body });
  return itemFrom<ImportJobDto>(data, "job");
}

export async function deleteChannel(channelId: string): Promise<void> {
  await apiRequest(`/api/channels/${enc(channelId)}`, { method: "DELETE" });
}

export async function syncChannel(channelId: string): Promise<ImportJobDto> {
  const data = await apiRequest<unknown>(`/api/channels/${enc(channelId)}/sync`, { method: "POST", body: {} });
  return itemFrom<ImportJobDto>(data, "job");
}

export async function fetchImportJob(jobId: string): Promise<ImportJobDto> {
  const data = await apiRequest<unknown>(`/api/import-jobs/${enc(jobId)}`);
  return itemFrom<ImportJobDto>(data, "job");
}

/** Stops a running import; answers the job as it is now (cancelled, or ended meanwhile). */
export async function cancelImportJob(jobId: string): Promise<ImportJobDto> {
  const data = await apiRequest<unknown>(`/api/import-jobs/${enc(jobId)}/cancel`, { method: "POST" });
  return itemFrom<ImportJobDto>(data, "job");
}

export async function fetchActiveImportJobs(): Promise<ImportJobDto[]> {
  const data = await apiRequest<unknown>("/api/import-jobs?active=1");
  return listFrom<ImportJobDto>(data, "jobs");
}

// ------------------------------------------------------------ widgets, views

export interface CreateWidgetBody {
  shopId: string;
  name: string;
  layoutType: WidgetDto["layout_type"];
  sourceType: WidgetDto["source_type"];
  /** With sourceType "product": a product without videos shows the widget's other videos. */
  productFallback: boolean;
  language: string;
  pageContexts: WidgetDto["page_contexts"];
  priority: number;
  settings: Partial<WidgetDto["settings"]>;
}

export async function createWidget(body: CreateWidgetBody): Promise<WidgetDto> {
  const data = await apiRequest<unknown>("/api/widgets", { method: "POST", body });
  return itemFrom<WidgetDto>(data, "widget");
}

export async function deleteWidget(widgetId: string, shopId: string): Promise<void> {
  await apiRequest(`/api/widgets/${enc(widgetId)}?shopId=${enc(shopId)}`, { method: "DELETE" });
}

export async function markWidgetInstalled(widgetId: string): Promise<WidgetDto> {
  const data = await apiRequest<unknown>(`/api/widgets/${enc(widgetId)}/mark-installed`, { method: "POST", body: {} });
  return itemFrom<WidgetDto>(data, "widget");
}

/** "Try again" when product pages could not be updated (decision 079): the storefront data is published again now. */
export async function retryStorefrontPublish(shopId: string): Promise<void> {
  await apiRequest(`/api/shops/${enc(shopId)}/storefront-publish`, { method: "POST", body: {} });
}

// ------------------------------------------------------------ the Customize preview of a product widget (decision 079)

export async function fetchTaggedProducts(search: string, signal?: AbortSignal): Promise<TaggedProductsDto> {
  return apiRequest<TaggedProductsDto>(`/api/widgets/preview-products?${new URLSearchParams({ q: search })}`, { signal });
}

export async function fetchProductPreviewVideos(productId: string, signal?: AbortSignal): Promise<StorefrontVideo[]> {
  const data = await apiRequest<unknown>(`/api/widgets/preview-products/videos?${new URLSearchParams({ productId })}`, { signal });
  return listFrom<StorefrontVideo>(data, "videos");
}

// ------------------------------------------------------------ a widget's videos (issue 16 item 3)

export async function fetchWidgetVideos(widgetId: string, signal?: AbortSignal): Promise<WidgetVideosDto> {
  return apiRequest<WidgetVideosDto>(`/api/widgets/${enc(widgetId)}/videos`, { signal });
}

export async function fetchAddableVideos(widgetId: string, query: { search: string; page: number }, signal?: AbortSignal): Promise<AddableVideosPage> {
  const params = new URLSearchParams({ search: query.search, page: String(query.page) });
  return apiRequest<AddableVideosPage>(`/api/widgets/${enc(widgetId)}/addable-videos?${params}`, { signal });
}

export async function addWidgetVideos(widgetId: string, videoIds: string[]): Promise<WidgetVideosDto> {
  return apiRequest<WidgetVideosDto>(`/api/widgets/${enc(widgetId)}/videos`, { method: "POST", body: { videoIds } });
}

/** One change of a widget's order: `toIndex` moves the video there (0-based), `pinned` pins or unpins it. */
export type WidgetVideoChange = { toIndex: number } | { pinned: boolean };

export async function changeWidgetVideo(widgetId: string, videoId: string, change: WidgetVideoChange): Promise<WidgetVideosDto> {
  return apiRequest<WidgetVideosDto>(`/api/widgets/${enc(widgetId)}/videos/${enc(videoId)}`, { method: "PATCH", body: change });
}

export async function removeWidgetVideo(widgetId: string, videoId: string): Promise<WidgetVideosDto> {
  return apiRequest<WidgetVideosDto>(`/api/widgets/${enc(widgetId)}/videos/${enc(videoId)}`, { method: "DELETE" });
}

export interface ActiveThemeDto {
  id: string;
  name: string;
  type: "json" | "liquid";
}

export async function fetchActiveTheme(shopId: string): Promise<ActiveThemeDto> {
  return apiRequest<ActiveThemeDto>(`/api/shops/${enc(shopId)}/active-theme`);
}

/** The published theme's setup: where our app blocks and embeds are (issue 15 item 11). */
export async function fetchThemeSetup(shopId: string): Promise<ThemeSetup> {
  return apiRequest<ThemeSetup>(`/api/shops/${enc(shopId)}/theme-setup`);
}

export async function markReviewPromptShown(shopId: string, promptType: ReviewPromptType): Promise<void> {
  await apiRequest("/api/review/mark-shown", { method: "POST", body: { shopId, promptType } });
}

export async function fetchPendingReviewPrompts(shopId: string): Promise<PendingReviewPromptsDto> {
  return apiRequest<PendingReviewPromptsDto>(`/api/review/check-pending?shopId=${enc(shopId)}`);
}

export async function createLibraryView(body: Omit<LibraryViewDto, "id">): Promise<LibraryViewDto> {
  const data = await apiRequest<unknown>("/api/library-views", { method: "POST", body });
  return itemFrom<LibraryViewDto>(data, "view");
}

export async function updateLibraryView(viewId: string, body: Partial<Omit<LibraryViewDto, "id">>): Promise<LibraryViewDto> {
  const data = await apiRequest<unknown>(`/api/library-views/${enc(viewId)}`, { method: "PATCH", body });
  return itemFrom<LibraryViewDto>(data, "view");
}

export async function deleteLibraryView(viewId: string): Promise<void> {
  await apiRequest(`/api/library-views/${enc(viewId)}`, { method: "DELETE" });
}

// --------------------------------------------------------------------- billing

/** POST /api/billing/upgrade?shop=: Shopify's confirmation URL for Premium. */
export async function requestPremiumUpgrade(shopDomain: string): Promise<string> {
  const { confirmationUrl } = await apiRequest<{ confirmationUrl: string }>(`/api/billing/upgrade?shop=${enc(shopDomain)}`, { method: "POST", body: {} });
  return confirmationUrl;
}

/** POST /api/billing/confirm: true once Shopify confirms the approved charge. */
export async function confirmPremiumCharge(chargeId: string, shopDomain: string): Promise<void> {
  await apiRequest("/api/billing/confirm", { method: "POST", body: { charge_id: chargeId, shop: shopDomain } });
}

/** POST /api/billing/downgrade: back to Free, the Premium charge cancelled on Shopify; how many videos were unpublished. */
export async function downgradeToFree(): Promise<{ unpublished: number }> {
  return apiRequest<{ unpublished: number }>("/api/billing/downgrade", { method: "POST", body: {} });
}

/** POST /api/billing/verify-{slug}?shop=: Premium for the sister product's customers. */
export async function verifySisterProduct(slug: string, shopDomain: string, body: { clientId: string; businessId: string }): Promise<void> {
  await apiRequest(`/api/billing/verify-${enc(slug)}?shop=${enc(shopDomain)}`, { method: "POST", body });
}

// ---------------------------------------------------------------- the merchant's uploads (issue 13)

export interface UploadTargetDto {
  url: string;
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

export async function requestUploadTargets(body: {
  shopId: string;
  files: Array<{ filename: string; mimeType: string; fileSize: number }>;
}): Promise<UploadTargetDto[]> {
  const { targets } = await apiRequest<{ targets: UploadTargetDto[] }>("/api/uploads/targets", { method: "POST", body });
  return targets;
}

export async function createUploads(body: { shopId: string; uploads: Array<{ resourceUrl: string; filename: string }> }): Promise<UploadStatusDto[]> {
  const { uploads } = await apiRequest<{ uploads: UploadStatusDto[] }>("/api/uploads", { method: "POST", body });
  return uploads;
}

export async function fetchUploads(ids: readonly string[]): Promise<UploadStatusDto[]> {
  const { uploads } = await apiRequest<{ uploads: UploadStatusDto[] }>(`/api/uploads?ids=${encodeURIComponent(ids.join(","))}`);
  return uploads;
}

/** The merchant's choice for a video the media check flagged; answers what the banner still lists. */
export async function resolveMediaIssue(videoId: string, action: MediaIssueAction): Promise<MediaIssueDto[]> {
  const { mediaIssues } = await apiRequest<{ mediaIssues: MediaIssueDto[] }>(`/api/media-issues/${encodeURIComponent(videoId)}`, {
    method: "POST",
    body: { action },
  });
  return mediaIssues;
}

/** Renames one of the merchant's own uploads. */
export async function renameUpload(videoId: string, title: string): Promise<void> {
  await apiRequest(`/api/videos/${encodeURIComponent(videoId)}`, { method: "PATCH", body: { title } });
}

// ------------------------------------------------------------ auto-approve rules (decision 054)

export interface AutoApproveRuleBody {
  name: string;
  enabled: boolean;
  channelIds: string[];
  /** As typed: "#summer, linen". */
  hashtags: string;
  allWidgets: boolean;
  widgetIds: string[];
  /** Also tag each video it approves with its top suggested product when the match is strong (decision 078). */
  tagTopSuggestion: boolean;
  /** At least this many plays / likes, as typed ("" = no minimum; decision 082). */
  minPlays: string;
  minLikes: string;
}

export async function createAutoApproveRule(body: AutoApproveRuleBody): Promise<AutoApproveRuleDto> {
  const data = await apiRequest<unknown>("/api/auto-approve-rules", { method: "POST", body });
  return itemFrom<AutoApproveRuleDto>(data, "rule");
}

export async function updateAutoApproveRule(ruleId: string, body: AutoApproveRuleBody): Promise<AutoApproveRuleDto> {
  const data = await apiRequest<unknown>(`/api/auto-approve-rules/${enc(ruleId)}`, { method: "PATCH", body });
  return itemFrom<AutoApproveRuleDto>(data, "rule");
}

export async function deleteAutoApproveRule(ruleId: string): Promise<void> {
  await apiRequest(`/api/auto-approve-rules/${enc(ruleId)}`, { method: "DELETE" });
}

/** Replaces the blocked words with what was typed (commas or lines); resolves to them as stored. */
export async function saveBlockedWords(words: string): Promise<string[]> {
  const data = await apiRequest<{ blocked_words?: string[] }>("/api/auto-approve-rules/blocked-words", { method: "PUT", body: { words } });
  return data.blocked_words ?? [];
}

// ------------------------------------------------------------ captions (decision 084)

/** GET /api/videos/{id}/captions: the video's captions, its own language first. */
export async function fetchCaptions(videoId: string): Promise<CaptionDto[]> {
  return listFrom<CaptionDto>(await apiRequest<unknown>(`/api/videos/${enc(videoId)}/captions`), "captions");
}

/** POST /api/videos/{id}/captions: a .vtt or .srt file for one language; a file that cannot be read is an ApiError "Line N: ...". */
export async function uploadCaptionFile(videoId: string, body: { lang: string; filename: string; text: string }): Promise<CaptionDto> {
  return itemFrom<CaptionDto>(await apiRequest<unknown>(`/api/videos/${enc(videoId)}/captions`, { method: "POST", body }), "caption");
}

/** PUT /api/videos/{id}/captions/{lang}: the edited cues (times in ms). */
export async function saveCaptionCues(videoId: string, lang: string, cues: Array<{ start: number; end: number; text: string }>): Promise<CaptionDto> {
  return itemFrom<CaptionDto>(await apiRequest<unknown>(`/api/videos/${enc(videoId)}/captions/${enc(lang)}`, { method: "PUT", body: { cues } }), "caption");
}

/** DELETE /api/videos/{id}/captions/{lang}. */
export async function removeCaptionLanguage(videoId: string, lang: string): Promise<void> {
  await apiRequest(`/api/videos/${enc(videoId)}/captions/${enc(lang)}`, { method: "DELETE" });
}
