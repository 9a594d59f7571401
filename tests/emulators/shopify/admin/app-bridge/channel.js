// @ts-check
/*
 * The stand-in's channel to the admin page: postMessage both ways, the
 * requests the admin answers, and what the frame's URL says about the page.
 * Protocol: ../README.md.
 */
/** @typedef {import("../protocol.js").FrameMessageFields} FrameMessageFields */
/** @typedef {import("../protocol.js").AdminMessageFields} AdminMessageFields */
/** @typedef {import("../protocol.js").RequestAnswers} RequestAnswers */
/**
 * @template {keyof AdminMessageFields} [Type=keyof AdminMessageFields]
 * @typedef {import("../protocol.js").AdminMessage<Type>} AdminMessage
 */

/** @type {"local-shopify:app"} */ // not widened to string in the messages it marks
export const FROM_APP = "local-shopify:app";
const FROM_ADMIN = "local-shopify:admin";
export const params = new URLSearchParams(location.search);
export const embedded = window.parent !== window;

// The admin's origin: Chromium and WebKit tell us directly; elsewhere we learn
// it from the admin's answer to "hello" (only the real parent can send a
// message whose `source` is window.parent). Until it is known, messages wait
// in the outbox rather than being posted to "*".
/** @type {string | null} */
let adminOrigin = null;
try {
  if (location.ancestorOrigins && location.ancestorOrigins.length) adminOrigin = /** @type {string} */ (location.ancestorOrigins[0]);
} catch (_) {
  /* not available */
}
/** @type {Array<{ source: typeof FROM_APP; type: keyof FrameMessageFields }>} */
const outbox = [];
/** @type {{ [Type in keyof AdminMessageFields]?: (message: AdminMessage<Type>) => void }} */
export const handlers = {};

/** The admin's origin, once known (null until then). */
export const knownAdminOrigin = () => adminOrigin;

/**
 * @template {keyof FrameMessageFields} Type
 * @param {Type} type
 * @param {FrameMessageFields[Type]} data
 */
export function post(type, data) {
  if (!embedded) return;
  const message = { source: FROM_APP, type, ...data };
  if (adminOrigin) window.parent.postMessage(message, adminOrigin);
  else outbox.push(message);
}

/** Listens to the admin and says hello to it. */
export function connect() {
  window.addEventListener("message", (event) => {
    // Anything anyone posted; an AdminMessage once its source and origin are checked.
    const message = /** @type {AdminMessage | null | undefined} */ (event.data);
    if (!embedded || event.source !== window.parent || !message || message.source !== FROM_ADMIN) return;
    if (message.type === "welcome" && !adminOrigin) {
      adminOrigin = event.origin;
      for (const queued of outbox.splice(0)) window.parent.postMessage(queued, adminOrigin);
    }
    if (event.origin !== adminOrigin) return;
    // The message's type picked the handler, so the handler takes this message.
    const handler = /** @type {((message: AdminMessage) => void) | undefined} */ (handlers[message.type]);
    if (handler) handler(message);
  });

  if (embedded) window.parent.postMessage({ source: FROM_APP, type: "hello" }, adminOrigin || "*");
}

// Requests the admin answers with {type: "response", requestId, ...} or {error}.
/** @type {Map<string, (answer: AdminMessage<"response">) => void>} */
const pending = new Map();
let requestSeq = 0;
/**
 * @template {keyof RequestAnswers} Type
 * @param {Type} type
 * @param {Omit<FrameMessageFields[Type], "requestId">} data
 * @param {number} timeoutMs no time limit when 0
 * @returns {Promise<RequestAnswers[Type]>}
 */
export function request(type, data, timeoutMs) {
  if (!embedded) return Promise.reject(new Error("Local Shopify: the app is not inside the admin"));
  const requestId = `${Date.now().toString(36)}-${++requestSeq}`;
  return new Promise((resolve, reject) => {
    const timer =
      timeoutMs &&
      setTimeout(() => {
        pending.delete(requestId);
        reject(new Error(`Local Shopify: the admin did not answer "${type}"`));
      }, timeoutMs);
    pending.set(requestId, (answer) => {
      clearTimeout(timer);
      if (answer.error) reject(new Error(answer.error));
      // The admin answers a request with that request's answer.
      else resolve(/** @type {RequestAnswers[Type]} */ (/** @type {unknown} */ (answer)));
    });
    // The request's own fields plus its id: that request's message fields.
    post(type, /** @type {FrameMessageFields[Type]} */ (/** @type {unknown} */ ({ requestId, ...data })));
  });
}
handlers.response = (message) => {
  const settle = pending.get(message.requestId);
  pending.delete(message.requestId);
  if (settle) settle(message);
};
