/**
 * The merchant's side of app billing: the charge approval page Shopify shows
 * at `confirmationUrl`, and the status changes it causes. Approve makes the
 * subscription ACTIVE (replacing any other active one, since an app has one
 * recurring subscription at a time) and sends the merchant to `returnUrl` with
 * `charge_id`; Decline sends them back to the app in the admin. Every status
 * change sends `app_subscriptions/update`, as Shopify does.
 */
import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalShopifyContext } from "./context.js";
import { escapeHtml, readParams, redirect, sendText } from "./http.js";
import type { ShopState, Subscription } from "./state.js";
import { appAdminUrl } from "./urls.js";

/** Path of the approval page; the numeric id is the charge id the merchant returns with. */
export const CONFIRM_PATH = /^\/store\/([^/]+)\/charges\/[^/]+\/(\d+)\/RecurringApplicationCharge\/confirm_recurring_application_charge$/;

function signature(ctx: LocalShopifyContext, shop: string, id: number): string {
  return createHmac("sha256", ctx.config.apiSecret).update(`${shop}/${id}`).digest("hex").slice(0, 32);
}

/**
 * Shopify's own form, on the shop's admin domain: the library's exit-iframe page
 * only sends the top window to https Shopify URLs. The local admin (App Bridge
 * stand-in) and localAdminUrl() map it onto the approval page served here.
 */
export function confirmationUrl(ctx: LocalShopifyContext, shop: ShopState, sub: Subscription): string {
  return `https://${shop.domain}/admin/charges/${ctx.config.appHandle}/${sub.id}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=${signature(ctx, shop.domain, sub.id)}`;
}

/**
 * `wait`: the approval page waits for the webhook so a test sees it delivered
 * by the time the merchant lands back in the app; changes made through the
 * API (cancel) deliver in the background, as Shopify's queue does, so the
 * app's own request never waits on its webhook handler.
 */
async function setStatus(ctx: LocalShopifyContext, shop: ShopState, sub: Subscription, status: Subscription["status"], wait = true): Promise<void> {
  sub.status = status;
  sub.updatedAt = new Date().toISOString();
  if (status === "ACTIVE") {
    const start = Date.now() + sub.trialDays * 86_400_000;
    const days = sub.lineItems.some((item) => item.interval === "ANNUAL") ? 365 : 30;
    sub.currentPeriodEnd = new Date(start + days * 86_400_000).toISOString();
  }
  ctx.save();
  const delivery = ctx.deliverWebhook({ shop: shop.domain, topic: "app_subscriptions/update", payload: subscriptionWebhookPayload(shop, sub) });
  if (wait) await delivery;
}

async function approveSubscription(ctx: LocalShopifyContext, shop: ShopState, sub: Subscription): Promise<void> {
  for (const other of shop.subscriptions) {
    if (other !== sub && other.status === "ACTIVE") await setStatus(ctx, shop, other, "CANCELLED");
  }
  await setStatus(ctx, shop, sub, "ACTIVE");
}

const declineSubscription = (ctx: LocalShopifyContext, shop: ShopState, sub: Subscription) => setStatus(ctx, shop, sub, "DECLINED");
export const cancelSubscription = (ctx: LocalShopifyContext, shop: ShopState, sub: Subscription, wait = true) => setStatus(ctx, shop, sub, "CANCELLED", wait);

