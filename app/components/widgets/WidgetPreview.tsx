import { useEffect, useRef } from "react";
import type { StorefrontWidget } from "~/storefront/widget-data";
import { playerCaptions } from "~/storefront/captions";
import { createPlayer } from "~/storefront/player";
import { captionedPlayer } from "~/storefront/player-captions";
import { startPreviews } from "~/storefront/previews";
import { renderWidget } from "~/storefront/renderer";
import { WIDGET_STRINGS } from "~/storefront/widget-strings";
import widgetStyles from "../../../extensions/clipcart-widgets/assets/clipcart-widgets.css?url";

/** The player as the storefront's asset makes it, with the captions module at hand instead of loaded (decision 085). */
const previewPlayer = { createPlayer: captionedPlayer(createPlayer, async () => ({ playerCaptions })) };

/** The storefront's stylesheet, for pages that show previews (route `links`). */
export const widgetPreviewLinks = () => [{ rel: "stylesheet", href: widgetStyles }];

/**
 * The storefront's own renderer drawing a widget in the admin (decision 009):
 * the preview is what shoppers will see, without the cart and without beacons.
 */
export function WidgetPreview({ widget, label, interactive = true }: { widget: StorefrontWidget; label: string; interactive?: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // No cart and no beacons: the admin is not a storefront. Sticky stays inside the preview box.
    const rendered = renderWidget(element, widget, {
      strings: WIDGET_STRINGS,
      interactive,
      cartAddUrl: null,
      beacon: false,
      contained: true,
      player: previewPlayer,
      previews: { startPreviews },
    });
    return () => {
      rendered.destroy();
      element.replaceChildren();
    };
  }, [widget, interactive]);
  return <div ref={container} role="region" aria-label={label} data-widget-preview={widget.layout} />;
}
