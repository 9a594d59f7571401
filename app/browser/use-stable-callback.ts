import { useCallback, useRef } from "react";

/**
 * A function whose identity never changes and that always calls the latest
 * `callback`. Handing these to memoised children (the library's rows, its
 * dialogs) lets a re-render that changes nothing for them skip them: on a slow
 * laptop the library's paging was mostly React re-rendering unchanged parts.
 */
export function useStableCallback<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(callback);
  // Assigned while rendering: the next event handler call sees this render's callback.
  latest.current = callback;
  return useCallback((...args: Args) => latest.current(...args), []);
}
