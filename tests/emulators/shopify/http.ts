/** Small helpers over node:http, so handlers read like a framework's without one. */
import type { IncomingMessage, ServerResponse } from "node:http";

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses a JSON or form-encoded body into a flat object (what OAuth endpoints accept). */
export async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = (await readBody(req)).toString("utf8");
  if (!raw) return {};
  if ((req.headers["content-type"] ?? "").includes("json")) {
    try {
      const parsed = JSON.parse(raw);
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, body: string | Buffer, contentType = "text/plain; charset=utf-8"): void {
  res.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location });
  res.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `params` holds one string per capture group of the route's pattern ("" for a group that did not take part),
 * so handlers destructure them with `= ""` defaults: the pattern, not the type, fixes how many there are.
 */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[]) => Promise<void> | void;

/** A route table: first match wins; `params` are the pattern's capture groups (decoded). */
export class Router {
  private routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];

  on(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.push({ method, pattern, handler });
    return this;
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    for (const route of this.routes) {
      if (route.method !== "*" && route.method !== req.method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      await route.handler(
        req,
        res,
        url,
        match.slice(1).map((p) => decodeURIComponent(p ?? "")),
      );
      return true;
    }
    return false;
  }
}
