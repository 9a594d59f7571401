import { Badge, BlockStack, Box, Text } from "@shopify/polaris";
import type { LinkResult, LinkStatus } from "~/rules/link-list";
import { IMPORT_LINKS_TEXT } from "~/messages";

const BADGES: Record<LinkStatus, { tone: "success" | "info" | "critical" | undefined; label: string }> = {
  added: { tone: "success", label: IMPORT_LINKS_TEXT.statusAdded },
  already: { tone: "info", label: IMPORT_LINKS_TEXT.statusAlready },
  failed: { tone: "critical", label: IMPORT_LINKS_TEXT.statusFailed },
  pending: { tone: undefined, label: IMPORT_LINKS_TEXT.statusPending },
};

/**
 * One line per pasted link with what became of it (issue 16, decision 056):
 * added, already in the library, or failed with its reason. The links and the
 * platforms' reasons are third-party text: rendered as text only.
 */
export function LinkResults({ links, title = IMPORT_LINKS_TEXT.resultsTitle }: { links: readonly LinkResult[]; title?: string }) {
  if (links.length === 0) return null;
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {title}
      </Text>
      <ul aria-label={title} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {links.map((link) => {
          const badge = BADGES[link.status];
          return (
            <li key={link.url} data-link-status={link.status}>
              <Box paddingBlock="100">
                <BlockStack gap="050">
                  <div>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </div>
                  <Text as="span" variant="bodySm" breakWord>
                    {link.url}
                  </Text>
                  {link.status === "failed" && link.reason ? (
                    <Text as="span" variant="bodySm" tone="critical" breakWord>
                      {link.reason}
                    </Text>
                  ) : null}
                </BlockStack>
              </Box>
            </li>
          );
        })}
      </ul>
    </BlockStack>
  );
}
