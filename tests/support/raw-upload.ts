import http from "node:http";

export interface UploadAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  elapsedMs: number;
  /** Body bytes handed to the socket before the answer arrived. */
  bytesSent: number;
}

export interface UploadOptions {
  /** Claim this Content-Length and send no body at all. */
  claimedLength?: number;
  /** Stream a chunked body until the server answers, at most this many bytes (then the body ends). */
  streamUpTo?: number;
  headers?: Record<string, string>;
  /** Without an answer by then, status is 0. */
  timeoutMs?: number;
}

/**
 * POSTs a body the way a hostile or broken sender would, with node:http
 * (fetch and Playwright's `request` always send a whole, honestly measured
 * body): only a claimed Content-Length, or a chunked stream that keeps going
 * until the server answers.
 */
export function uploadUntilAnswered(url: string, options: UploadOptions): Promise<UploadAnswer> {
  const started = Date.now();
  const chunk = Buffer.alloc(64 * 1024, "a");
  let bytesSent = 0;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(options.claimedLength !== undefined ? { "Content-Length": String(options.claimedLength) } : {}),
        ...options.headers,
      },
    });
    const timer = setTimeout(() => {
      answered = true;
      request.destroy();
      resolve({ status: 0, headers: {}, body: "", elapsedMs: Date.now() - started, bytesSent });
    }, options.timeoutMs ?? 15_000);
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, elapsedMs: Date.now() - started, bytesSent });
      });
    });
    request.on("error", (error) => {
      // Once the answer is in, the server closing the connection on the rest of the body is expected.
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    if (options.streamUpTo === undefined) {
      request.flushHeaders();
      return;
    }
    const streamUpTo = options.streamUpTo;
    const writeMore = () => {
      while (!answered && bytesSent < streamUpTo) {
        bytesSent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", writeMore);
      }
      if (!answered) request.end();
    };
    writeMore();
  });
}
