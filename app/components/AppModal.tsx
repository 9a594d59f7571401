import type { ReactNode } from "react";
import { Modal, TitleBar } from "@shopify/app-bridge-react";
import { AppProvider as PolarisAppProvider, Box } from "@shopify/polaris";
import polarisTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };

export interface ModalAction {
  content: string;
  onAction: () => void;
  disabled?: boolean;
  loading?: boolean;
  /** Critical tone, for destructive actions. */
  destructive?: boolean;
}

interface AppModalProps {
  /** Unique per dialog on the page. */
  id: string;
  open: boolean;
  /** Called when the merchant closes the dialog (close button, Escape, backdrop) or an action closes it. */
  onClose: () => void;
  title: string;
  variant?: "small" | "base" | "large" | "max";
  primaryAction?: ModalAction;
  secondaryActions?: ModalAction[];
  children: ReactNode;
}

function actionButton(action: ModalAction, primary: boolean) {
  return (
    <button
      key={action.content}
      variant={primary ? "primary" : undefined}
      tone={action.destructive ? "critical" : undefined}
      disabled={Boolean(action.disabled || action.loading)}
      // App Bridge reads `loading` as an attribute; React drops boolean values on unknown attributes.
      loading={action.loading ? "" : undefined}
      onClick={action.onAction}
    >
      {action.content}
    </button>
  );
}

/**
 * A dialog drawn by App Bridge (`ui-modal`): the title and the buttons live in
 * its title bar, the body is ours. Shopify renders the body outside the app's
 * document, so it gets its own Polaris provider: Popovers (the product picker)
 * open inside the dialog, not behind it. The body and its provider mount only
 * while open, so every opening starts from fresh state and a closed dialog
 * costs the page nothing: each provider's mount measures the document's
 * scrollbars and restyles its root, a forced layout the library paid once per
 * closed dialog while hydrating (decision 074).
 */
export function AppModal({ id, open, onClose, title, variant = "base", primaryAction, secondaryActions = [], children }: AppModalProps) {
  return (
    <Modal id={id} open={open} onHide={onClose} variant={variant}>
      <TitleBar title={title}>
        {primaryAction ? actionButton(primaryAction, true) : null}
        {secondaryActions.map((action) => actionButton(action, false))}
      </TitleBar>
      {open ? (
        <PolarisAppProvider i18n={polarisTranslations}>
          <Box padding="400">{children}</Box>
        </PolarisAppProvider>
      ) : null}
    </Modal>
  );
}
