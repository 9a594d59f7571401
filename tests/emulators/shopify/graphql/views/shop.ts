/** The shop, the app and its installation. */
import { gid } from "../../gid.js";
import { APP_ID, type ShopState } from "../../state.js";
import { appAdminUrl, storefrontUrl } from "../../urls.js";
import { connection, type PageArgs } from "../connection.js";
import type { GqlContext } from "./context.js";
import { findMetafieldView, metafieldsConnection, type MetafieldsArgs } from "./metafields.js";
import { subscriptionView } from "./subscriptions.js";
import { emptyConnection } from "./values.js";

export function installationId(shop: ShopState): number {
  return shop.id * 10 + 1;
}

export function shopView(g: GqlContext) {
  const { shop, ctx } = g;
  const url = storefrontUrl(ctx.config, shop.handle);
  return {
    __typename: "Shop",
    id: gid("Shop", shop.id),
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    shopOwnerName: "Local Merchant",
    description: `${shop.name}, a Local Shopify development store`,
    myshopifyDomain: shop.domain,
    url,
    primaryDomain: { __typename: "Domain", id: gid("Domain", shop.id), host: new URL(url).host, url, sslEnabled: url.startsWith("https") },
    currencyCode: "USD",
    enabledPresentmentCurrencies: ["USD"],
    currencyFormats: { moneyFormat: "${{amount}}", moneyWithCurrencyFormat: "${{amount}} USD" },
    ianaTimezone: "America/New_York",
    timezoneAbbreviation: "EST",
    timezoneOffset: "-0500",
    timezoneOffsetMinutes: -300,
    weightUnit: "KILOGRAMS",
    plan: { publicDisplayName: "Development", displayName: "Development", partnerDevelopment: true, shopifyPlus: false },
    createdAt: shop.createdAt,
    updatedAt: shop.createdAt,
    metafield: (args: { namespace?: string; key: string }) => findMetafieldView(g, gid("Shop", shop.id), args),
    metafields: (args: MetafieldsArgs) => metafieldsConnection(g, gid("Shop", shop.id), args),
  };
}

export function appView(g: GqlContext) {
  const { config } = g.ctx;
  return {
    __typename: "App",
    id: gid("App", APP_ID),
    apiKey: config.apiKey,
    handle: config.appHandle,
    title: "Clipcart",
    description: "Shoppable short videos for your store",
    developerName: "Clipcart",
    developerType: "PARTNER",
    embedded: true,
    published: false,
    previouslyInstalled: false,
    shopifyDeveloped: false,
    isPostPurchaseAppInUse: false,
    pricingDetailsSummary: "Free plan available. Premium $5.99/month.",
    features: [],
    failedRequirements: [],
    launchUrl: appAdminUrl(config, g.shop.handle),
    webhookApiVersion: config.apiVersion,
    uninstallMessage: "",
    installation: () => installationView(g),
  };
}

export function installationView(g: GqlContext) {
  const { shop, ctx } = g;
  const ownerId = gid("AppInstallation", installationId(shop));
  const byNewest = [...shop.subscriptions].sort((a, b) => a.id - b.id);
  return {
    __typename: "AppInstallation",
    id: ownerId,
    app: appView(g),
    launchUrl: appAdminUrl(ctx.config, shop.handle),
    uninstallUrl: null,
    accessScopes: g.token.scope.split(",").map((handle) => ({ handle: handle.trim(), description: "" })),
    activeSubscriptions: shop.subscriptions.filter((s) => s.status === "ACTIVE").map((s) => subscriptionView(s)),
    subscriptions: shop.subscriptions.filter((s) => s.status === "ACTIVE").map((s) => subscriptionView(s)),
    allSubscriptions: (args: PageArgs) => connection(byNewest, args, (s) => s.id, subscriptionView),
    oneTimePurchases: emptyConnection,
    credits: emptyConnection,
    revenueAttributionRecords: emptyConnection,
    metafield: (args: { namespace?: string; key: string }) => findMetafieldView(g, ownerId, args),
    metafields: (args: MetafieldsArgs) => metafieldsConnection(g, ownerId, args),
  };
}
