import { dateFormat } from "~/rules/intl-formats";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Button, Card, Icon, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { CheckIcon } from "@shopify/polaris-icons";
import { FREE_PLAN, VERIFY_SUCCESS_CLOSE_MS } from "~/constants";
import { ApiError, confirmPremiumCharge, downgradeToFree, requestPremiumUpgrade, verifySisterProduct } from "~/browser/api-client";
import { PREMIUM_NOT_APPROVED_PARAM, PREMIUM_NOT_APPROVED_VALUE, notePremiumChargeRequested } from "~/browser/premium-request";
import { appHref, appSearch } from "~/rules/app-links";
import { useShopRecord } from "~/browser/use-shop-record";
import { describeError } from "~/rules/error-mapper";
import { ACTION_TEXT, PAGE_TITLES, PLAN_TEXT } from "~/messages";
import type { PlanInfo, SisterProduct } from "~/rules/api-types";
import { AppPage } from "~/components/AppPage";
import { NamedCard } from "~/components/NamedCard";
import { AppModal } from "~/components/AppModal";
import { ConfirmModal } from "~/components/ConfirmModal";

export interface PlanPageData {
  shopFound: boolean;
  /** Null when the plan could not be read (the page says so). */
  plan: PlanInfo | null;
  product: SisterProduct;
}

/** `busy`: a step still under way (confirming the charge), which the merchant cannot dismiss. */
type Notice = { tone: "success" | "critical" | "info" | "warning"; title: string; body?: string; busy?: boolean };

