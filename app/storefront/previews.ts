/**
 * Live previews (issue 14): the videos of a widget that are in view play
 * muted and looping from the smallest rendition of our copy, at most
 * MAX_PLAYING at once on the page, paused when they leave the view. The
 * poster stays until the preview's first frame is shown. Its own script asset
 * (clipcart-previews.js), loaded when a widget with previews nears the
 * viewport after the page has loaded; the admin preview imports it directly.
 * The renderer decides whether previews play at all (the widget's "Play
 * previews", the shopper's reduced motion or data saving). With the widget's
 * "Show captions", a preview shows the video's captions in the page's
 * language as a text track, fetched only once the preview plays (decision 085).
 */
import { addCaptionTrack, chooseCaption } from "./captions";
import { attr, el, on } from "./dom";

/** Previews playing at once on the whole page: more costs shoppers' data and battery for little. */
export const MAX_PLAYING = 2;

export interface PreviewCard {
  /** The card the preview plays in, over its poster. */
  card: HTMLElement;
  /** The smallest MP4 rendition of our copy (checked by the caller). */
  src: string;
  /** The video's captions (StorefrontVideo.captions) when the widget shows them on previews. */
  captions?: unknown;
}

export interface Previews {
  /** Pauses every preview of the widget (its player is open) or lets them play again. */
  hold(held: boolean): void;
  /** Stops and removes the widget's previews (it left the page). */
  stop(): void;
}

export interface PreviewsModule {
  /** `lang`: the page's language, by which each preview's captions are chosen (absent: the video's own). */
  startPreviews: (cards: readonly PreviewCard[], lang?: string) => Previews;
}

interface Slot {
  video: HTMLVideoElement;
  inView: boolean;
  held: () => boolean;
  /** Adds the preview's caption track, once, when it first plays (nothing fetched for a preview never played). */
  captions?: () => void;
}

/** Every widget's previews on the page, in the order they asked to play. */
const slots: Slot[] = [];
const playing = new Set<Slot>();

/** Plays the previews in view, oldest request first, up to MAX_PLAYING; pauses the others. */
function balance() {
  for (const slot of playing) {
    if (!slot.inView || slot.held()) {
      slot.video.pause();
      playing.delete(slot);
    }
  }
  for (const slot of slots) {
    if (playing.size >= MAX_PLAYING) break;
    if (!slot.inView || slot.held() || playing.has(slot)) continue;
    playing.add(slot);
    if (!slot.video.src) {
      if (slot.captions) slot.captions();
      slot.video.src = slot.video.dataset.src!;
    }
    // A refused play (the browser's autoplay rules, a broken file) just leaves the poster.
    const started = slot.video.play();
    if (started) started.catch(() => undefined);
  }
}

export function startPreviews(cards: readonly PreviewCard[], lang?: string): Previews {
  let held = false;
  const mine: Slot[] = cards.map(({ card, src, captions }) => {
    const video = el("video", "cc-preview");
    video.muted = video.loop = video.playsInline = true;
    video.preload = "none";
    video.dataset.src = src;
    attr(video, "aria-hidden", "true");
    attr(video, "disablepictureinpicture", "");
    // The poster stays until the first frame is on screen.
    on(video, "playing", () => video.classList.add("cc-preview--on"), true);
    card.insertBefore(video, card.children[1] || null);
    const slot: Slot = { video, inView: false, held: () => held };
    const chosen = chooseCaption(captions, lang);
    if (chosen) slot.captions = () => addCaptionTrack(video, chosen, true, lang);
    slots.push(slot);
    return slot;
  });
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const slot = mine.find((candidate) => candidate.video === entry.target);
              if (slot) slot.inView = entry.isIntersecting;
            }
            balance();
          },
          { threshold: 0.5 },
        )
      : null;
  for (const slot of mine) {
    if (observer) observer.observe(slot.video);
    else slot.inView = true;
  }
  balance();
  return {
    hold(value) {
      held = value;
      balance();
    },
    stop() {
      if (observer) observer.disconnect();
      for (const slot of mine) {
        slot.video.pause();
        slot.video.remove();
        playing.delete(slot);
        slots.splice(slots.indexOf(slot), 1);
      }
      balance();
    },
  };
}
