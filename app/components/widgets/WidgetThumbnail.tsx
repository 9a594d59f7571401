import { useEffect, useRef, useState } from "react";
import type { StorefrontWidget } from "~/storefront/widget-data";
import { WidgetPreview } from "./WidgetPreview";

/**
 * How wide the widget is drawn before it is shrunk: a storefront column, where
 * each layout looks like itself (the Grid in rows of four, the Carousel three
 * cards across, Sticky a bubble in its corner). Drawn at the card's own width
 * instead, the Grid became one column of six full-size posters.
 */
const STAGE_WIDTH_PX = 640;
/** Every card's thumbnail is this tall, whatever its layout: the cards of a row line up and none stretches another. */
export const THUMBNAIL_HEIGHT_PX = 140;

/**
 * A widget's mini preview on its card (decision 066): the storefront renderer
 * draws the widget at a storefront's width, and the drawing is scaled down
 * to fit a fixed box, whole and centred, like a screenshot. The box's size
 * is contained, so nothing the renderer draws can make the card taller.
 */
export function WidgetThumbnail({ widget, label }: { widget: StorefrontWidget; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  // Unknown until the drawing has a size: hidden until then, so it never shows at full size.
  const [scale, setScale] = useState<number | null>(null);

  useEffect(() => {
    const frame = box.current;
    const drawing = stage.current;
    if (!frame || !drawing) return;
    const fit = () => {
      const height = drawing.offsetHeight;
      const width = frame.clientWidth;
      if (height > 0 && width > 0) setScale(Math.min(width / STAGE_WIDTH_PX, THUMBNAIL_HEIGHT_PX / height));
    };
    // The renderer draws after this effect and posters load later: the drawing's height follows, and so does the scale.
    const observer = new ResizeObserver(fit);
    observer.observe(frame);
    observer.observe(drawing);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} style={{ position: "relative", height: THUMBNAIL_HEIGHT_PX, overflow: "hidden", contain: "strict" }}>
      <div
        ref={stage}
        style={{
          position: "absolute",
          top: "50%",
          left: "50%",
          width: STAGE_WIDTH_PX,
          transform: `translate(-50%, -50%) scale(${scale ?? 1})`,
          visibility: scale === null ? "hidden" : "visible",
        }}
      >
        <WidgetPreview widget={widget} label={label} interactive={false} />
      </div>
    </div>
  );
}