/** The Plan & Upgrade page (spec 2): both plans, the banners, the FAQ, the verify dialog. */
export function PlanView({ data, shopDomain }: { data: PlanPageData; shopDomain: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // One result banner (decision 069): the latest result replaces the one before (Welcome to Premium, then a downgrade).
  const [notice, setNotice] = useState<Notice | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [downgradeOpen, setDowngradeOpen] = useState(false);
  const [downgrading, setDowngrading] = useState(false);
  const { missing } = useShopRecord(data.shopFound);
  const { product } = data;

  // Back from Shopify's approval page (spec 4): confirm `charge_id` with Shopify, then
  // /plan?upgraded=true; the banner shows once and the parameter leaves the address.
  const params = new URLSearchParams(location.search);
  const chargeId = params.get("charge_id");
  const upgraded = params.get("upgraded") === "true";
  const handledCharge = useRef<string | null>(null);
  useEffect(() => {
    if (!chargeId || upgraded || handledCharge.current === chargeId) return;
    handledCharge.current = chargeId;
    setNotice({ tone: "info", title: PLAN_TEXT.confirming, busy: true });
    confirmPremiumCharge(chargeId, shopDomain).then(
      () => {
        const next = new URLSearchParams(appSearch(location.search));
        next.set("upgraded", "true");
        navigate(`/plan?${next}`, { replace: true });
      },
      (error: unknown) => {
        console.error(error);
        setNotice({ tone: "critical", title: PLAN_TEXT.upgradeFailed });
        navigate(appHref("/plan", location.search), { replace: true });
      },
    );
  }, [chargeId, upgraded, shopDomain, navigate, location.search]);
  useEffect(() => {
    if (!upgraded) return;
    setNotice({ tone: "success", title: PLAN_TEXT.upgradedTitle, body: PLAN_TEXT.upgradedBody });
    navigate(appHref("/plan", location.search), { replace: true });
  }, [upgraded, navigate, location.search]);
  // Back from Shopify without approving (the app layout noticed): said once, then the parameter leaves the address.
  const notApproved = params.get(PREMIUM_NOT_APPROVED_PARAM) === PREMIUM_NOT_APPROVED_VALUE;
  useEffect(() => {
    if (!notApproved) return;
    setNotice({ tone: "warning", title: PLAN_TEXT.declinedTitle, body: PLAN_TEXT.declinedBody });
    navigate(appHref("/plan", location.search), { replace: true });
  }, [notApproved, navigate, location.search]);

  if (!data.shopFound) {
    return <AppPage title={PAGE_TITLES.plan}>{missing ? <Banner tone="critical" title={PLAN_TEXT.shopUnavailable} /> : null}</AppPage>;
  }
  if (!data.plan) {
    return (
      <AppPage title={PAGE_TITLES.plan}>
        <Banner tone="critical" title={PLAN_TEXT.loadFailed} action={{ content: ACTION_TEXT.tryAgain, onAction: revalidate }} />
      </AppPage>
    );
  }

  const plan = data.plan;
  const onFree = plan.plan === "free";

  async function upgrade() {
    setUpgrading(true);
    setNotice(null);
    try {
      const confirmationUrl = await requestPremiumUpgrade(shopDomain);
      notePremiumChargeRequested();
      // Shopify's approval page replaces the whole admin, not just the app's frame.
      window.open(confirmationUrl, "_top");
    } catch (error) {
      console.error(error);
      setNotice({ tone: "critical", title: PLAN_TEXT.upgradeFailed, body: describeError(error, "billing") });
      setUpgrading(false);
    }
  }

  async function downgrade() {
    setDowngrading(true);
    try {
      const { unpublished } = await downgradeToFree();
      setNotice({ tone: "success", title: PLAN_TEXT.downgradedTitle, body: PLAN_TEXT.downgradedBody(unpublished, plan.approvedLimit) });
      revalidate();
    } catch (error) {
      console.error(error);
      setNotice({ tone: "critical", title: PLAN_TEXT.downgradeFailed, body: describeError(error, "billing") });
    } finally {
      setDowngrading(false);
      setDowngradeOpen(false);
    }
  }
  // Premium bought through Shopify can be cancelled here (App Store 1.2.3); verified Premium has no charge.
  const canDowngrade = !onFree && plan.premiumSource === "billing";

  return (
    <AppPage title={PAGE_TITLES.plan}>
      <BlockStack gap="400">
        {notice ? (
          <Banner tone={notice.tone} title={notice.title} onDismiss={notice.busy ? undefined : () => setNotice(null)}>
            {notice.body ? <p>{notice.body}</p> : null}
          </Banner>
        ) : null}
        {plan.sisterVerified && !onFree ? (
          <Banner tone="success" title={PLAN_TEXT.verifiedTitle(product.name)}>
            <p>{PLAN_TEXT.verifiedBody(product.name)}</p>
          </Banner>
        ) : null}
        {plan.sisterRenewalDue && plan.sisterVerificationExpiresAt && !onFree ? (
          <Banner tone="warning" title={PLAN_TEXT.renewTitle(product.name)} action={{ content: PLAN_TEXT.verifyAgain, onAction: () => setVerifyOpen(true) }}>
            <p>{PLAN_TEXT.renewBody(product.name, verificationEndDate(plan.sisterVerificationExpiresAt))}</p>
          </Banner>
        ) : null}
        {onFree && !plan.sisterVerified ? (
          <Banner tone="info" title={PLAN_TEXT.offerTitle(product.name)} action={{ content: PLAN_TEXT.verifyNow, onAction: () => setVerifyOpen(true) }}>
            <p>{PLAN_TEXT.offerBody(product.name)}</p>
          </Banner>
        ) : null}
        {onFree && plan.approvedCount >= plan.approvedLimit ? (
          <Banner tone="warning" title={PLAN_TEXT.limitReachedTitle}>
            <p>{PLAN_TEXT.limitReachedBody(plan.approvedCount, plan.approvedLimit)}</p>
          </Banner>
        ) : onFree && plan.approvedCount >= FREE_PLAN.warnAtApproved ? (
          <Banner tone="warning" title={PLAN_TEXT.approachingTitle}>
            <p>{PLAN_TEXT.approachingBody(plan.approvedCount, plan.approvedLimit)}</p>
          </Banner>
        ) : null}

        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <PlanCard
            title={PLAN_TEXT.freeTitle}
            price={PLAN_TEXT.freePrice}
            features={PLAN_TEXT.freeFeatures}
            footer={
              onFree ? (
                <Button disabled fullWidth>
                  {PLAN_TEXT.currentFree(plan.approvedCount, plan.approvedLimit)}
                </Button>
              ) : canDowngrade ? (
                <Button fullWidth onClick={() => setDowngradeOpen(true)}>
                  {PLAN_TEXT.downgrade}
                </Button>
              ) : null
            }
          />
          <PlanCard
            title={PLAN_TEXT.premiumTitle}
            price={PLAN_TEXT.premiumPrice}
            badge={PLAN_TEXT.recommended}
            features={PLAN_TEXT.premiumFeatures}
            footer={
              onFree ? (
                <Button variant="primary" fullWidth loading={upgrading} onClick={upgrade}>
                  {PLAN_TEXT.upgrade}
                </Button>
              ) : (
                <Button disabled fullWidth>
                  {PLAN_TEXT.currentPremium}
                </Button>
              )
            }
          />
        </InlineGrid>

        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {PLAN_TEXT.faqTitle}
            </Text>
            {PLAN_TEXT.faq.map((entry) => (
              <BlockStack key={entry.question} gap="100">
                <Text as="h3" variant="headingSm">
                  {entry.question}
                </Text>
                <Text as="p" tone="subdued">
                  {entry.answer}
                </Text>
              </BlockStack>
            ))}
          </BlockStack>
        </Card>
      </BlockStack>
      <ConfirmModal
        id="downgrade-to-free"
        open={downgradeOpen}
        title={PLAN_TEXT.downgradeTitle}
        body={PLAN_TEXT.downgradeBody(plan.approvedCount, plan.approvedLimit)}
        confirmLabel={PLAN_TEXT.downgrade}
        busy={downgrading}
        onConfirm={() => void downgrade()}
        onClose={() => !downgrading && setDowngradeOpen(false)}
      />
      <VerifyDialog open={verifyOpen} product={product} shopDomain={shopDomain} onClose={() => setVerifyOpen(false)} onVerified={() => revalidate()} />
    </AppPage>
  );
}

/** One date for server and browser alike (no hydration mismatch): UTC, in the admin's English. */
function verificationEndDate(iso: string): string {
  return dateFormat({ dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

function PlanCard({
  title,
  price,
  badge,
  features,
  footer,
}: {
  title: string;
  price: string;
  badge?: string;
  features: readonly string[];
  footer: React.ReactNode;
}) {
  return (
    <NamedCard>
      {(headingId) => (
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingLg" id={headingId}>
              {title}
            </Text>
            {badge ? <Badge tone="info">{badge}</Badge> : null}
          </InlineStack>
          <InlineStack gap="100" blockAlign="end">
            <Text as="p" variant="heading2xl">
              {price}
            </Text>
            <Text as="span" tone="subdued">
              {PLAN_TEXT.perMonth}
            </Text>
          </InlineStack>
          <BlockStack gap="200" as="ul">
            {features.map((feature) => (
              <li key={feature} style={{ listStyle: "none" }}>
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <span aria-hidden="true">
                    <Icon source={CheckIcon} tone="success" />
                  </span>
                  <Text as="span">{feature}</Text>
                </InlineStack>
              </li>
            ))}
          </BlockStack>
          <Box>{footer}</Box>
        </BlockStack>
      )}
    </NamedCard>
  );
}

/** Spec 2/5: both fields required; success closes the dialog after 2 seconds. */
function VerifyDialog({
  open,
  product,
  shopDomain,
  onClose,
  onVerified,
}: {
  open: boolean;
  product: SisterProduct;
  shopDomain: string;
  onClose: () => void;
  onVerified: () => void;
}) {
  const [clientId, setClientId] = useState("");
  const [businessId, setBusinessId] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Notice | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const close = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setClientId("");
    setBusinessId("");
    setResult(null);
    setBusy(false);
    onClose();
  };

  async function verify() {
    if (!clientId.trim() || !businessId.trim()) {
      setResult({ tone: "critical", title: PLAN_TEXT.verifyMissing });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await verifySisterProduct(product.slug, shopDomain, { clientId: clientId.trim(), businessId: businessId.trim() });
      setResult({ tone: "success", title: PLAN_TEXT.verifySuccess });
      onVerified();
      closeTimer.current = setTimeout(close, VERIFY_SUCCESS_CLOSE_MS);
    } catch (error) {
      console.error("Verification failed", error instanceof Error ? error.message : error);
      // 409 (the pair unlocks another store) and 429 (too many attempts) say why; the rest keep the spec's words.
      const explained = error instanceof ApiError && (error.status === 409 || error.status === 429);
      setResult({ tone: "critical", title: PLAN_TEXT.verifyFailed, body: explained ? error.message : PLAN_TEXT.verifyFailedBody });
      setBusy(false);
    }
  }

  const bothFilled = Boolean(clientId.trim() && businessId.trim());
  return (
    <AppModal
      id="verify-sister-product"
      open={open}
      onClose={close}
      title={PLAN_TEXT.verifyTitle(product.name)}
      primaryAction={{ content: PLAN_TEXT.verifyAction, onAction: verify, disabled: !bothFilled || result?.tone === "success", loading: busy && !result }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, onAction: close }]}
    >
      <BlockStack gap="300">
        <Text as="p">{PLAN_TEXT.verifyIntro(product.name)}</Text>
        {result ? (
          <Banner tone={result.tone} title={result.title}>
            {result.body ? <p>{result.body}</p> : null}
          </Banner>
        ) : null}
        <TextField label={PLAN_TEXT.clientId} value={clientId} onChange={setClientId} autoComplete="off" />
        <TextField label={PLAN_TEXT.businessId} value={businessId} onChange={setBusinessId} autoComplete="off" />
        {!bothFilled ? (
          <Text as="p" tone="subdued" variant="bodySm">
            {PLAN_TEXT.verifyMissing}
          </Text>
        ) : null}
      </BlockStack>
    </AppModal>
  );
}
