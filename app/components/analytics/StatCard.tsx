import { numberFormat } from "~/rules/intl-formats";
import { BlockStack, Text } from "@shopify/polaris";
import { NamedCard } from "~/components/NamedCard";

/** One figure of a Performance Overview: its name, the number, and what it counts. */
export function StatCard({ title, value, detail }: { title: string; value: string; detail?: string | null }) {
  return (
    <NamedCard>
      {(headingId) => (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm" tone="subdued" id={headingId}>
            {title}
          </Text>
          <Text as="p" variant="heading2xl">
            {value}
          </Text>
          {detail ? (
            <Text as="p" variant="bodySm" tone="subdued">
              {detail}
            </Text>
          ) : null}
        </BlockStack>
      )}
    </NamedCard>
  );
}

export const formatCount = (value: number) => numberFormat().format(value);

/** Revenue in the shop's currency, always to 2 decimals (spec 2: "$59.98" for a USD shop). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return numberFormat({ style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
