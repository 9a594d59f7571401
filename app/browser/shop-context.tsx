import { createContext, useContext } from "react";
import type { BootstrappedShop } from "./shop-bootstrap";

export const ShopContext = createContext<BootstrappedShop | null>(null);

/** The bootstrapped shop; pages render only after the bootstrap succeeded. */
export function useShop(): BootstrappedShop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error("useShop() used outside the app layout");
  return shop;
}