/** The `app_subscriptions/update` payload (REST-style snake_case, as Shopify sends it). */
function subscriptionWebhookPayload(shop: ShopState, sub: Subscription) {
  const recurring = sub.lineItems.find((item) => item.kind === "recurring");
  const usage = sub.lineItems.find((item) => item.kind === "usage");
  return {
    app_subscription: {
      admin_graphql_api_id: `gid://shopify/AppSubscription/${sub.id}`,
      name: sub.name,
      status: sub.status,
      admin_graphql_api_shop_id: `gid://shopify/Shop/${shop.id}`,
      created_at: sub.createdAt,
      updated_at: sub.updatedAt,
      currency: (recurring?.price ?? usage?.cappedAmount)?.currencyCode ?? "USD",
      capped_amount: usage?.cappedAmount?.amount ?? null,
      price: recurring?.price ? Number(recurring.price.amount).toFixed(2) : null,
      interval: (recurring ?? usage)?.interval.toLowerCase() ?? "every_30_days",
      plan_handle: null,
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f1f1;margin:0;padding:48px}main{max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px #0002}
.price{font-size:28px;font-weight:600}.actions{display:flex;gap:12px;margin-top:24px}button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #8a8a8a;background:#fff;cursor:pointer}
button[value=approve]{background:#303030;color:#fff;border-color:#303030}.test{background:#ffd79d;border-radius:6px;padding:4px 8px;display:inline-block}</style></head>
<body><main>${body}</main></body></html>`;
}

function describe(sub: Subscription): string {
  return sub.lineItems
    .map((item) =>
      item.kind === "recurring"
        ? `$${Number(item.price!.amount).toFixed(2)} ${item.price!.currencyCode} ${item.interval === "ANNUAL" ? "per year" : "every 30 days"}`
        : `usage charges up to $${Number(item.cappedAmount!.amount).toFixed(2)} ${item.cappedAmount!.currencyCode} (${escapeHtml(item.terms ?? "")})`,
    )
    .join(" + ");
}

/**
 * Local Shopify plays admin.shopify.com too: a return URL into the real admin
 * (the library's default for embedded apps, `.../apps/<api key>`) lands on the
 * local admin page, addressed by the app's handle as the admin redirects it.
 */
function localAdminUrl(ctx: LocalShopifyContext, returnUrl: string): string {
  const match = /^https:\/\/admin\.shopify\.com(\/store\/[^/]+\/apps\/)([^/?#]+)(.*)$/.exec(returnUrl);
  if (!match) return returnUrl;
  const app = match[2] === ctx.config.apiKey ? ctx.config.appHandle : match[2];
  return `${ctx.config.baseUrl}${match[1]}${app}${match[3]}`;
}

export async function handleConfirmPage(req: IncomingMessage, res: ServerResponse, url: URL, ctx: LocalShopifyContext, [handle, id]: string[]) {
  const shop = ctx.state.shops[`${handle}.myshopify.com`];
  const sub = shop?.subscriptions.find((s) => s.id === Number(id));
  if (!shop || !sub || url.searchParams.get("signature") !== signature(ctx, shop.domain, sub.id)) {
    return sendText(res, 404, page("Charge not found", "<h1>This charge could not be found</h1>"), "text/html; charset=utf-8");
  }
  if (req.method === "POST") {
    const { decision } = await readParams(req);
    if (sub.status !== "PENDING") return redirect(res, url.pathname + url.search);
    if (decision === "approve") {
      await approveSubscription(ctx, shop, sub);
      const back = new URL(localAdminUrl(ctx, sub.returnUrl));
      back.searchParams.set("charge_id", String(sub.id));
      return redirect(res, back.toString());
    }
    await declineSubscription(ctx, shop, sub);
    return redirect(res, appAdminUrl(ctx.config, shop.handle));
  }
  const body =
    sub.status === "PENDING"
      ? `<h1>Approve subscription</h1>
<p>Clipcart is requesting a subscription for <strong>${escapeHtml(shop.name)}</strong>.</p>
<p data-testid="plan-name"><strong>${escapeHtml(sub.name)}</strong></p>
<p class="price" data-testid="plan-price">${describe(sub)}</p>
${sub.trialDays ? `<p>Free trial: ${sub.trialDays} days</p>` : ""}${sub.test ? `<p class="test">Test charge: you won't be billed</p>` : ""}
<form method="post" class="actions"><button name="decision" value="decline">Decline</button><button name="decision" value="approve">Approve</button></form>`
      : `<h1>This charge is ${sub.status.toLowerCase()}</h1><p><a href="${escapeHtml(appAdminUrl(ctx.config, shop.handle))}">Back to the app</a></p>`;
  sendText(res, 200, page(`Approve ${sub.name}`, body), "text/html; charset=utf-8");
}
