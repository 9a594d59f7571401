// @ts-check
/**
 * The production HTTP server around the Remix build (decision 020): static
 * files as remix-serve served them, security headers on every answer, a
 * redacted access log, /api refused without a session token, request bodies
 * limited before the app reads them, and a graceful stop.
 */
import http from "node:http";
import express from "express";
import compression from "compression";
import morgan from "morgan";
import onHeaders from "on-headers";
import getRawBody from "raw-body";
import { installGlobals, writeReadableStreamToWritable } from "@remix-run/node";
import { BOUNDARY_TEXT, SECURITY_HEADERS, bodyLimitFor, contentSecurityPolicyFor, formatByteSize, lacksApiSessionToken, redactUrl } from "./http-boundary.mjs";

/** @typedef {import("node:http").IncomingMessage & { body?: Buffer<ArrayBuffer>, path: string, originalUrl: string, protocol: string }} ExpressRequest */
/** @typedef {import("node:http").ServerResponse & { status(code: number): ExpressResponse, json(body: unknown): void }} ExpressResponse */
/** @typedef {(error?: unknown) => void} Next */
/** @typedef {(request: Request) => Promise<Response>} RequestHandler */

/**
 * How long an oversized upload is still read (and thrown away) after its 413,
 * so that the sender, still writing, is not reset before it reads the answer.
 */
const LINGER_AFTER_REFUSAL_MS = 2_000;

/**
 * @param {ExpressResponse} res
 * @param {number} status
 * @param {string} message
 */
function sendError(res, status, message) {
  res.status(status).json({ error: message });
}

/** @param {ExpressRequest} _req @param {ExpressResponse} res @param {Next} next */
function addSecurityHeaders(_req, res, next) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  // Decided when the answer's headers go out: only then are its type and the library's CSP known.
  onHeaders(res, function () {
    const contentType = res.getHeader("Content-Type");
    const current = res.getHeader("Content-Security-Policy");
    const policy = contentSecurityPolicyFor(typeof contentType === "string" ? contentType : undefined, typeof current === "string" ? current : undefined);
    if (policy) res.setHeader("Content-Security-Policy", policy);
  });
  next();
}

/**
 * Method, path with secrets redacted, status and duration; never a header.
 * @param {NodeJS.WritableStream} stream
 */
function accessLog(stream) {
  return morgan(
    /** @param {any} tokens @param {ExpressRequest} req @param {ExpressResponse} res */
    (tokens, req, res) =>
      `${req.method} ${redactUrl(req.originalUrl ?? req.url ?? "")} ${tokens.status(req, res) ?? "-"} ${tokens["response-time"](req, res) ?? "-"} ms`,
    { stream },
  );
}

/** @param {ExpressRequest} req */
function hasRequestBody(req) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * Answers without reading the rest of the body, then closes the connection.
 * Node would otherwise read the whole body to keep the connection alive, or
 * reset it at once and a sender still writing could lose the answer; so the
 * rest is read and dropped for a short while, then the socket is destroyed.
 * @param {ExpressRequest} req
 * @param {ExpressResponse} res
 * @param {number} status
 * @param {string} message
 */
function refuseUnreadBody(req, res, status, message) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_AFTER_REFUSAL_MS).unref();
  };
  req.resume();
  res.setHeader("Connection", "close");
  sendError(res, status, message);
}

/** @param {ExpressRequest} req @param {ExpressResponse} res @param {Next} next */
function requireApiSessionToken(req, res, next) {
  if (!lacksApiSessionToken(req.method ?? "GET", req.path, req.headers.authorization)) return next();
  if (hasRequestBody(req)) refuseUnreadBody(req, res, 401, BOUNDARY_TEXT.sessionRequired);
  else sendError(res, 401, BOUNDARY_TEXT.sessionRequired);
}

/**
 * Reads the body into memory up to the limit of its address: a claimed
 * Content-Length over the limit is refused before anything is read, a chunked
 * body as soon as it passes the limit. The app then gets the whole body at once.
 * @param {ExpressRequest} req @param {ExpressResponse} res @param {Next} next
 */
