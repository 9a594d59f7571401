/**
 * What the merchant reads of a failure (spec section 8), in one client-safe
 * module:
 *
 * - the generic error mapper: turns a failure into the "<title>: <message>"
 *   shown in banners and toasts. A network failure and a timeout have their
 *   own texts whatever the context; otherwise the context gives the title and
 *   the server's message is shown, or the context's default text when the
 *   server said nothing;
 * - which error screen a failed page shows (Connection Error or Server Error).
 *
 * The domain's own errors are app/rules/domain-errors.ts (decision 028).
 */
import { ERROR_MAPPER, type ErrorContext, type ErrorScreenKind } from "~/messages";

/** Browsers word a network failure differently: Chromium "Failed to fetch", Firefox "NetworkError ...". */
function isNetworkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return message.includes("Failed to fetch") || message.includes("NetworkError");
}

/** Spec 8: "Failed to fetch" shows the Connection Error screen; anything else the Server Error screen. */
export function errorScreenFor(error: unknown): ErrorScreenKind {
  return isNetworkFailure(error) ? "connection" : "server";
}

export interface MappedError {
  title: string;
  message: string;
}

/** The text an error carries: Error.message, a string, or an API body's `error` / `message`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object") {
    const body = error as { error?: unknown; message?: unknown };
    if (typeof body.error === "string") return body.error;
    if (typeof body.message === "string") return body.message;
  }
  return "";
}

function isTimeout(error: unknown, text: string): boolean {
  // AbortSignal.timeout() rejects with a DOMException named TimeoutError ("signal timed out").
  if (error instanceof Error && error.name === "TimeoutError") return true;
  return text.toLowerCase().includes("timeout");
}

export function mapError(error: unknown, context: ErrorContext = "default"): MappedError {
  const text = errorText(error).trim();
  if (isNetworkFailure(text)) return { ...ERROR_MAPPER.network };
  if (isTimeout(error, text)) return { ...ERROR_MAPPER.timeout };
  const entry = ERROR_MAPPER[context] ?? ERROR_MAPPER.default;
  return { title: entry.title, message: text || entry.message };
}

export function formatMappedError(mapped: MappedError): string {
  return `${mapped.title}: ${mapped.message}`;
}

/** mapError + formatMappedError in one call. */
export function describeError(error: unknown, context: ErrorContext = "default"): string {
  return formatMappedError(mapError(error, context));
}
