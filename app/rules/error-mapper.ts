/**
 * The generic error mapper of spec section 8: turns a failure into the
 * "<title>: <message>" the merchant reads. A network failure and a timeout have
 * their own texts whatever the context; otherwise the context gives the title
 * and the server's message is shown, or the context's default text when the
 * server said nothing. Client-safe.
 */
import { ERROR_MAPPER, type ErrorContext } from "~/messages";
import { isNetworkFailure } from "./errors";

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
