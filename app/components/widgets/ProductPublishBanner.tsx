import { useEffect, useRef, useState } from "react";
import { Banner, BlockStack, Text } from "@shopify/polaris";
import { PRODUCT_PUBLISH_RECHECK_MS } from "~/constants";
import type { ProductPublishFailureDto } from "~/rules/api-types";
import { timeAgo } from "~/rules/intl-formats";
import { retryStorefrontPublish } from "~/browser/api-client";
import { ACTION_TEXT, PRODUCT_PUBLISH_TEXT } from "~/messages";

interface ProductPublishBannerProps {
  failure: ProductPublishFailureDto;
  shopId: string;
  /** Reads the page again (whether the product pages are written now). */
  onRecheck: () => void;
}

/**
 * The Widgets page's word when the product pages' videos could not be written
 * to Shopify (decision 079): why, and what helps. When Shopify failed or did
 * not answer, the publisher retries by itself and "Try again" retries now;
 * a refusal of access or a limit is not helped by retrying as it stands.
 */
export function ProductPublishBanner({ failure, shopId, onRecheck }: ProductPublishBannerProps) {
  const [retry, setRetry] = useState<"idle" | "retrying" | "failed">("idle");
  // "Last tried ..." is this browser's reading of the clock: not rendered on the server, so both renders agree.
  const [now, setNow] = useState<number | null>(null);
  const recheck = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    setNow(Date.now());
    setRetry("idle");
  }, [failure.failure, failure.failed_at]);
  useEffect(() => () => clearTimeout(recheck.current ?? undefined), []);

  async function tryAgain() {
    setRetry("retrying");
    try {
      await retryStorefrontPublish(shopId);
      recheck.current = setTimeout(() => {
        setRetry("idle");
        onRecheck();
      }, PRODUCT_PUBLISH_RECHECK_MS);
    } catch (error) {
      console.error(error);
      setRetry("failed");
    }
  }

  return (
    <Banner
      tone={failure.failure === "denied" ? "critical" : "warning"}
      title={PRODUCT_PUBLISH_TEXT.title}
      action={failure.failure === "api" ? { content: ACTION_TEXT.tryAgain, loading: retry === "retrying", onAction: () => void tryAgain() } : undefined}
    >
      <BlockStack gap="100">
        <p>{PRODUCT_PUBLISH_TEXT[failure.failure]}</p>
        {failure.failed_at && now !== null ? (
          <Text as="p" tone="subdued">
            {PRODUCT_PUBLISH_TEXT.lastTried(timeAgo(failure.failed_at, now))}
          </Text>
        ) : null}
        <div aria-live="polite">
          {retry === "retrying" ? <p>{PRODUCT_PUBLISH_TEXT.retrying}</p> : null}
          {retry === "failed" ? <p>{PRODUCT_PUBLISH_TEXT.retryFailed}</p> : null}
        </div>
      </BlockStack>
    </Banner>
  );
}
