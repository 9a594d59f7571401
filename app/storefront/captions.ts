/**
 * Captions on the storefront (issue 28, decision 085): a video's WebVTT files
 * (StorefrontVideo.captions, the video's own language first) become real text
 * tracks (`<track kind="captions">`) of the player's <video> and of the muted
 * previews, in the page's language when the video has it, else the same
 * primary language, else the video's own.
 *
 * The player's part (the CC toggle and its tracks) is a script asset of its own
 * (clipcart-captions.js, captions-entry.ts), loaded only once the player shows
 * a video that has captions, so the player asset stays within theme-check's
 * 10,000 bytes; the previews' asset bundles the little it uses of this file.
 * Cues are styled by the stylesheet (`.cc video::cue`): white on 80% black.
 */
import { safeHttpUrl } from "~/rules/embeds";
import { attr, button, isText, on, session } from "./dom";
import type { PlayerContext } from "./player";
import type { StorefrontCaption, StorefrontVideo } from "./widget-data";

/** A video's captions that can be used: a language tag and an http(s) file, in their published order. */
export function readCaptions(captions: unknown): StorefrontCaption[] {
  const usable: StorefrontCaption[] = [];
  if (Array.isArray(captions)) {
    for (const caption of captions as Array<Partial<StorefrontCaption> | null>) {
      const src = caption && isText(caption.lang) && safeHttpUrl(caption.src);
      if (src) usable.push({ lang: caption!.lang!, src });
    }
  }
  return usable;
}

/**
 * The caption to show on a page in `lang` (Shopify's request.locale.iso_code: "fr", "pt-BR"): the same tag,
 * else the page's primary language ("pt" for "pt-BR"), else a caption in another region of it ("pt-PT"),
 * else the video's own language (the first); null when the video has no usable caption.
 */
export function chooseCaption(captions: unknown, lang?: string | null): StorefrontCaption | null {
  const usable = readCaptions(captions);
  const wanted = (lang || "").toLowerCase();
  const primary = (tag: string) => tag.toLowerCase().split("-")[0];
  return (
    (wanted &&
      (usable.find((caption) => caption.lang.toLowerCase() === wanted) ||
        usable.find((caption) => caption.lang.toLowerCase() === primary(wanted)) ||
        usable.find((caption) => primary(caption.lang) === primary(wanted)))) ||
    usable[0] ||
    null
  );
}

/** The language's own name in the page's language ("français" on a French page), else its tag. */
function languageName(lang: string, pageLang?: string): string {
  try {
    return new Intl.DisplayNames([pageLang || lang], { type: "language" }).of(lang) || lang;
  } catch {
    return lang;
  }
}

/**
 * The chosen caption as the video's one `<track kind="captions" srclang label src>`, showing (and
 * `default`) or disabled. One track, not one per language: Chromium's automatic text track selection,
 * which runs in a task after tracks are inserted, turns a second caption track on beside the one
 * showing, and turns a `default` track on that script had disabled; with one track and `default` only
 * when it shows, what the shopper chose is what shows. A disabled track fetches nothing.
 * The video becomes a CORS request's: the files are on Shopify's CDN, another origin than the shop,
 * and a cross-origin track loads only so (Shopify's CDN allows any origin).
 */
export function addCaptionTrack(video: HTMLVideoElement, chosen: StorefrontCaption, showing: boolean, pageLang?: string) {
  video.crossOrigin = "anonymous";
  removeCaptionTracks(video);
  const track = document.createElement("track");
  track.kind = "captions";
  track.srclang = chosen.lang;
  track.label = languageName(chosen.lang, pageLang);
  track.src = chosen.src;
  track.default = showing;
  video.append(track);
  setShowing(video, showing);
}

function removeCaptionTracks(video: HTMLVideoElement) {
  for (const track of video.querySelectorAll("track")) track.remove();
}

/** Shows the caption's track, or turns it off ("disabled": no cue shown, nothing read aloud). */
function setShowing(video: HTMLVideoElement, showing: boolean) {
  for (const track of video.querySelectorAll("track")) track.track.mode = showing ? "showing" : "disabled";
}

/** The shopper's CC choice, kept for the browser session ("1" on, "0" off): their own choice of interface, like a dismissed sticky widget. */
const CHOICE_KEY = "clipcart:captions";

/** Whether the player starts with captions on: the shopper's choice this session, else the widget's Show captions (default on). */
function captionsOn(context: PlayerContext): boolean {
  const store = session();
  const choice = store && store.getItem(CHOICE_KEY);
  return choice ? choice === "1" : context.widget.settings.showCaptions !== false;
}

/**
 * The player's captions, each time it shows the widget's `index`-th video: its track on our copy's
 * <video>, and the CC toggle beside Pause and Sound (hidden for a video without captions; the stage
 * hides every control for the platform's player). Called in the order the videos were shown.
 */
export function playerCaptions(context: PlayerContext, index: number) {
  const stage = context.box.querySelector<HTMLElement>(".cc-modal .cc-stage");
  if (!stage) return;
  const clip = stage.querySelector<HTMLVideoElement>(".cc-player > video");
  let toggle = stage.querySelector<HTMLButtonElement>(".cc-cc");
  const video: StorefrontVideo | undefined = context.widget.videos[index];
  const chosen = chooseCaption(video && video.captions, context.strings.lang);
  if (!toggle) {
    // Its name holds the "CC" it shows (WCAG 2.5.3, label in name: a speech user says what they see).
    toggle = button("cc-ctl cc-cc", `${context.strings.captions || "Captions"} (CC)`);
    stage.append(toggle);
    on(toggle, "click", () => {
      const now = toggle!.getAttribute("aria-pressed") !== "true";
      const store = session();
      if (store) store.setItem(CHOICE_KEY, now ? "1" : "0");
      attr(toggle!, "aria-pressed", String(now));
      const shown = stage.querySelector<HTMLVideoElement>(".cc-player > video");
      if (shown) setShowing(shown, now);
    });
  }
  if (clip) removeCaptionTracks(clip);
  toggle.hidden = !clip || !chosen;
  if (!clip || !chosen) return;
  const showing = captionsOn(context);
  attr(toggle, "aria-pressed", String(showing));
  addCaptionTrack(clip, chosen, showing, context.strings.lang);
}

/** What clipcart-captions.js puts on window for the player. */
export interface CaptionsModule {
  playerCaptions: typeof playerCaptions;
}

/** Whether a video has any caption worth loading the captions' asset for. */
export const hasCaptions = (video: StorefrontVideo | undefined): boolean => !!video && Array.isArray(video.captions) && video.captions.length > 0;
