/**
 * oEmbed stand-ins:
 *
 *   GET /oembed/pinterest.json?url=<pin URL>   for https://www.pinterest.com/oembed.json
 *
 * Any well-formed pin URL (https, a Pinterest host, /pin/<id>/ or
 * /pin/<slug>--<id>/) answers a pin seeded by its id; a pin's scenario comes
 * from a control override or its first digits (fixtures.ts PIN_PREFIXES):
 * missing -> 404, private -> 403, fail -> 500, slow -> answers after
 * slowRunMs, evil -> script payloads in every text field and the HTML. A pin
 * a test removed answers 404; a held pin (held: true) answers once released.
 *
 * The answer has the shape of Pinterest's own for any pin: `type: "rich"`, an
 * <iframe> of assets.pinterest.com/ext/embed.html as `html`, a 236 px wide
 * thumbnail, and nothing that says whether the pin is a video. An image pin
 * (fixtures.ts IMAGE_PIN_PREFIX) answers exactly like a video pin here; only
 * the Pinterest actor tells them apart (`is_video`, `videos`), as on the real
 * services.
 */
import type { ServerResponse } from "node:http";
import { sendJson, sendText } from "../shopify/http.js";
import { cdnUrl } from "./cdn.js";
import { caption, displayName, EVIL, hash } from "./fixtures.js";
import type { PlatformEmulatorState } from "./state.js";

export const PINTEREST_OEMBED_PATH = "/oembed/pinterest.json";

export const PIN_URL =
  /^https:\/\/(?:www\.|[a-z]{2}\.)?pinterest\.(?:com|ca|co\.uk|com\.au|com\.mx|de|fr|es|it|pt|ch|at|ie|nz|se|dk|jp|cl|ph)\/pin\/(?:[A-Za-z0-9_-]*--)?(\d{1,25})\/?(?:[?#].*)?$/;

const PINNERS = ["studio_supply", "thegoodhome", "weekendmaker", "linenandclay", "northshopco", "daily_details"] as const;

/** What oEmbed and the Pinterest actor agree on about a pin: its pinner and title. */
export function pinFacts(pinId: string): { pinner: string; title: string } {
  // The modulo keeps the index in range; the fallback only tells the type checker so.
  const pinner = PINNERS[hash(`pinner:${pinId}`) % PINNERS.length] ?? PINNERS[0];
  return { pinner, title: caption(`pin:${pinId}`).text.replace(/ #.*$/, "") };
}

/** The embed's size in the answer: Pinterest's medium pin width, and a portrait pin's height at that width. */
const PIN_EMBED_WIDTH = 345;
const PIN_EMBED_HEIGHT = 714;

function pinAnswer(baseUrl: string, pinId: string, evil: boolean) {
  const { pinner, title } = pinFacts(pinId);
  return {
    version: "1.0",
    type: "rich",
    title: evil ? EVIL.captions[0] : title,
    author_name: evil ? EVIL.name : displayName(pinner),
    author_url: evil ? EVIL.url : `https://www.pinterest.com/${pinner}/`,
    provider_name: "Pinterest",
    provider_url: "https://www.pinterest.com",
    thumbnail_url: evil ? EVIL.url : cdnUrl(baseUrl, "pinterest", "pin", pinId, null),
    thumbnail_width: 236,
    thumbnail_height: 420,
    html: evil
      ? EVIL.html
      : `<iframe src="https://assets.pinterest.com/ext/embed.html?id=${pinId}" height="${PIN_EMBED_HEIGHT}" width="${PIN_EMBED_WIDTH}" frameborder="0" scrolling="no"></iframe>`,
    width: PIN_EMBED_WIDTH,
    height: PIN_EMBED_HEIGHT,
    cache_age: 86400,
  };
}

export async function servePinterestOembed(res: ServerResponse, url: URL, state: PlatformEmulatorState, baseUrl: string): Promise<void> {
  const target = url.searchParams.get("url");
  if (!target) return sendJson(res, 400, { error: "url parameter is required" });
  const pinId = PIN_URL.exec(target)?.[1];
  if (!pinId) return sendText(res, 404, "Not Found");
  const scenario = state.scenario("pinterest", pinId);
  // A held pin answers once the test releases it (held: false), however long that takes.
  await state.whileHeld("pinterest", pinId, (end) => res.once("close", end));
  if (res.destroyed || res.writableEnded) return;
  if (scenario === "slow") {
    const delay = state.account("pinterest", pinId)?.runMs ?? state.options.slowRunMs;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      timer.unref();
      res.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (res.destroyed || res.writableEnded) return;
  }
  if (scenario === "missing" || scenario === "empty" || state.isRemoved("pinterest", pinId)) return sendText(res, 404, "Not Found");
  if (scenario === "private") return sendText(res, 403, "Forbidden");
  if (scenario === "fail") return sendText(res, 500, "Internal Server Error");
  sendJson(res, 200, pinAnswer(baseUrl, pinId, scenario === "evil"));
}
