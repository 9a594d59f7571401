import type { ErrorScreenKind } from "~/messages";

/** Browsers word a network failure differently: Chromium "Failed to fetch", Firefox "NetworkError ...". */
export function isNetworkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return message.includes("Failed to fetch") || message.includes("NetworkError");
}

/** Spec 8: "Failed to fetch" shows the Connection Error screen; anything else the Server Error screen. */
export function errorScreenFor(error: unknown): ErrorScreenKind {
  return isNetworkFailure(error) ? "connection" : "server";
}
