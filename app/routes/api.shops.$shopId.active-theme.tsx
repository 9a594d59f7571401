import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiError, requireApiShop } from "~/http/api.server";
import { activeThemeOf } from "~/models/products.server";
import { WIDGET_TEXT } from "~/messages";

/** GET /api/shops/{shopId}/active-theme: id, name, type of the published theme. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireApiShop(request, params.shopId);
  try {
    const theme = await activeThemeOf(admin.graphql);
    if (!theme) return apiError(404, WIDGET_TEXT.themeFetchFailed);
    return json(theme);
  } catch (error) {
    if (error instanceof Response) throw error; // re-authentication answers from the library
    console.error(error);
    return apiError(502, WIDGET_TEXT.themeFetchFailed);
  }
}
