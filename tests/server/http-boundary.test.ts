import { describe, expect, it } from "vitest";
import {
  BOUNDARY_TEXT,
  REDACTED,
  bodyLimitFor,
  contentSecurityPolicyFor,
  formatByteSize,
  lacksApiSessionToken,
  redactUrl,
} from "../../server/http-boundary.mjs";
import { API_BODY_LIMIT_BYTES, formatByteSize as appFormatByteSize } from "~/http/api.server";
import { HTTP_BOUNDARY_TEXT } from "~/messages";

const KB = 1024;
const MB = 1024 * KB;
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJkZXN0IjoiaHR0cHM6Ly9kZW1vLm15c2hvcGlmeS5jb20ifQ.c2lnbmF0dXJl";

describe("the access log's URL redaction", () => {
  it("hides the embedded page's id_token, session, hmac and host, and keeps the rest as sent", () => {
    const url = `/content?embedded=1&hmac=9f86d081&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvZGVtbw&id_token=${JWT}&locale=en&session=6c3f2a&shop=demo.myshopify.com&timestamp=1700000000`;
    expect(redactUrl(url)).toBe(
      `/content?embedded=1&hmac=${REDACTED}&host=${REDACTED}&id_token=${REDACTED}&locale=en&session=${REDACTED}&shop=demo.myshopify.com&timestamp=1700000000`,
    );
  });

  it("hides an app-proxy request's signature and the storefront customer it names", () => {
    expect(redactUrl("/proxy/events?shop=demo.myshopify.com&logged_in_customer_id=42&path_prefix=%2Fapps%2Fclipcart&signature=ab12")).toBe(
      `/proxy/events?shop=demo.myshopify.com&logged_in_customer_id=${REDACTED}&path_prefix=%2Fapps%2Fclipcart&signature=${REDACTED}`,
    );
  });

  it("hides OAuth's code and state", () => {
    expect(redactUrl("/auth/callback?code=secret-code&shop=demo.myshopify.com&state=nonce")).toBe(
      `/auth/callback?code=${REDACTED}&shop=demo.myshopify.com&state=${REDACTED}`,
    );
  });

  it("hides secrets inside an address carried by another parameter (the library's shopify-reload)", () => {
    const reload = `https://app.example/content?shop=demo.myshopify.com&id_token=${JWT}`;
    const logged = redactUrl(`/auth/session-token?shop=demo.myshopify.com&shopify-reload=${encodeURIComponent(reload)}`);
    expect(logged).not.toContain(JWT);
    expect(decodeURIComponent(logged)).toContain(`id_token=${REDACTED}`);
  });

  it("hides a secret whatever its case or encoding, and leaves a URL without secrets untouched", () => {
    expect(redactUrl(`/?ID_TOKEN=${JWT}&%69d_token=${JWT}`)).toBe(`/?ID_TOKEN=${REDACTED}&%69d_token=${REDACTED}`);
    expect(redactUrl("/api/videos?page=2&status=approved")).toBe("/api/videos?page=2&status=approved");
    expect(redactUrl("/healthz")).toBe("/healthz");
  });
});

describe("body limits by address", () => {
  it.each([
    ["/webhooks/orders/create", 10 * MB],
    ["/webhooks", 10 * MB],
    ["/api/widgets", 1 * MB],
    ["/proxy/events", 16 * KB],
    ["/PROXY/events", 16 * KB],
    ["/%70roxy/events", 16 * KB],
    ["/proxyless", 1 * MB],
    ["/content", 1 * MB],
  ])("%s accepts %i bytes", (path, bytes) => {
    expect(bodyLimitFor(path)).toBe(bytes);
  });

  it("agrees with the app's own /api limit and texts (readJsonBody, app/messages/)", () => {
    expect(bodyLimitFor("/api/widgets")).toBe(API_BODY_LIMIT_BYTES);
    for (const bytes of [16 * KB, MB, 10 * MB, 1500]) expect(formatByteSize(bytes)).toBe(appFormatByteSize(bytes));
    expect(BOUNDARY_TEXT.bodyTooLarge("1 MB")).toBe(HTTP_BOUNDARY_TEXT.bodyTooLarge("1 MB"));
    expect(BOUNDARY_TEXT.sessionRequired).toBe(HTTP_BOUNDARY_TEXT.sessionRequired);
  });
});

describe("/api's session token gate", () => {
  it("lets through only a Bearer token, and a CORS preflight", () => {
    expect(lacksApiSessionToken("GET", "/api/shops/x", undefined)).toBe(true);
    expect(lacksApiSessionToken("POST", "/api/widgets", "Basic dXNlcjpwYXNz")).toBe(true);
    expect(lacksApiSessionToken("POST", "/API/widgets", "Bearer ")).toBe(true);
    expect(lacksApiSessionToken("POST", "/api/widgets", `Bearer ${JWT}`)).toBe(false);
    expect(lacksApiSessionToken("OPTIONS", "/api/widgets", undefined)).toBe(false);
    expect(lacksApiSessionToken("GET", "/apidocs", undefined)).toBe(false);
    expect(lacksApiSessionToken("POST", "/webhooks/orders/create", undefined)).toBe(false);
  });
});

describe("frame-ancestors on HTML answers", () => {
  const perShop = "frame-ancestors https://demo.myshopify.com https://admin.shopify.com;";

  it("forbids framing an HTML answer that names no frame-ancestors", () => {
    expect(contentSecurityPolicyFor("text/html; charset=utf-8", undefined)).toBe("frame-ancestors 'none'");
    expect(contentSecurityPolicyFor("text/html", "default-src 'none';")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("keeps the Shopify library's per-shop value, and leaves other answers alone", () => {
    expect(contentSecurityPolicyFor("text/html; charset=utf-8", perShop)).toBeNull();
    expect(contentSecurityPolicyFor("application/json; charset=utf-8", undefined)).toBeNull();
    expect(contentSecurityPolicyFor(undefined, undefined)).toBeNull();
  });
});
