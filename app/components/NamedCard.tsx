import { useId, type ReactNode } from "react";
import { Card } from "@shopify/polaris";

/**
 * A Polaris Card that is also a region named by its own heading: screen readers
 * can list and jump to it by name, and tests find it by role and name rather
 * than by Polaris's class names. The <section> takes no box of its own
 * (`display: contents`), so grids lay the cards out exactly as before.
 * `children` receives the id to put on the heading.
 */
export function NamedCard({ children }: { children: (headingId: string) => ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={{ display: "contents" }}>
      <Card>{children(headingId)}</Card>
    </section>
  );
}