function limitRequestBody(req, res, next) {
  if (!hasRequestBody(req)) return next();
  const limit = bodyLimitFor(req.path);
  getRawBody(req, { limit, length: req.headers["content-length"] }, (error, body) => {
    if (!error) {
      // raw-body concatenates into a fresh Buffer, never a SharedArrayBuffer.
      req.body = /** @type {Buffer<ArrayBuffer>} */ (body);
      return next();
    }
    if (/** @type {{ type?: string }} */ (error).type === "entity.too.large") {
      return refuseUnreadBody(req, res, 413, BOUNDARY_TEXT.bodyTooLarge(formatByteSize(limit)));
    }
    // The sender went away: nobody is left to answer.
    if (req.destroyed || /** @type {{ type?: string }} */ (error).type === "request.aborted") return;
    res.setHeader("Connection", "close");
    sendError(res, 400, BOUNDARY_TEXT.unreadableBody);
  });
}

/**
 * The Fetch Request the Remix build handles. Built like @remix-run/express
 * builds it, but from the body read above: that adapter reads the socket
 * itself, which would bypass the limit.
 * @param {ExpressRequest} req
 * @param {ExpressResponse} res
 */
function fetchRequestFor(req, res) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders and actions stop when the client goes away before the answer is complete.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.body !== undefined;
  return new Request(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
    method: req.method,
    headers,
    body: hasBody ? req.body : undefined,
    signal: controller.signal,
  });
}

/**
 * @param {ExpressResponse} res
 * @param {Response} response
 */
async function sendFetchResponse(res, response) {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [name, value] of response.headers.entries()) res.appendHeader(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** @param {RequestHandler} handleRequest */
function remixHandler(handleRequest) {
  /** @param {ExpressRequest} req @param {ExpressResponse} res @param {Next} next */
  return async (req, res, next) => {
    try {
      await sendFetchResponse(res, await handleRequest(fetchRequestFor(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Node's own fetch (undici) and its Request, Response, Headers, FormData and File
 * as globals, before the build is imported, so the app and its libraries share one
 * fetch, as in development and the tests (decision 088). Remix's polyfill, which
 * installGlobals() gives without single fetch, must not come back: when a timeout
 * aborted an upload it was still sending, it cancelled the body it was reading,
 * and that rejection, which nothing could catch, ended the process.
 */
export function installFetchGlobals() {
  installGlobals({ nativeFetch: true });
}

/**
 * @param {object} options
 * @param {RequestHandler} options.handleRequest the Remix build's handler (createRequestHandler)
 * @param {string} options.clientDirectory the build's browser files (build/client)
 * @param {NodeJS.WritableStream} [options.accessLogStream]
 */
export function createApp({ handleRequest, clientDirectory, accessLogStream = process.stdout }) {
  const app = express();
  app.disable("x-powered-by");
  app.use(addSecurityHeaders);
  app.use(compression());
  // Vite fingerprints everything under /assets: cache it for good. Other files (favicon, tutorial) may change.
  app.use("/assets", express.static(`${clientDirectory}/assets`, { immutable: true, maxAge: "1y" }));
  app.use(express.static(clientDirectory, { maxAge: "1h" }));
  app.use(accessLog(accessLogStream));
  app.use(requireApiSessionToken);
  app.use(limitRequestBody);
  app.all("*", remixHandler(handleRequest));
  return app;
}

/**
 * Listens, and returns stop(): no new connections, requests in flight finish
 * (their connections then close), idle keep-alive connections close at once;
 * after `drainTimeoutMs` the remaining connections are cut.
 * @param {import("node:http").RequestListener} app
 * @param {{ port: number, host?: string, drainTimeoutMs?: number }} options
 * @returns {Promise<{ server: import("node:http").Server, stop: () => Promise<void> }>}
 */
export function startServer(app, { port, host, drainTimeoutMs = 10_000 }) {
  let stopping = false;
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader("Connection", "close");
    res.on("finish", () => {
      // Its connection is idle now: close it rather than wait for the keep-alive timeout.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    app(req, res);
  });
  const stop = () =>
    new Promise((resolve) => {
      stopping = true;
      const deadline = setTimeout(() => server.closeAllConnections(), drainTimeoutMs).unref();
      server.close(() => {
        clearTimeout(deadline);
        resolve(undefined);
      });
    });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const onListening = () => resolve({ server, stop });
    if (host) server.listen(port, host, onListening);
    else server.listen(port, onListening);
  });
}
