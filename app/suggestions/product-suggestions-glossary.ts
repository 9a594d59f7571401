/**
 * A general shopping glossary the suggestion engine reads other languages and
 * emoji with: everyday retail nouns, materials and colours in French, Spanish,
 * German, Italian, Portuguese and Dutch, each pointing at its English word, and
 * emoji pointing at what they depict (their Unicode short name, simplified).
 *
 * It describes what shops sell in general, far beyond any one catalogue: the
 * engine still only suggests products whose own words (title, type, tags...)
 * match the English word. Words are written folded (lowercase, no accents) as
 * the engine folds captions.
 */

/** English word -> the same thing in other languages. */
const WORDS: Record<string, string[]> = {
  // apparel
  shirt: ["chemise", "camisa", "hemd", "camicia", "overhemd", "blouse", "blusa", "bluse"],
  tshirt: ["tee", "teeshirt", "camiseta", "maglietta", "tricot", "playera", "remera"],
  dress: ["robe", "vestido", "kleid", "vestito", "abito", "jurk"],
  skirt: ["jupe", "falda", "gonna", "saia"],
  jacket: ["veste", "blouson", "chaqueta", "jacke", "giacca", "giubbotto", "jaqueta", "cazadora"],
  coat: ["manteau", "abrigo", "mantel", "cappotto", "casaco"],
  trouser: ["pantalon", "pantalones", "pantaloni", "calca", "broek"],
  jean: ["jeans", "vaqueros", "vaquero"],
  cardigan: ["gilet", "rebeca", "strickjacke", "cardigan"],
  sweater: ["jersey", "pullover", "maglione", "sueter", "trui"],
  hoodie: ["sudadera", "kapuzenpullover", "felpa", "moletom", "hoody", "capucha"],
  beanie: ["bonnet", "gorro", "muetze", "muetze", "berretto", "touca", "muts"],
  hat: ["chapeau", "sombrero", "hut", "cappello", "chapeu", "hoed"],
  scarf: ["echarpe", "bufanda", "schal", "sciarpa", "cachecol", "sjaal"],
  sneaker: ["baskets", "zapatillas", "zapatilla", "turnschuhe", "turnschuh", "sportschuhe", "scarpe", "tenis", "sapatilha", "sneakers"],
  shoe: ["chaussure", "chaussures", "zapato", "zapatos", "schuh", "schuhe", "scarpa", "sapato", "schoen"],
  boot: ["botte", "bota", "stiefel", "stivale", "laars"],
  bag: ["bolso", "tasche", "borsa", "bolsa"],
  sock: ["chaussette", "calcetin", "socke", "calzino", "meia", "sok"],
  swimsuit: ["maillot", "banador", "badeanzug", "biquini"],
  knitwear: ["tricot", "strick", "maglieria", "malha", "breiwerk"],
  // jewellery and accessories
  necklace: ["collier", "collar", "halskette", "collana", "colar", "ketting"],
  earring: ["boucles", "pendientes", "ohrringe", "orecchini", "brincos", "oorbellen"],
  ring: ["bague", "anillo", "anello", "anel"],
  watch: ["montre", "reloj", "orologio", "relogio", "horloge"],
  sunglass: ["lunettes", "gafas", "sonnenbrille", "occhiali", "oculos", "zonnebril"],
  // beauty
  serum: ["serum", "siero", "soro"],
  cream: ["creme", "crema", "kreme"],
  lotion: ["lait", "locion", "lozione", "locao"],
  balm: ["baume", "balsamo", "balsam", "balsem"],
  lip: ["levres", "labios", "lippen", "labbra", "labial", "labiale", "labios"],
  mask: ["masque", "mascarilla", "mascara", "maske", "maschera", "masker"],
  cleanser: ["nettoyant", "limpiador", "reiniger", "detergente", "reiniging"],
  oil: ["huile", "aceite", "oel", "olio", "oleo", "olie"],
  sunscreen: ["solaire", "protector", "sonnencreme", "sonnenschutz", "solare", "protetor", "zonnebrand"],
  shampoo: ["shampooing", "champu", "shampoo", "xampu"],
  perfume: ["parfum", "perfume", "profumo", "fragrance"],
  lipstick: ["rouge", "pintalabios", "lippenstift", "rossetto", "batom"],
  face: ["visage", "rostro", "gesicht", "viso", "rosto", "gezicht"],
  eye: ["yeux", "oeil", "ojos", "augen", "occhi", "olhos", "ogen"],
  body: ["corps", "cuerpo", "koerper", "corpo", "lichaam"],
  hair: ["cheveux", "cabello", "pelo", "haare", "haar", "capelli", "cabelo"],
  skin: ["peau", "piel", "haut", "pele", "huid"],
  skincare: ["soin", "soins", "hautpflege", "cuidado", "skincare"],
  // home
  candle: ["bougie", "vela", "kerze", "candela", "kaars"],
  vase: ["vase", "jarron", "florero", "vaso", "jarra"],
  blanket: ["plaid", "couverture", "manta", "decke", "coperta", "cobertor", "deken"],
  cushion: ["coussin", "cojin", "kissen", "cuscino", "almofada", "kussen"],
  cover: ["housse", "funda", "bezug", "fodera", "capa", "hoes"],
  mug: ["tasse", "taza", "becher", "tazza", "caneca", "mok"],
  cup: ["tasse", "taza", "tazza", "xicara"],
  basket: ["panier", "cesta", "cesto", "korb"],
  lamp: ["lampe", "lampara", "lampada"],
  light: ["lumiere", "luz", "licht", "luce", "luz"],
  towel: ["serviette", "toalla", "handtuch", "asciugamano", "toalha", "handdoek"],
  bath: ["bain", "bano", "bagno", "banho"],
  chair: ["chaise", "silla", "stuhl", "sedia", "cadeira", "stoel"],
  table: ["tisch", "tavolo", "tafel"],
  plate: ["assiette", "plato", "teller", "piatto", "prato"],
  rug: ["tapis", "alfombra", "teppich", "tappeto", "tapete", "vloerkleed"],
  pillow: ["oreiller", "almohada", "kopfkissen", "cuscino", "travesseiro"],
  // materials and colours
  linen: ["lin", "lino", "leinen", "linho", "linnen"],
  cotton: ["coton", "algodon", "baumwolle", "cotone", "algodao", "katoen"],
  wool: ["laine", "lana", "wolle", "wol"],
  silk: ["soie", "seda", "seide", "seta", "zijde"],
  leather: ["cuir", "cuero", "leder", "couro", "leer"],
  denim: ["jean", "vaquero", "mezclilla"],
  ceramic: ["ceramique", "ceramica", "keramik", "keramiek"],
  stoneware: ["gres", "steingut", "steinzeug"],
  clay: ["argile", "arcilla", "argilla", "argila", "klei"],
  black: ["noir", "noire", "negro", "negra", "schwarz", "nero", "nera", "preto", "zwart"],
  white: ["blanc", "blanche", "blanco", "blanca", "weiss", "bianco", "branco", "wit"],
  sand: ["sable", "arena", "beige", "sabbia", "areia", "zand"],
  blue: ["bleu", "azul", "blau", "blu", "blauw"],
  red: ["rouge", "rojo", "rot", "rosso", "vermelho", "rood"],
  green: ["vert", "verde", "gruen", "groen"],
  scented: ["parfumee", "perfumada", "duft", "profumata", "perfumado", "geur"],
};

