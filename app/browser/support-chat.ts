/**
 * The Dashboard's Support action opens the support chat (Crisp, when the
 * deployment sets CRISP_WEBSITE_ID: its script defines `window.$crisp`). Not
 * loaded yet, or no chat configured: a console warning (spec 8), and the
 * caller shows another way to reach support (decision 069).
 */
import { DASHBOARD_TEXT } from "~/messages";

type CrispQueue = { push: (command: unknown[]) => void };

/** Opens the chat; false when there is none to open. */
export function openSupportChat(): boolean {
  const crisp = (globalThis as { $crisp?: CrispQueue }).$crisp;
  if (!crisp || typeof crisp.push !== "function") {
    console.warn(DASHBOARD_TEXT.supportChatMissing);
    return false;
  }
  crisp.push(["do", "chat:show"]);
  crisp.push(["do", "chat:open"]);
  return true;
}

/** Loads the chat's script once, hidden until the merchant asks for support. */
export function loadSupportChat(websiteId: string | null): void {
  if (!websiteId || typeof document === "undefined" || document.getElementById("support-chat-script")) return;
  const page = window as unknown as { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };
  page.$crisp = [["do", "chat:hide"]];
  page.CRISP_WEBSITE_ID = websiteId;
  const script = document.createElement("script");
  script.id = "support-chat-script";
  script.src = "https://client.crisp.chat/l.js";
  script.async = true;
  document.head.appendChild(script);
}
