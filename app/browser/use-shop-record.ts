import { useEffect, useRef } from "react";
import { useRevalidator } from "@remix-run/react";

/**
 * A page whose loader ran before the shop's first bootstrap (the very first
 * open of the app) reads its data again once. `missing` is true when even that
 * read found no shop: the page then says the shop is not available.
 */
export function useShopRecord(shopFound: boolean): { missing: boolean } {
  const { revalidate, state } = useRevalidator();
  const askedAgain = useRef(false);
  useEffect(() => {
    if (!shopFound && !askedAgain.current) {
      askedAgain.current = true;
      revalidate();
    }
  }, [shopFound, revalidate]);
  return { missing: !shopFound && askedAgain.current && state !== "loading" };
}