/** Emoji -> what it depicts, in English words the catalogue may use. */
const EMOJI: Record<string, string> = {
  "👕": "tshirt shirt",
  "👔": "shirt",
  "👗": "dress",
  "👘": "robe",
  "🥻": "dress",
  "👚": "blouse top",
  "👖": "jeans trousers",
  "🧥": "coat jacket",
  "🧶": "knit wool",
  "🧣": "scarf",
  "🧤": "gloves",
  "🧢": "cap hat",
  "👒": "hat",
  "🎩": "hat",
  "👟": "sneakers shoes",
  "👞": "shoes",
  "👠": "heels shoes",
  "👡": "sandals",
  "🥾": "boots",
  "👢": "boots",
  "🧦": "socks",
  "👜": "bag handbag",
  "👛": "purse",
  "🎒": "backpack bag",
  "👙": "bikini swimsuit",
  "🩱": "swimsuit",
  "💍": "ring",
  "📿": "necklace",
  "⌚": "watch",
  "🕶": "sunglasses",
  "👓": "glasses",
  "💄": "lipstick lip",
  "💋": "lip",
  "💅": "nail polish",
  "🧴": "lotion bottle",
  "🧼": "soap",
  "🧽": "sponge",
  "🪥": "toothbrush",
  "🧖": "spa mask",
  "💆": "face massage",
  "💇": "hair",
  "☀": "sun",
  "🌞": "sun",
  "🕯": "candle",
  "🏺": "vase",
  "🪴": "plant pot",
  "💐": "flowers bouquet",
  "🛋": "sofa couch",
  "🪑": "chair",
  "🛏": "bed",
  "🧺": "basket",
  "💡": "lamp light",
  "🛁": "bath",
  "🚿": "shower",
  "☕": "coffee",
  "🍵": "tea",
  "🫖": "teapot",
  "🍽": "plate",
  "🥄": "spoon",
  "🍴": "cutlery",
  "🧸": "teddy toy",
  "🪞": "mirror",
  "🖼": "frame picture",
  "🌿": "plant",
  "🌸": "flower",
};

let reverse: Map<string, string[]> | undefined;

/** The English words a (folded) foreign word names, or none. */
export function glossaryTranslations(word: string): readonly string[] {
  if (!reverse) {
    reverse = new Map();
    for (const [english, foreign] of Object.entries(WORDS)) {
      for (const word of foreign) {
        const list = reverse.get(word) ?? [];
        if (!list.includes(english)) list.push(english);
        reverse.set(word, list);
      }
    }
  }
  return reverse.get(word) ?? [];
}

/** Every foreign word the glossary knows (for splitting compound words such as "leinenhemd"). */
export function glossaryWords(): Iterable<string> {
  glossaryTranslations("");
  return (reverse ?? new Map()).keys();
}

/** The English words an emoji depicts (skin tones and variation selectors already removed), or none. */
export function emojiWords(emoji: string): readonly string[] {
  const words = EMOJI[emoji];
  return words ? words.split(" ") : [];
}
