/**
 * Caption languages as Shopify names a store's languages (BCP 47: "en", "fr",
 * "pt-BR", "zh-TW"), from what platforms write and what merchants pick
 * (decision 084). TikTok names a subtitle's language with an ISO 639-2/3 code
 * and a region ("eng-US", "fra-FR", "cmn-Hans-CN"); no maintained npm package
 * maps those to ISO 639-1, so this small table does, for the languages TikTok
 * captions are seen in. The region is kept only where Shopify's own locales
 * keep it (Portuguese, Chinese); elsewhere "spa-MX" and "spa-ES" are both "es",
 * as the store's Spanish is.
 */

/** ISO 639-2 (B and T) / 639-3 code -> ISO 639-1. */
const ISO_639_1: Record<string, string> = {
  afr: "af",
  amh: "am",
  ara: "ar",
  aze: "az",
  bel: "be",
  ben: "bn",
  bos: "bs",
  bul: "bg",
  cat: "ca",
  ceb: "ceb",
  ces: "cs",
  cze: "cs",
  cmn: "zh",
  zho: "zh",
  chi: "zh",
  yue: "zh",
  cym: "cy",
  wel: "cy",
  dan: "da",
  deu: "de",
  ger: "de",
  ell: "el",
  gre: "el",
  eng: "en",
  est: "et",
  eus: "eu",
  baq: "eu",
  fas: "fa",
  per: "fa",
  fil: "fil",
  fin: "fi",
  fra: "fr",
  fre: "fr",
  gle: "ga",
  glg: "gl",
  guj: "gu",
  hau: "ha",
  heb: "he",
  hin: "hi",
  hrv: "hr",
  hun: "hu",
  hye: "hy",
  arm: "hy",
  ind: "id",
  isl: "is",
  ice: "is",
  ita: "it",
  jav: "jv",
  jpn: "ja",
  kat: "ka",
  geo: "ka",
  kaz: "kk",
  khm: "km",
  kan: "kn",
  kor: "ko",
  lao: "lo",
  lit: "lt",
  lav: "lv",
  mkd: "mk",
  mac: "mk",
  mal: "ml",
  mon: "mn",
  mar: "mr",
  msa: "ms",
  may: "ms",
  mya: "my",
  bur: "my",
  nep: "ne",
  nld: "nl",
  dut: "nl",
  nob: "nb",
  nor: "no",
  pan: "pa",
  pol: "pl",
  por: "pt",
  pus: "ps",
  ron: "ro",
  rum: "ro",
  rus: "ru",
  sin: "si",
  slk: "sk",
  slo: "sk",
  slv: "sl",
  som: "so",
  spa: "es",
  sqi: "sq",
  alb: "sq",
  srp: "sr",
  swa: "sw",
  swe: "sv",
  tam: "ta",
  tel: "te",
  tha: "th",
  tgl: "tl",
  tur: "tr",
  ukr: "uk",
  urd: "ur",
  uzb: "uz",
  vie: "vi",
  xho: "xh",
  yor: "yo",
  zul: "zu",
};

/** Languages Shopify names with their region: the region (or script) decides which. */
function withRegion(language: string, parts: readonly string[]): string {
  const upper = parts.map((part) => part.toUpperCase());
  if (language === "pt") return upper.includes("PT") ? "pt-PT" : "pt-BR";
  if (language === "zh") return upper.includes("HANT") || upper.includes("TW") || upper.includes("HK") ? "zh-TW" : "zh-CN";
  return language;
}

/**
 * A platform's or a merchant's language code as a store-language tag; null
 * when it names no language we know. Takes "eng-US", "fra-FR", "cmn-Hans-CN",
 * "en", "en-US", "pt_BR", "fr-CA" (-> "fr").
 */
export function captionLanguage(code: unknown): string | null {
  if (typeof code !== "string") return null;
  const parts = code.trim().replace(/_/g, "-").split("-").filter(Boolean);
  const first = parts[0]?.toLowerCase();
  if (!first || !/^[a-z]{2,3}$/.test(first)) return null;
  const language = first.length === 3 ? ISO_639_1[first] : Object.values(ISO_639_1).includes(first) ? first : null;
  if (!language) return null;
  return withRegion(language, parts.slice(1));
}

/** Whether a tag is one captionLanguage answers (what the API takes from the merchant's language picker). */
export function isCaptionLanguage(tag: string): boolean {
  return captionLanguage(tag) === tag;
}

/** Every tag the picker offers, in no particular order (the picker sorts by name, store languages first). */
export const CAPTION_LANGUAGE_TAGS: readonly string[] = [
  ...new Set(Object.values(ISO_639_1).flatMap((tag) => (tag === "pt" ? ["pt-BR", "pt-PT"] : tag === "zh" ? ["zh-CN", "zh-TW"] : [tag]))),
];

/**
 * The languages the storefront widget itself speaks (its locales,
 * extensions/clipcart-widgets/locales): offered first in the upload's
 * language picker, as the likeliest languages of the store.
 */
export const WIDGET_LANGUAGES: readonly string[] = ["en", "fr", "de", "es", "it", "nl", "pt-BR", "ja"];
