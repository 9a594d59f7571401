import type { ReactNode } from "react";
import { Text } from "@shopify/polaris";
import { AppModal } from "./AppModal";
import { ACTION_TEXT } from "~/messages";

interface ConfirmModalProps {
  id: string;
  open: boolean;
  title: string;
  /** Text, or richer content (steps to follow afterwards). */
  body: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation before a destructive action; nothing happens until the merchant confirms. */
export function ConfirmModal({ id, open, title, body, confirmLabel, busy, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <AppModal
      id={id}
      open={open}
      onClose={onClose}
      title={title}
      variant="small"
      primaryAction={{ content: confirmLabel, destructive: true, loading: busy, onAction: onConfirm }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, disabled: busy, onAction: onClose }]}
    >
      {typeof body === "string" ? <Text as="p">{body}</Text> : body}
    </AppModal>
  );
}
