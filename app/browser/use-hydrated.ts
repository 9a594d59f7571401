import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML,
 * true on every later render. For text that depends on the browser (its time
 * zone), which must match the server's HTML during hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
