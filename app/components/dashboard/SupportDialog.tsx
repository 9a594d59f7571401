import { BlockStack, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { HELP_GUIDE_URL, SUPPORT_EMAIL } from "~/constants";
import { ACTION_TEXT, DASHBOARD_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";

/**
 * Support when there is no chat to open (no CRISP_WEBSITE_ID, or its widget
 * blocked): the support email and the Help Guide, rather than nothing the
 * merchant can see (decision 069).
 */
export function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AppModal
      id="support-dialog"
      open={open}
      onClose={onClose}
      title={DASHBOARD_TEXT.supportTitle}
      secondaryActions={[{ content: ACTION_TEXT.close, onAction: onClose }]}
    >
      <BlockStack gap="300">
        <Text as="p">{DASHBOARD_TEXT.supportBody}</Text>
        <InlineStack>
          <Button variant="primary" url={`mailto:${SUPPORT_EMAIL}`} target="_blank">
            {DASHBOARD_TEXT.supportEmail(SUPPORT_EMAIL)}
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          <Link url={HELP_GUIDE_URL} target="_blank">
            {DASHBOARD_TEXT.supportGuide}
          </Link>
        </Text>
      </BlockStack>
    </AppModal>
  );
}
