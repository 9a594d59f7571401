import { useState } from "react";
import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { TUTORIAL_VIDEO, TUTORIAL_VIDEO_LENGTH } from "~/constants";
import { DASHBOARD_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";

/** The tutorial: a 1:18 thumbnail that opens the film in a dialog (spec 2). */
export function TutorialCard() {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Card>
      <InlineStack gap="400" blockAlign="center" wrap={false}>
        <button
          type="button"
          onClick={() => setOpen(true)}
          style={{ position: "relative", padding: 0, border: 0, borderRadius: 8, overflow: "hidden", cursor: "pointer", flexShrink: 0, background: "#1a1a1a" }}
        >
          <img src={TUTORIAL_VIDEO.poster} alt="" width={192} height={108} style={{ display: "block" }} />
          {/* The name is the visible length after these words (axe: a label holds the text shown). */}
          <Text as="span" visuallyHidden>
            {DASHBOARD_TEXT.tutorialPlay}
          </Text>
          <span
            aria-hidden="true"
            style={{ position: "absolute", inset: 0, display: "flex", alignItems: "center", justifyContent: "center", color: "#fff", fontSize: 32 }}
          >
            ▶
          </span>
          <span
            data-tutorial-length
            style={{
              position: "absolute",
              right: 6,
              bottom: 6,
              padding: "1px 6px",
              borderRadius: 4,
              background: "rgba(0,0,0,.75)",
              color: "#fff",
              fontSize: 12,
            }}
          >
            {TUTORIAL_VIDEO_LENGTH}
          </span>
        </button>
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {DASHBOARD_TEXT.tutorialTitle}
          </Text>
          <Text as="p" tone="subdued">
            {DASHBOARD_TEXT.tutorialBody}
          </Text>
        </BlockStack>
      </InlineStack>
      <AppModal id="tutorial-video" open={open} onClose={() => setOpen(false)} title={DASHBOARD_TEXT.tutorialTitle} variant="large">
        {failed ? (
          <Text as="p" tone="subdued">
            {DASHBOARD_TEXT.tutorialUnavailable}
          </Text>
        ) : (
          <video
            src={TUTORIAL_VIDEO.src}
            poster={TUTORIAL_VIDEO.poster}
            controls
            autoPlay
            playsInline
            onError={() => setFailed(true)}
            style={{ width: "100%", aspectRatio: "16 / 9", background: "#000", borderRadius: 8 }}
          >
            <track kind="captions" src={TUTORIAL_VIDEO.captions} srcLang="en" label={DASHBOARD_TEXT.captionsLabel} default />
          </video>
        )}
      </AppModal>
    </Card>
  );
}
