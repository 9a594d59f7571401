/**
 * What the shopper watches in the player's native <video> (issue 14, decision
 * 042): a play when it starts playing, a view after VIEW_AFTER_MS watched in
 * one showing, a completion at its end (short videos then loop), and the
 * milliseconds watched, reported when the shopper moves on, closes or leaves.
 * Seeks and stalls are not watching.
 */
import { VIEW_AFTER_MS } from "~/constants";
import { on } from "./dom";
import type { BeaconEvent } from "./beacons";
import type { StorefrontProduct, StorefrontVideo } from "./widget-data";

/** Reports a shopper's action; `ms` only with watch_time. Declared here, below the player, so the two never import each other. */
export type PlayerEmit = (type: BeaconEvent["type"], video: StorefrontVideo, product?: StorefrontProduct, ms?: number) => void;

/** Gaps between two time updates longer than this are seeks or stalls, not watching. */
const MAX_STEP_S = 1.5;

/**
 * Follows `clip` for `video()`, the video on screen; `onPlaying` when it plays,
 * `onProgress` with the share played. Answers [report, restart]: report sends
 * the watch time since the last report (nothing when none); restart when
 * another video is shown (its play, view and completion are its own). Plain
 * parameters and a pair, not objects: the minifier shortens them (the player's
 * asset is kept under 10,000 bytes).
 */
export function watchClip(
  clip: HTMLVideoElement,
  emit: PlayerEmit,
  video: () => StorefrontVideo,
  onPlaying: () => void,
  onProgress: (fraction: number) => void,
): [report: () => void, restart: () => void] {
  let watched = 0;
  let lastTime = -1;
  let viewed = false;
  let completed = false;
  let played = false;

  on(clip, "playing", () => {
    onPlaying();
    if (!played) emit("play", video());
    played = true;
  });
  on(clip, "timeupdate", () => {
    const time = clip.currentTime;
    const step = time - lastTime;
    if (lastTime >= 0 && step > 0 && step < MAX_STEP_S) watched += step * 1000;
    lastTime = time;
    if (!viewed && watched >= VIEW_AFTER_MS) {
      viewed = true;
      emit("view", video());
    }
    onProgress(time / (clip.duration || 1));
  });
  on(clip, "ended", () => {
    if (!completed) emit("completion", video());
    completed = true;
    lastTime = 0;
    // Short videos loop, as shoppers expect of them.
    clip.play().catch(() => undefined);
  });

  return [
    () => {
      // Reset before reporting: the report may start a flush that asks for it again.
      const ms = watched >= 1 ? Math.round(watched) : 0;
      watched = 0;
      if (ms) emit("watch_time", video(), undefined, ms);
    },
    () => {
      watched = 0;
      lastTime = -1;
      viewed = completed = played = false;
    },
  ];
}
