import { afterEach, describe, expect, it, vi } from "vitest";
import * as constants from "~/constants";
import type * as platforms from "~/contracts/platforms";
import { LIBRARY_TEXT, PLAN_TEXT, formatUsd } from "~/messages";

describe("plan texts", () => {
  afterEach(() => {
    vi.doUnmock("~/constants");
    vi.resetModules();
  });

  it("read as the spec writes them with today's plan constants", () => {
    expect(PLAN_TEXT.freePrice).toBe("$0");
    expect(PLAN_TEXT.premiumPrice).toBe("$5.99");
    expect(PLAN_TEXT.freeFeatures[0]).toBe("5 approved videos max");
    expect(PLAN_TEXT.premiumFeatures[1]).toBe("Auto-sync every 3 hours");
    expect(LIBRARY_TEXT.freePlanLimit).toBe("Free plan allows maximum 5 approved videos. Upgrade to Premium for unlimited videos.");
    expect(PLAN_TEXT.faq.map((entry) => entry.answer)).toEqual([
      "Your videos stay in your library. Only the first 5 approved videos stay published; the others are unpublished until you approve them again.",
      "Premium costs $5.99 every 30 days, billed by Shopify with your store's other charges. Cancel any time from this page or your Shopify admin.",
      "On Premium, your connected accounts are checked for new videos every 3 hours. On Free, use Resync on a connected account whenever you like.",
    ]);
  });

  it("follow the plan constants: a new price, limit and sync period change every text that states them", async () => {
    vi.doMock("~/constants", () => ({
      ...constants,
      FREE_PLAN: { ...constants.FREE_PLAN, approvedVideoLimit: 7 },
      PREMIUM_PLAN: { ...constants.PREMIUM_PLAN, priceUsd: 9.5, autoSyncEveryHours: 6 },
    }));
    vi.resetModules();
    const changed = await import("~/messages");

    expect(changed.PLAN_TEXT.premiumPrice).toBe("$9.50");
    expect(changed.PLAN_TEXT.freeFeatures[0]).toBe("7 approved videos max");
    expect(changed.PLAN_TEXT.premiumFeatures[1]).toBe("Auto-sync every 6 hours");
    expect(changed.PLAN_TEXT.upgradedBody).toContain("sync every 6 hours");
    expect(changed.LIBRARY_TEXT.freePlanLimit).toContain("maximum 7 approved videos");
    const answers = changed.PLAN_TEXT.faq.map((entry) => entry.answer).join("\n");
    expect(answers).toContain("the first 7 approved videos");
    expect(answers).toContain("Premium costs $9.50 every 30 days");
    expect(answers).toContain("new videos every 6 hours");
    expect(answers).not.toMatch(/5\.99|first 5 |every 3 hours/);
  });
});

describe("formatUsd", () => {
  it("shows whole dollars without cents and other amounts with two decimals", () => {
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(12)).toBe("$12");
    expect(formatUsd(5.99)).toBe("$5.99");
    expect(formatUsd(9.5)).toBe("$9.50");
  });
});

describe("texts that list the platforms and the layouts (decision 075)", () => {
  afterEach(() => {
    vi.doUnmock("~/contracts/platforms");
    vi.resetModules();
  });

  it("name the enabled platforms and every layout, in the registries' order, as the spec writes such lists", async () => {
    vi.doMock("~/contracts/platforms", async (importOriginal) => ({
      ...(await importOriginal<typeof platforms>()),
      enabledPlatformNames: () => ["Alpha", "Beta", "Gamma"],
    }));
    vi.resetModules();
    const texts = await import("~/messages");
    expect(texts.DASHBOARD_TEXT.welcomeBody).toBe("Turn your Alpha, Beta and Gamma videos into shoppable widgets on your store.");
    expect(texts.DASHBOARD_TEXT.gettingStartedSteps[0]?.body).toBe("Import videos from Alpha, Beta or Gamma.");
    expect(texts.LIBRARY_TEXT.emptyLibraryDescription).toBe("Import videos from your Alpha, Beta or Gamma accounts, or upload your own, to get started.");
    expect(texts.IMPORT_LINKS_TEXT.manyLinksHint).toBe("To import several, paste up to 50 links, one per line (Alpha, Beta and Gamma can be mixed).");
    expect(texts.IMPORT_LINKS_TEXT.unknownSite).toBe("Clipcart cannot import from this website. Paste a Alpha, Beta or Gamma link.");
    expect(texts.DASHBOARD_TEXT.gettingStartedSteps[2]?.body).toBe(
      `Choose a ${Object.values(texts.LAYOUT_NAMES).slice(0, -1).join(", ")} or ${Object.values(texts.LAYOUT_NAMES).at(-1)} widget and where it appears.`,
    );
  });
});
