import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { LAYOUT_TYPES, PAGE_CONTEXTS, WIDGET_PRIORITY } from "~/constants";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel } from "~/http/api-errors.server";
import { textInput } from "~/rules/text-input";
import { WIDGET_DEFAULTS, WIDGET_SETTING_DECLARATIONS, type WidgetSettingName } from "~/rules/widget-settings";
import { createWidget } from "~/models/widgets.server";
import { API_TEXT } from "~/messages";

const { theme, alignment } = WIDGET_SETTING_DECLARATIONS;

/** Every declared setting, each optional (the layout decides which ones are kept); `satisfies` fails when a setting is declared but not parsed. */
const SettingsBody = z.object({
  theme: z.enum(theme.options).optional(),
  autoScroll: z.boolean().optional(),
  showHeader: z.boolean().optional(),
  alignment: z.enum(alignment.options).optional(),
  playPreviews: z.boolean().optional(),
} satisfies Record<WidgetSettingName, z.ZodTypeAny>);

const CreateWidgetBody = z.object({
  shopId: z.string().optional(),
  name: textInput("name").max(100, "name must be 100 characters or fewer").nullish(),
  layoutType: z.enum(LAYOUT_TYPES),
  sourceType: z.literal(WIDGET_DEFAULTS.sourceType).optional(),
  language: textInput("language").max(10).optional(),
  pageContexts: z.array(z.enum(PAGE_CONTEXTS)).max(PAGE_CONTEXTS.length),
  priority: z.number().int().min(WIDGET_PRIORITY.highest).max(WIDGET_PRIORITY.lowest).optional(),
  settings: SettingsBody.optional(),
});

/** POST /api/widgets {shopId, name, layoutType, sourceType, language, pageContexts, priority, settings}: 201 { widget }. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request);
  const body = await readJsonBody(request, CreateWidgetBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const widget = await callModel(() => createWidget(shop.id, body));
  return json({ widget }, { status: 201 });
}
