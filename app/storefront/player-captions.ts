/**
 * The player with captions (decision 085): each time the player shows a video,
 * the captions' module puts that video's text tracks and the CC toggle in place.
 * The module is asked for only once a video with captions is shown, so a widget
 * without captions never loads it; after that every video shown goes through it
 * (a video without captions hides CC and leaves no track behind). Calls reach the
 * module in the order the videos were shown (one promise, callbacks in order).
 */
import { hasCaptions, type CaptionsModule } from "./captions";
import type { PlayerContext, PlayerModule } from "./player";

export function captionedPlayer(createPlayer: PlayerModule["createPlayer"], loadCaptions: () => Promise<CaptionsModule>): PlayerModule["createPlayer"] {
  let asked = false;
  return (context: PlayerContext) => {
    const { onShow } = context;
    return createPlayer({
      ...context,
      onShow(index) {
        if (onShow) onShow(index);
        if ((asked = asked || hasCaptions(context.widget.videos[index])))
          loadCaptions().then(
            (module) => module.playerCaptions(context, index),
            () => undefined,
          );
      },
    });
  };
}
