/** The Plan & Upgrade page (spec 2, 8); `{product}` is the sister product's name. Client-safe; every on-screen text is in app/messages/ (import it from "~/messages"). */
import { FREE_PLAN, PREMIUM_PLAN } from "~/constants";
import { formatUsd, FREE_LIMIT, PREMIUM_PRICE, AUTO_SYNC_PERIOD } from "./figures";
import { LIBRARY_TEXT } from "./library";

/** The Plan & Upgrade page (spec 2, 8); `{product}` is the sister product's name. */
export const PLAN_TEXT = {
  freeTitle: "Free Plan",
  premiumTitle: "Premium Plan",
  freePrice: formatUsd(FREE_PLAN.priceUsd),
  premiumPrice: PREMIUM_PRICE,
  perMonth: "/month",
  freeFeatures: [`${FREE_LIMIT} approved videos max`, "Manual sync only", "All widget layouts", "Product tagging", "Analytics dashboard"],
  premiumFeatures: [
    "Unlimited approved videos",
    `Auto-sync ${AUTO_SYNC_PERIOD}`,
    "All widget layouts",
    "Product tagging",
    "Priority support",
    "Analytics dashboard",
  ],
  recommended: "RECOMMENDED",
  currentFree: (approved: number, limit: number) => `Current Plan (${approved}/${limit} videos approved)`,
  currentPremium: "Current Plan (Active)",
  upgrade: "Upgrade to Premium",
  confirming: "Confirming your upgrade with Shopify…",
  upgradedTitle: "Welcome to Premium!",
  upgradedBody: `Your plan is upgraded: approve as many videos as you like, and your accounts sync ${AUTO_SYNC_PERIOD}.`,
  offerTitle: (product: string) => `${product} customer? Get Premium free`,
  offerBody: (product: string) => `Customers on ${product}'s Lunch or Dinner plan get Clipcart Premium at no cost.`,
  verifyNow: "Verify Now",
  verifiedTitle: (product: string) => `Premium Plan Active (${product} Verified)`,
  verifiedBody: (product: string) => `Your ${product} subscription includes Clipcart Premium. No Shopify charge applies.`,
  approachingTitle: "Approaching Video Limit",
  approachingBody: (approved: number, limit: number) =>
    `You've approved ${approved} of ${limit} videos on the free plan. Upgrade to Premium for unlimited approved videos.`,
  /** At the limit itself: nothing more can be approved on Free. */
  limitReachedTitle: LIBRARY_TEXT.limitReachedTitle,
  limitReachedBody: (approved: number, limit: number) =>
    `You've approved ${approved} of ${limit} videos on the free plan. Upgrade to Premium to approve more, or unpublish a video to make room.`,
  faqTitle: "Frequently asked questions",
  faq: [
    {
      question: "What happens to my videos if I downgrade?",
      answer: `Your videos stay in your library. Only the first ${FREE_LIMIT} approved videos stay published; the others are unpublished until you approve them again.`,
    },
    {
      question: "How is Premium billed?",
      answer: `Premium costs ${PREMIUM_PRICE} every ${PREMIUM_PLAN.intervalDays} days, billed by Shopify with your store's other charges. Cancel any time from this page or your Shopify admin.`,
    },
    {
      question: "What does auto-sync do?",
      answer: `On Premium, your connected accounts are checked for new videos ${AUTO_SYNC_PERIOD}. On Free, use Resync on a connected account whenever you like.`,
    },
  ],
  /** Back from Shopify without an approved charge (declined, or the approval page left). */
  declinedTitle: "Premium was not activated",
  declinedBody: "The charge was not approved in Shopify, so your store stays on the Free plan. You can upgrade whenever you're ready.",
  downgrade: "Downgrade to Free",
  downgradeTitle: "Downgrade to Free?",
  downgradeBody: (approved: number, limit: number) =>
    `Your Premium subscription is cancelled in Shopify and auto-sync stops. ${
      approved > limit
        ? `Your first ${limit} approved videos stay published; the other ${approved - limit} are unpublished but stay in your library.`
        : `Your ${approved} approved ${approved === 1 ? "video stays" : "videos stay"} published.`
    }`,
  downgradedTitle: "You're on the Free plan",
  downgradedBody: (unpublished: number, limit: number) =>
    unpublished > 0
      ? `Premium is cancelled. ${unpublished} approved ${unpublished === 1 ? "video was" : "videos were"} unpublished to keep ${limit} published; ${unpublished === 1 ? "it stays" : "they stay"} in your library.`
      : "Premium is cancelled. Your approved videos stay published.",
  downgradeFailed: "Failed to downgrade",
  downgradeWithoutCharge: "Your Premium comes with your verified sister-product plan, so there is no Shopify charge to cancel.",
  verifyTitle: (product: string) => `${product} Customers - Get Premium Free`,
  verifyIntro: (product: string) => `Enter the Client ID and Business ID from your ${product} account settings.`,
  clientId: "Client ID",
  businessId: "Business ID",
  verifyAction: "Verify & Unlock Premium",
  verifyMissing: "Please enter both Client ID and Business ID",
  verifySuccess: "Verified! Premium is now active.",
  shopUnavailable: "Shop information not available",
  loadFailed: "Failed to load plan information",
  upgradeFailed: "Failed to upgrade",
  /** The API's answers to an upgrade or confirmation Shopify cannot complete; shown after "Billing error: ". */
  alreadyPremium: "Premium is already active",
  chargeNotActive: "The charge is not active",
  verifyFailed: "Verification failed",
  verifyFailedBody: "Please check your credentials and try again.",
  // Shown under the "Verification failed" title (the API's `error`).
  verifyInUse: (product: string) =>
    `These ${product} credentials already unlock Premium on another store. Each ${product} account unlocks Premium on one store only; contact support to move it.`,
  verifyThrottled: (minutes: number) => `Too many verification attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  renewTitle: (product: string) => `Verify your ${product} account again`,
  renewBody: (product: string, endsOn: string) =>
    `Your ${product} verification ends on ${endsOn}. Verify again before then to keep Premium; without it your plan returns to Free.`,
  verifyAgain: "Verify Again",
} as const;
