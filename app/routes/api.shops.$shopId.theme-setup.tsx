import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiError, requireApiShop } from "~/http/api.server";
import { readPublishedThemeSetup } from "~/models/theme-setup.server";
import { WIDGET_TEXT } from "~/messages";

/** GET /api/shops/{shopId}/theme-setup: the published theme and where our app blocks and embeds are in it (issue 15 item 11). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireApiShop(request, params.shopId);
  try {
    const setup = await readPublishedThemeSetup(admin.graphql);
    if (!setup) return apiError(404, WIDGET_TEXT.themeFetchFailed);
    return json(setup);
  } catch (error) {
    if (error instanceof Response) throw error; // re-authentication answers from the library
    console.error(error);
    return apiError(502, WIDGET_TEXT.themeFetchFailed);
  }
}
