import type { ReactNode } from "react";
import type { LayoutType } from "~/contracts/widget-layouts";
import { LAYOUTS, WIDGET_TEXT } from "~/messages";

/** A video card in the pictures: the posters' 9:16, rounded like the storefront's. */
function Poster({ x, y, width }: { x: number; y: number; width: number }) {
  return <rect x={x} y={y} width={width} height={(width * 16) / 9} rx={2} fill="var(--p-color-icon-secondary)" />;
}

/** A line of the store's own text, around which Sticky floats. */
function TextLine({ y, width }: { y: number; width: number }) {
  return <rect x={10} y={y} width={width} height={4} rx={2} fill="var(--p-color-border-secondary)" />;
}

/** What each layout looks like on a store page, in a 120 x 72 page. */
const DRAWINGS: Record<LayoutType, ReactNode> = {
  // Three cards in a row and the next one cut by the page's edge: it scrolls sideways.
  carousel: [6, 40, 74, 108].map((x) => <Poster key={x} x={x} y={9} width={30} />),
  // Rows of four.
  grid: [8, 40].flatMap((y) => [23, 43, 63, 83].map((x) => <Poster key={`${x}-${y}`} x={x} y={y} width={14} />)),
  // One large video in the middle.
  single: <Poster x={46} y={11} width={28} />,
  // The page's content, with a small video floating in its corner.
  sticky: (
    <>
      <TextLine y={12} width={100} />
      <TextLine y={22} width={84} />
      <TextLine y={32} width={92} />
      <TextLine y={42} width={60} />
      <rect x={88} y={36} width={20} height={32} rx={3} fill="var(--p-color-icon-secondary)" stroke="var(--p-color-bg-surface)" strokeWidth={2} />
    </>
  ),
  // A row of round thumbnails, each in its ring.
  stories: [19, 41, 63, 85].map((cx) => (
    <circle key={cx} cx={cx + 8} cy={30} r={8} fill="var(--p-color-icon-secondary)" stroke="var(--p-color-border)" strokeWidth={2} />
  )),
};

/**
 * A small picture of a layout for the type picker (decision 066): the shape
 * of the widget on a page, so the merchant sees the difference before reading it.
 */
export function LayoutPicture({ layout }: { layout: LayoutType }) {
  return (
    <svg
      role="img"
      aria-label={WIDGET_TEXT.layoutPicture(LAYOUTS[layout].title)}
      viewBox="0 0 120 72"
      width={120}
      height={72}
      style={{ display: "block", maxWidth: "100%", height: "auto" }}
    >
      <rect x={0.5} y={0.5} width={119} height={71} rx={6} fill="var(--p-color-bg-surface-secondary)" />
      {/* An inline SVG clips what passes its edges: the carousel's last card is cut like on a page. */}
      {DRAWINGS[layout]}
      <rect x={0.5} y={0.5} width={119} height={71} rx={6} fill="none" stroke="var(--p-color-border-secondary)" />
    </svg>
  );
}
