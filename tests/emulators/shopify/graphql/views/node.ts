/** `node(id)`: any view by its global id. */
import { GraphQLError } from "graphql";
import { parseGid } from "../../gid.js";
import { shopThemeById } from "../../published-theme.js";
import { APP_ID } from "../../state.js";
import { requireScope, type GqlContext } from "./context.js";
import { fileGidType, fileView } from "./files.js";
import { findOwnersWith, metafieldView } from "./metafields.js";
import { visibleOrders, orderView } from "./orders.js";
import { PRODUCT_MEDIA_OFFSET, productMediaView, productView, variantView } from "./products.js";
import { appView, installationId, installationView, shopView } from "./shop.js";
import { subscriptionView } from "./subscriptions.js";
import { themeView } from "./themes.js";

export function nodeById(g: GqlContext, id: string): unknown {
  const parsed = parseGid(id);
  if (!parsed) {
    throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: "argumentLiteralsIncompatible", typeName: "CoercionError" } });
  }
  const { shop } = g;
  switch (parsed.type) {
    case "Shop":
      return parsed.id === shop.id ? shopView(g) : null;
    case "App":
      return parsed.id === APP_ID ? appView(g) : null;
    case "AppInstallation":
      return parsed.id === installationId(shop) ? installationView(g) : null;
    case "AppSubscription": {
      const sub = shop.subscriptions.find((s) => s.id === parsed.id);
      return sub ? subscriptionView(sub) : null;
    }
    case "Product": {
      requireScope(g, "read_products", "node");
      const p = shop.products.find((x) => x.id === parsed.id);
      return p ? productView(g, p) : null;
    }
    case "ProductVariant": {
      requireScope(g, "read_products", "node");
      for (const p of shop.products) {
        const v = p.variants.find((x) => x.id === parsed.id);
        if (v) return variantView(g, p, v);
      }
      return null;
    }
    case "GenericFile": {
      const f = shop.files.find((x) => x.id === parsed.id && fileGidType(x) === parsed.type);
      return f ? fileView(g, f) : null;
    }
    case "MediaImage":
    case "Video": {
      const f = shop.files.find((x) => x.id === parsed.id && fileGidType(x) === parsed.type);
      if (f) return fileView(g, f);
      if (parsed.type === "Video") return null;
      const p = shop.products.find((x) => x.id === parsed.id - PRODUCT_MEDIA_OFFSET);
      return p ? productMediaView(g, p) : null;
    }
    case "OnlineStoreTheme": {
      requireScope(g, "read_themes", "node");
      const theme = shopThemeById(shop, parsed.id);
      return theme ? themeView(g, theme) : null;
    }
    case "Metafield": {
      const m = shop.metafields.find((x) => x.id === parsed.id);
      return m ? metafieldView(g, m) : null;
    }
    case "Order": {
      requireScope(g, "read_orders", "node");
      const o = visibleOrders(g).find((x) => x.id === parsed.id);
      return o ? orderView(g, o) : null;
    }
    default:
      return null;
  }
}

findOwnersWith(nodeById);
