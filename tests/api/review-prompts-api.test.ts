import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { PendingReviewPromptsDto } from "~/rules/api-types";
import { loader as checkPendingRoute } from "~/routes/api.review.check-pending";
import { action as markShownRoute } from "~/routes/api.review.mark-shown";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, jsonOf, type TestShop } from "../support/library-fixtures";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60_000);

async function pending(shop: TestShop, shopId = shop.id) {
  const response = await callRoute(checkPendingRoute, await apiRequest(shop.domain, `/api/review/check-pending?shopId=${shopId}`));
  return { status: response.status, body: response.status === 200 ? await jsonOf<PendingReviewPromptsDto>(response) : null };
}

async function markShown(shop: TestShop, promptType: string) {
  return callRoute(markShownRoute, await apiRequest(shop.domain, "/api/review/mark-shown", { body: { shopId: shop.id, promptType } }));
}

describe("GET /api/review/check-pending: the 15- and 30-day review prompts (spec 4, 9)", () => {
  it("counts from the install while the shop has done nothing yet", async () => {
    const shop = await bootstrapShop("review");
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: false, has30DayPrompt: false });
    await prisma.shop.update({ where: { id: shop.id }, data: { installedAt: daysAgo(15) } });
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: true, has30DayPrompt: false });
    await prisma.shop.update({ where: { id: shop.id }, data: { installedAt: daysAgo(30) } });
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: true, has30DayPrompt: true });
  });

  it("counts from the first activity once there is one", async () => {
    const shop = await bootstrapShop("review");
    await prisma.shop.update({ where: { id: shop.id }, data: { installedAt: daysAgo(40), firstActiveAt: daysAgo(14) } });
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: false, has30DayPrompt: false });
    await prisma.shop.update({ where: { id: shop.id }, data: { firstActiveAt: daysAgo(16) } });
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: true, has30DayPrompt: false });
  });

  it("offers each timed prompt until it is recorded as shown, and never again after", async () => {
    const shop = await bootstrapShop("review");
    await prisma.shop.update({ where: { id: shop.id }, data: { installedAt: daysAgo(31) } });
    expect((await markShown(shop, "15_days")).status).toBe(200);
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: false, has30DayPrompt: true });
    expect((await markShown(shop, "30_days")).status).toBe(200);
    expect((await markShown(shop, "30_days")).status).toBe(200); // a second tab: still once
    expect((await pending(shop)).body).toEqual({ has15DayPrompt: false, has30DayPrompt: false });
    expect(await prisma.reviewPrompt.count({ where: { shopId: shop.id } })).toBe(2);
    // The widget-install prompt is its own: it does not stand in for a timed one.
    const other = await bootstrapShop("review");
    await prisma.shop.update({ where: { id: other.id }, data: { installedAt: daysAgo(20) } });
    await markShown(other, "widget_install");
    expect((await pending(other)).body).toEqual({ has15DayPrompt: true, has30DayPrompt: false });
  });

  it("refuses another shop's id and an unknown prompt type", async () => {
    const shop = await bootstrapShop("review");
    const other = await bootstrapShop("review");
    expect((await pending(shop, other.id)).status).toBe(404);
    expect((await markShown(shop, "7_days")).status).toBe(400);
    expect(await prisma.reviewPrompt.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
