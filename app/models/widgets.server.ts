/**
 * Widgets: creation with the spec's rules, the list with each widget's
 * approved videos (the cards' mini previews), install confirmation and
 * deletion. Every query carries the shop id; each change schedules a publish
 * of the storefront data.
 */
import { prisma } from "~/db.server";
import type { PageContext } from "~/constants";
import type { LayoutType } from "~/contracts/widget-layouts";
import type { ProductPublishFailure, ProductPublishFailureDto, WidgetDto, WidgetSummaryDto } from "~/rules/api-types";
import { WIDGET_TEXT } from "~/messages";
import { defaultWidgetName, normalizePageContexts, readPageContexts } from "~/rules/widget-rules";
import {
  WIDGET_DEFAULTS,
  readLayout,
  readWidgetSettings,
  readWidgetSource,
  settingsForLayout,
  type WidgetSettings,
  type WidgetSource,
} from "~/rules/widget-settings";
import { DomainValidationError, RecordNotFoundError, isUniqueViolation } from "~/rules/domain-errors";
import { markShopFirstActive } from "~/models/shop.server";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";

export async function listWidgetSummaries(shopId: string): Promise<WidgetSummaryDto[]> {
  const widgets = await prisma.widget.findMany({
    where: { shopId },
    select: { id: true, name: true, layoutType: true },
    // "#N" order, as on the Widgets page.
    orderBy: [{ displayNumber: "asc" }],
  });
  return widgets.map((widget) => ({
    id: widget.id,
    name: widget.name,
    layout_type: readLayout(widget.layoutType),
  }));
}

type WidgetRow = Awaited<ReturnType<typeof prisma.widget.findFirstOrThrow>>;

function toWidgetDto(widget: WidgetRow): WidgetDto {
  return {
    id: widget.id,
    name: widget.name,
    layout_type: readLayout(widget.layoutType),
    page_contexts: readPageContexts(widget.pageContexts),
    priority: widget.priority,
    display_number: widget.displayNumber,
    installed_at: widget.installedAt?.toISOString() ?? null,
    created_at: widget.createdAt.toISOString(),
    settings: readWidgetSettings(widget),
    source_type: readWidgetSource(widget.sourceType),
    product_fallback: widget.productFallback,
  };
}

export async function listWidgets(shopId: string): Promise<WidgetDto[]> {
  const widgets = await prisma.widget.findMany({ where: { shopId }, orderBy: [{ displayNumber: "asc" }] });
  return widgets.map(toWidgetDto);
}

async function getWidget(shopId: string, widgetId: string): Promise<WidgetDto> {
  const widget = await prisma.widget.findFirst({ where: { id: widgetId, shopId } });
  if (!widget) throw new RecordNotFoundError("Widget");
  return toWidgetDto(widget);
}

interface CreateWidgetInput {
  name?: string | null;
  layoutType: LayoutType;
  pageContexts: readonly PageContext[];
  priority?: number;
  settings?: Partial<WidgetSettings>;
  sourceType?: WidgetSource;
  productFallback?: boolean;
  language?: string;
}

/** Display numbers are taken one after another; two creations at once retry on the unique key. */
const CREATE_ATTEMPTS = 5;

/**
 * Creates a widget (spec 5): at least one page context (all_pages alone),
 * default name "<layout title> Widget", priority 1-5 (default 1), and only the
 * settings its layout uses; the others keep their defaults. The next display
 * number of the shop is "#N".
 */
export async function createWidget(shopId: string, input: CreateWidgetInput): Promise<WidgetDto> {
  const pageContexts = normalizePageContexts(input.pageContexts);
  if (pageContexts.length === 0) throw new DomainValidationError(WIDGET_TEXT.noPageContext);
  const settings = { ...WIDGET_DEFAULTS.settings, ...settingsForLayout(input.layoutType, input.settings ?? {}) };
  const data = {
    shopId,
    name: input.name?.trim() || defaultWidgetName(input.layoutType),
    layoutType: input.layoutType,
    pageContexts: JSON.stringify(pageContexts),
    priority: input.priority ?? WIDGET_DEFAULTS.priority,
    sourceType: input.sourceType ?? WIDGET_DEFAULTS.sourceType,
    // Only a product-sourced widget has a fallback to choose.
    productFallback: input.sourceType === "product" ? (input.productFallback ?? WIDGET_DEFAULTS.productFallback) : WIDGET_DEFAULTS.productFallback,
    language: input.language ?? WIDGET_DEFAULTS.language,
    ...settings,
  };
  for (let attempt = 1; ; attempt++) {
    const last = await prisma.widget.aggregate({ where: { shopId }, _max: { displayNumber: true } });
    try {
      const widget = await prisma.widget.create({ data: { ...data, displayNumber: (last._max.displayNumber ?? 0) + 1 } });
      scheduleStorefrontPublish(shopId);
      return toWidgetDto(widget);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

/** Deletes a widget and its video assignments; the merchant removes its block from the theme by hand (spec 4). */
export async function deleteWidget(shopId: string, widgetId: string): Promise<void> {
  const { count } = await prisma.widget.deleteMany({ where: { id: widgetId, shopId } });
  if (!count) throw new RecordNotFoundError("Widget");
  scheduleStorefrontPublish(shopId);
}

/** "Got it" after installing: the widget is installed, and the shop first-active (spec 4; failure ignored). */
export async function markWidgetInstalled(shopId: string, widgetId: string): Promise<WidgetDto> {
  const { count } = await prisma.widget.updateMany({ where: { id: widgetId, shopId }, data: { installedAt: new Date() } });
  if (!count) throw new RecordNotFoundError("Widget");
  await markShopFirstActive(shopId).catch((error: unknown) => console.warn("markShopFirstActive failed", error));
  return getWidget(shopId, widgetId);
}

const PRODUCT_PUBLISH_FAILURES: readonly ProductPublishFailure[] = ["denied", "limit", "api"];

/**
 * Why the shop's product pages could not be updated the last time (decision
 * 079), for the Widgets page's banner; null once a publish wrote them all. A
 * code this version does not know reads as "api": something failed on
 * Shopify's side, and the publisher tries again.
 */
export async function productPublishFailure(shopId: string): Promise<ProductPublishFailureDto | null> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { productPublishError: true, productPublishFailedAt: true } });
  if (!shop?.productPublishError) return null;
  const stored = shop.productPublishError;
  return {
    failure: PRODUCT_PUBLISH_FAILURES.find((failure) => failure === stored) ?? "api",
    failed_at: shop.productPublishFailedAt?.toISOString() ?? null,
  };
}
