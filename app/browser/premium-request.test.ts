// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { notePremiumChargeRequested, takeUnapprovedPremiumCharge } from "./premium-request";

const HOUR_MS = 60 * 60 * 1000;

describe("a Premium charge the merchant was sent to approve (decision 047)", () => {
  beforeEach(() => sessionStorage.clear());

  it("is reported once as not approved when the app comes back without charge_id", () => {
    notePremiumChargeRequested(1_000);
    expect(takeUnapprovedPremiumCharge("?shop=demo.myshopify.com", 2_000)).toBe(true);
    expect(takeUnapprovedPremiumCharge("?shop=demo.myshopify.com", 3_000)).toBe(false);
  });

  it("is not reported after an approval (charge_id), nor when nothing was requested, nor after an hour", () => {
    notePremiumChargeRequested(1_000);
    expect(takeUnapprovedPremiumCharge("?charge_id=42&shop=demo.myshopify.com", 2_000)).toBe(false);
    expect(takeUnapprovedPremiumCharge("?shop=demo.myshopify.com", 3_000)).toBe(false);
    notePremiumChargeRequested(1_000);
    expect(takeUnapprovedPremiumCharge("", 1_000 + HOUR_MS)).toBe(false);
  });
});
