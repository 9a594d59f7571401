#!/usr/bin/env node
/**
 * Makes the sample posters the widget previews show while a shop has no
 * approved video (issue 15 item 16): public/samples/sample-N.svg, one per
 * entry of app/storefront/sample-videos.ts, in the same order. Each is a
 * portrait 9:16 frame drawn like a still of a short video: a scene (wall,
 * floor, light), a subject (a creator, a product), the on-screen caption in a
 * band near the top (the storefront card puts the title over the bottom), and
 * the thin progress bar and side buttons a phone player shows.
 *
 * Plain SVG, no fonts or images of its own (the caption uses the system's
 * sans-serif), so each file stays around 2 KB. Run by hand when they need to
 * change (`node scripts/make-sample-posters.mjs`); the output is committed and
 * served by the admin as static files. Same input, same bytes.
 */
import { mkdirSync, writeFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "public", "samples");

const W = 360;
const H = 640;

/** A creator seen from the waist up, centred on x. */
function person({ x = 180, skin, hair, top, accent }) {
  return [
    `<path d="M${x - 92} 470 C${x - 90} 360 ${x - 60} 330 ${x} 326 C${x + 60} 330 ${x + 90} 360 ${x + 92} 470 Z" fill="${top}"/>`,
    `<path d="M${x - 22} 330 L${x} 366 L${x + 22} 330 Z" fill="${accent}"/>`,
    `<rect x="${x - 17}" y="290" width="34" height="44" rx="12" fill="${skin}"/>`,
    `<ellipse cx="${x}" cy="250" rx="52" ry="60" fill="${hair}"/>`,
    `<ellipse cx="${x}" cy="262" rx="42" ry="50" fill="${skin}"/>`,
    `<path d="M${x - 46} 250 C${x - 44} 196 ${x + 44} 196 ${x + 46} 250 C${x + 20} 222 ${x - 20} 222 ${x - 46} 250 Z" fill="${hair}"/>`,
    `<circle cx="${x - 15}" cy="262" r="4" fill="#2b2118"/><circle cx="${x + 15}" cy="262" r="4" fill="#2b2118"/>`,
    `<path d="M${x - 12} 286 Q${x} 296 ${x + 12} 286" stroke="#a0453a" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  ].join("");
}

const subjects = {
  mug: (c) =>
    `<ellipse cx="180" cy="452" rx="96" ry="14" fill="#000" opacity=".18"/><path d="M112 300 H236 V420 Q236 450 206 450 H142 Q112 450 112 420 Z" fill="${c}"/><path d="M236 324 Q282 326 280 368 Q278 404 236 404" stroke="${c}" stroke-width="16" fill="none"/><ellipse cx="174" cy="300" rx="62" ry="12" fill="#3b2416"/><path d="M150 276 q-14 -24 0 -48 M178 270 q-14 -24 0 -48 M206 276 q-14 -24 0 -48" stroke="#fff" stroke-width="6" fill="none" opacity=".7" stroke-linecap="round"/>`,
  bottles: (c) =>
    `<rect x="40" y="440" width="280" height="14" rx="4" fill="#fff" opacity=".7"/><rect x="92" y="300" width="64" height="140" rx="14" fill="${c}"/><rect x="108" y="266" width="32" height="36" rx="6" fill="#333"/><rect x="176" y="330" width="52" height="110" rx="26" fill="#fff"/><rect x="190" y="306" width="24" height="26" rx="5" fill="#d4a373"/><rect x="244" y="360" width="40" height="80" rx="8" fill="#e9c46a"/><rect x="104" y="350" width="40" height="26" rx="4" fill="#fff" opacity=".8"/>`,
  tote: (c) =>
    `<ellipse cx="180" cy="476" rx="110" ry="14" fill="#000" opacity=".15"/><path d="M130 290 Q130 200 180 200 Q230 200 230 290" stroke="#6b4f3a" stroke-width="12" fill="none"/><path d="M96 290 H264 L282 470 H78 Z" fill="${c}"/><rect x="140" y="340" width="80" height="60" rx="6" fill="#fff" opacity=".85"/><circle cx="180" cy="370" r="16" fill="${c}"/>`,
  dress: (c) =>
    `<path d="M180 150 v22" stroke="#555" stroke-width="4"/><path d="M130 196 Q180 160 230 196" stroke="#555" stroke-width="5" fill="none"/><path d="M150 190 L210 190 L222 260 L280 480 H80 L138 260 Z" fill="${c}"/><path d="M138 260 H222" stroke="#fff" stroke-width="8" opacity=".6"/><circle cx="150" cy="340" r="8" fill="#fff" opacity=".5"/><circle cx="210" cy="390" r="8" fill="#fff" opacity=".5"/><circle cx="170" cy="430" r="8" fill="#fff" opacity=".5"/>`,
  unboxing: (c) =>
    `<path d="M70 360 L180 320 L290 360 L290 470 L180 500 L70 470 Z" fill="#c8a27a"/><path d="M70 360 L180 390 L290 360 L180 320 Z" fill="#e0c097"/><path d="M180 390 V500" stroke="#a67c52" stroke-width="4"/><path d="M120 350 Q180 200 240 350 Z" fill="${c}"/><path d="M150 232 L180 252 L210 232" stroke="#fff" stroke-width="5" fill="none"/>`,
};

/** Each sample's still, in the order of SAMPLES in app/storefront/sample-videos.ts. */
const POSTERS = [
  {
    sky: ["#ffb88c", "#de6262"],
    floor: "#f6d5b8",
    draw: () => person({ skin: "#f1c7a5", hair: "#3d2314", top: "#ffd166", accent: "#ef476f" }),
    caption: "try-on haul, part 1",
  },
  { sky: ["#d7f3f1", "#9ad0ec"], floor: "#e8f1f2", draw: () => subjects.bottles("#f4a6b7"), caption: "my 3-step morning routine" },
  { sky: ["#f5efe6", "#cbb79b"], floor: "#8d6e54", draw: () => subjects.unboxing("#e9e4d8"), caption: "unboxing: the linen shirt" },
  { sky: ["#fde2e4", "#fad2e1"], floor: "#cdb4db", draw: () => subjects.tote("#2a9d8f"), caption: "5 ways to style a tote" },
  {
    sky: ["#2b2d42", "#5c6784"],
    floor: "#3d405b",
    draw: () => person({ skin: "#8d5524", hair: "#1b1b1b", top: "#e07a5f", accent: "#f2cc8f" }),
    caption: "behind the scenes",
  },
  { sky: ["#fff1d6", "#f4c27a"], floor: "#6f4e37", draw: () => subjects.mug("#457b9d"), caption: "honest mug review" },
  {
    sky: ["#caf0f8", "#90e0ef"],
    floor: "#b7e4c7",
    draw: () => person({ skin: "#e0ac69", hair: "#6b3e26", top: "#264653", accent: "#e9c46a" }),
    caption: "weekend outfit ideas",
  },
  { sky: ["#ffe5ec", "#ffc2d1"], floor: "#fb6f92", draw: () => subjects.dress("#ff8fab"), caption: "NEW DROP: summer dress" },
];

const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function poster({ sky, floor, draw, caption }, index) {
  const progress = 60 + ((index * 37) % 200);
  // A caption pill sized to its text (about 0.6 em a character at 22 px), near the top: the
  // storefront card writes the video's title over the bottom of the poster.
  const pill = Math.min(W - 24, Math.round(caption.length * 13.2) + 30);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
    `<linearGradient id="v" x1="0" y1="0" x2="0" y2="1"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#s)"/>`,
    `<circle cx="${60 + ((index * 71) % 240)}" cy="180" r="46" fill="#fff" opacity=".25"/>`,
    `<path d="M0 440 H${W} V${H} H0 Z" fill="${floor}"/>`,
    draw(),
    `<rect width="${W}" height="${H}" fill="url(#v)"/>`,
    `<rect x="${(W - pill) / 2}" y="64" width="${pill}" height="40" rx="8" fill="#fff" opacity=".92"/>`,
    `<text x="${W / 2}" y="91" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#111">${escape(caption)}</text>`,
    `<g fill="#fff" opacity=".9"><path d="M326 300 c-8 -12 -26 -6 -22 8 c3 9 22 22 22 22 s19 -13 22 -22 c4 -14 -14 -20 -22 -8 z"/><circle cx="326" cy="370" r="14"/><path d="M314 420 l24 12 l-24 12 z"/></g>`,
    `<rect x="16" y="${H - 14}" width="${W - 32}" height="4" rx="2" fill="#fff" opacity=".35"/><rect x="16" y="${H - 14}" width="${progress}" height="4" rx="2" fill="#fff"/>`,
    `</svg>`,
    "",
  ].join("\n");
}

mkdirSync(out, { recursive: true });
let total = 0;
POSTERS.forEach((entry, index) => {
  const file = path.join(out, `sample-${index + 1}.svg`);
  writeFileSync(file, poster(entry, index));
  const bytes = statSync(file).size;
  total += bytes;
  console.log(`${path.relative(root, file)}  ${bytes} bytes`);
});
console.log(`${POSTERS.length} posters, ${total} bytes in all`);
