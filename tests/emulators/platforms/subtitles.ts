/**
 * TikTok's subtitles as the clockworks TikTok scraper lists them (with
 * `shouldDownloadSubtitles: true`): `videoMeta.subtitleLinks[]`, one entry per
 * language with `language` (TikTok's "eng-US", "fra-FR"), `downloadLink` and
 * `tiktokLink` (TikTok's CDN, signed and expiring with the video), `source`
 * ("ASR": speech recognition of the video's own language, "MT": a machine
 * translation of it) and `sourceUnabbreviated`. Each link serves a WebVTT
 * file. Real sources: tests/emulators/README.md, Subtitles.
 *
 * Which posts have subtitles: one video post in four, the account's newest
 * among them (TikTok captions most videos with speech; fewer here keeps the
 * test suite's copies few), each in three languages: French and Spanish
 * translations listed around the English original, so "the ASR one, else the
 * first" matters. The cues fit the first 3 seconds, the length of every
 * emulated video file (videos.ts). An `evil` account's files carry markup and
 * script in their cue text.
 */
import { hash } from "./fixtures.js";

/** TikTok's language, whether it is the video's own (ASR) or a translation (MT). */
const LANGUAGES: ReadonlyArray<{ language: string; source: "ASR" | "MT" }> = [
  { language: "fra-FR", source: "MT" },
  { language: "eng-US", source: "ASR" },
  { language: "spa-ES", source: "MT" },
];

const LINES: Record<string, readonly [string, string, string]> = {
  "eng-US": ["Hi everyone, welcome back!", "Today I'm showing you my favourite find.", "The link is in the shop below."],
  "fra-FR": ["Salut tout le monde, bon retour !", "Aujourd'hui je vous montre ma trouvaille préférée.", "Le lien est dans la boutique ci-dessous."],
  "spa-ES": ["¡Hola a todos, bienvenidos!", "Hoy os enseño mi hallazgo favorito.", "El enlace está en la tienda de abajo."],
};

const EVIL_LINES: readonly [string, string, string] = [
  "<script>alert(1)</script>Sale",
  '<img src=x onerror="alert(1)"> & more',
  "<c.yellow>javascript:alert(1)</c>",
];

/** Whether the post has subtitles at all (index 0 is an account's oldest post; 12 posts: the 4th, 8th and newest); a `captioned` account's all have. */
export function hasSubtitles(postIndex: number, captioned = false): boolean {
  return captioned || postIndex % 4 === 3;
}

/** The CDN key of one subtitle file: "<post id>-<language>", ".evil" for an evil account's. */
function key(postId: string, language: string, evil: boolean): string {
  return `${postId}-${language}${evil ? ".evil" : ""}`;
}

export function subtitleKey(value: string): { postId: string; language: string; evil: boolean } | null {
  const match = /^(\d{6,25})-([a-z]{3}-[A-Z]{2})(\.evil)?$/.exec(value);
  return match ? { postId: match[1]!, language: match[2]!, evil: !!match[3] } : null;
}

/** The item's `videoMeta.subtitleLinks`; `urlOf` signs a file's CDN key (cdn.ts's cdnUrl, kind "subtitle"). */
export function subtitleLinks(postId: string, postIndex: number, evil: boolean, captioned: boolean, urlOf: (key: string) => string): unknown[] {
  if (!hasSubtitles(postIndex, captioned)) return [];
  return LANGUAGES.map(({ language, source }) => {
    const url = urlOf(key(postId, language, evil));
    return {
      language,
      downloadLink: url,
      tiktokLink: url,
      source,
      sourceUnabbreviated: source === "ASR" ? "automatic speech recognition" : "machine translation",
      version: String(1 + (hash(`subtitle:${postId}:${language}`) % 3)),
    };
  });
}

/** The WebVTT file; null for a language the emulator does not make. */
export function subtitleVtt({ language, evil }: { postId: string; language: string; evil: boolean }): string | null {
  const lines = evil ? EVIL_LINES : LINES[language];
  if (!lines) return null;
  const times = ["00:00:00.000 --> 00:00:01.000", "00:00:01.000 --> 00:00:02.000", "00:00:02.000 --> 00:00:02.900"];
  return `WEBVTT\n\n${lines.map((line, i) => `${times[i]}\n${line}`).join("\n\n")}\n`;
}
