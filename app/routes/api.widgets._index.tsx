import { z } from "zod";
import { PAGE_CONTEXTS, WIDGET_PRIORITY } from "~/constants";
import { LAYOUT_TYPES } from "~/contracts/widget-layouts";
import { apiRoute } from "~/http/api-route.server";
import { textInput } from "~/rules/text-input";
import { WIDGET_SETTING_DECLARATIONS, WIDGET_SOURCES, type WidgetSettingName } from "~/rules/widget-settings";
import { createWidget } from "~/models/widgets.server";

const { theme, alignment } = WIDGET_SETTING_DECLARATIONS;

/** Every declared setting, each optional (the layout decides which ones are kept); `satisfies` fails when a setting is declared but not parsed. */
const SettingsBody = z.object({
  theme: z.enum(theme.options).optional(),
  autoScroll: z.boolean().optional(),
  showHeader: z.boolean().optional(),
  alignment: z.enum(alignment.options).optional(),
  playPreviews: z.boolean().optional(),
  showCaptions: z.boolean().optional(),
} satisfies Record<WidgetSettingName, z.ZodTypeAny>);

const CreateWidgetBody = z.object({
  shopId: z.string().optional(),
  name: textInput("name").max(100, "name must be 100 characters or fewer").nullish(),
  layoutType: z.enum(LAYOUT_TYPES),
  sourceType: z.enum(WIDGET_SOURCES).optional(),
  productFallback: z.boolean().optional(),
  language: textInput("language").max(10).optional(),
  pageContexts: z.array(z.enum(PAGE_CONTEXTS)).max(PAGE_CONTEXTS.length),
  priority: z.number().int().min(WIDGET_PRIORITY.highest).max(WIDGET_PRIORITY.lowest).optional(),
  settings: SettingsBody.optional(),
});

/** POST /api/widgets {shopId, name, layoutType, sourceType, productFallback, language, pageContexts, priority, settings}: 201 { widget }. */
const route = apiRoute({
  POST: { body: CreateWidgetBody, status: 201, handle: async ({ shop, body }) => ({ widget: await createWidget(shop.id, body) }) },
});

export const loader = route.loader;
export const action = route.action;
