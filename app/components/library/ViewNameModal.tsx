import { useState } from "react";
import { Form, TextField } from "@shopify/polaris";
import { VIEW_NAME_MAX_LENGTH } from "~/constants";
import { ACTION_TEXT, LIBRARY_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";
import type { NameRetry } from "~/browser/use-saved-views";

const TEXT = LIBRARY_TEXT.viewNameDialog;

/**
 * The view-name dialog for a name that was refused (spec 5's rules): it opens
 * with what the merchant typed and why it was refused, and stays open until a
 * name is accepted or the merchant cancels.
 */
export function ViewNameModal({ retry, onClose }: { retry: NameRetry | null; onClose: () => void }) {
  const [shownFor, setShownFor] = useState<NameRetry | null>(null);
  const [value, setValue] = useState("");
  const [saving, setSaving] = useState(false);
  if (retry !== shownFor) {
    setShownFor(retry);
    if (retry) setValue(retry.value);
    setSaving(false);
  }

  async function submit() {
    if (!retry || saving) return;
    setSaving(true);
    // A refusal gives this dialog a new retry (same dialog, new error); success closes it.
    const saved = await retry.submit(value);
    if (!saved) setSaving(false);
  }

  return (
    <AppModal
      id="view-name-modal"
      open={retry !== null}
      onClose={onClose}
      title={retry ? TEXT[retry.kind] : TEXT.create}
      primaryAction={{
        content: retry?.kind === "create" ? TEXT.createAction : TEXT.saveAction,
        loading: saving,
        disabled: value.length === 0,
        onAction: () => void submit(),
      }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, onAction: onClose }]}
    >
      <Form onSubmit={() => void submit()}>
        <TextField
          label={TEXT.label}
          value={value}
          onChange={setValue}
          autoComplete="off"
          maxLength={VIEW_NAME_MAX_LENGTH}
          showCharacterCount
          error={retry?.error}
        />
      </Form>
    </AppModal>
  );
}
