/**
 * The shopping glossary the suggestion engine reads other languages, slang
 * and emoji with (decisions 053, 077). Every entry points at English words a
 * catalogue may use; the engine still only suggests products whose own words
 * (title, type, tags...) match those English words, so the glossary can name
 * far more than one shop sells.
 *
 * - CONCEPTS: the things, materials, colours and qualities a small apparel,
 *   beauty and home shop names in its titles and types, each in every
 *   storefront language (decision 039: de, es, fr, it, ja, nl, pt-BR) and in
 *   English synonyms, slang and abbreviations. Written systematically from
 *   what such a catalogue names, not from any caption.
 * - GENERAL: everyday retail nouns beyond that, in fewer languages.
 * - EMOJI: the emoji a product category plausibly uses, by what they depict.
 *
 * Words are written folded as the engine folds captions (lowercase, no
 * accents; Japanese as written). A word with a space is a phrase, matched on
 * neighbouring caption words; Japanese, written without spaces, is matched
 * inside the caption's runs of kana and kanji.
 */

/** The storefront languages besides English. */
export const GLOSSARY_LANGUAGES = ["de", "es", "fr", "it", "ja", "nl", "pt"] as const;
type Language = (typeof GLOSSARY_LANGUAGES)[number];

/**
 * "|" between words. `en`: English synonyms, slang and other spellings, read
 * as the concept's English words; `also`: English words a catalogue may name
 * the thing with but too common in another sense to be read as it ("throw").
 * A word of another language names the concept's English words, and its
 * one-word synonyms and `also` words too: "manta" names the "Throw Blanket".
 */
type Concept = { en?: string; also?: string } & Record<Language, string>;

/**
 * English words as a catalogue writes them (several: the phrase names them
 * all, "lip balm") -> the same in each storefront language.
 */
export const CONCEPTS: Record<string, Concept> = {
  // ---------------------------------------------------------- apparel
  shirt: {
    en: "button up|button down|buttondown|buttonup|overshirt|blouse",
    de: "hemd|hemden|bluse|oberhemd",
    es: "camisa|blusa",
    fr: "chemise|chemisier",
    it: "camicia|camicie|camicetta",
    ja: "シャツ|ブラウス",
    nl: "overhemd|hemd|blouse",
    pt: "camisa|blusa",
  },
  tshirt: {
    en: "tee|tees|tee shirt|teeshirt",
    de: "tshirt",
    es: "camiseta|playera|remera|polera",
    fr: "teeshirt|tee shirt|tshirt",
    it: "maglietta|magliette|tshirt",
    ja: "tシャツ|ティーシャツ",
    nl: "tshirt|shirtje",
    pt: "camiseta|blusinha",
  },
  linen: { de: "leinen", es: "lino", fr: "lin", it: "lino", ja: "リネン|麻", nl: "linnen", pt: "linho" },
  cotton: {
    de: "baumwolle|baumwoll",
    es: "algodon",
    fr: "coton",
    it: "cotone",
    ja: "コットン|綿|木綿",
    nl: "katoen|katoenen",
    pt: "algodao",
  },
  organic: {
    en: "eco",
    de: "bio|biologisch|oko",
    es: "organico|organica|ecologico|ecologica",
    fr: "bio|biologique",
    it: "biologico|biologica",
    ja: "オーガニック|有機",
    nl: "biologisch|biologische",
    pt: "organico|organica",
  },
  wool: {
    en: "merino|woollen|woolen|woolly|wooly",
    de: "wolle|woll|wollen",
    es: "lana",
    fr: "laine",
    it: "lana",
    ja: "ウール|毛糸",
    nl: "wol|wollen",
    pt: "la de ovelha|merino",
  },
  beanie: {
    en: "beany|toque|tuque|knit hat|knitted hat|woolly hat|wool hat|bobble hat|winter hat",
    de: "mutze|strickmutze|wintermutze|beanie|haube",
    es: "gorro|gorrito",
    fr: "bonnet",
    it: "berretto|berretta|cuffia",
    ja: "ニット帽|ビーニー",
    nl: "muts|mutsje",
    pt: "gorro|touca",
  },
  knit: {
    en: "knitted|knits|knitwear|chunky knit",
    de: "strick|gestrickt|strickwaren",
    es: "punto|tejido de punto",
    fr: "maille|tricot|tricote",
    it: "maglia|maglieria|lavorato a maglia",
    ja: "ニット|編み",
    nl: "gebreid|gebreide|brei|breiwerk",
    pt: "trico|malha",
  },
  cardigan: {
    en: "cardi|cardie|cardy|cardis",
    de: "strickjacke|cardigan",
    es: "cardigan|rebeca|chaqueta de punto",
    fr: "gilet|cardigan",
    it: "cardigan",
    ja: "カーディガン",
    nl: "vest|vestje|cardigan",
    pt: "cardiga|casaquinho",
  },
  jacket: {
    en: "jkt|trucker",
    de: "jacke",
    es: "chaqueta|cazadora|chamarra",
    fr: "veste|blouson",
    it: "giacca|giubbotto|giubbino",
    ja: "ジャケット",
    nl: "jas|jasje|jack",
    pt: "jaqueta",
  },
  denim: {
    en: "jean|jeans",
    de: "jeans",
    es: "vaquero|vaquera|mezclilla|jean",
    fr: "jean",
    it: "jeans",
    ja: "デニム",
    nl: "spijker",
    pt: "jeans",
  },
  "denim jacket": {
    en: "jean jacket|jeanjacket|trucker jacket",
    de: "jeansjacke",
    es: "chaqueta vaquera|cazadora vaquera",
    fr: "veste en jean",
    it: "giacca di jeans|giubbotto di jeans",
    ja: "ジージャン|gジャン|デニムジャケット",
    nl: "spijkerjas|spijkerjasje",
    pt: "jaqueta jeans",
  },
  dress: {
    en: "frock|sundress|gown|minidress",
    de: "kleid|kleider|kleidchen",
    es: "vestido",
    fr: "robe",
    it: "vestito|abito|abitino",
    ja: "ドレス|ワンピース",
    nl: "jurk|jurkje",
    pt: "vestido",
  },
  "slip dress": {
    en: "slipdress|satin dress|cami dress",
    de: "slipkleid|satinkleid|unterkleid",
    es: "vestido lencero|vestido slip|vestido de tirantes|vestido satinado",
    fr: "robe nuisette|robe slip|robe satinee",
    it: "sottoveste|abito sottoveste|vestito sottoveste",
    ja: "スリップドレス|キャミワンピース",
    nl: "slipjurk|satijnen jurk",
    pt: "vestido slip|vestido de alcinha|vestido de cetim",
  },
  slip: { de: "slip", es: "lencero|lencera", fr: "nuisette", it: "sottoveste", ja: "スリップ", nl: "slip", pt: "slip" },
  trouser: {
    en: "pants|slacks|trousers|bottoms",
    de: "hose|hosen",
    es: "pantalon|pantalones",
    fr: "pantalon|pantalons",
    it: "pantaloni|pantalone",
    ja: "パンツ|ズボン",
    nl: "broek|broeken",
    pt: "calca|calcas",
  },
  "cargo trouser": {
    en: "cargos|cargo pants|cargopants",
    de: "cargohose",
    es: "pantalon cargo|pantalones cargo",
    fr: "pantalon cargo",
    it: "pantaloni cargo",
    ja: "カーゴパンツ",
    nl: "cargobroek",
    pt: "calca cargo",
  },
  cargo: { de: "cargo", es: "cargo", fr: "cargo", it: "cargo", ja: "カーゴ", nl: "cargo", pt: "cargo" },
  sneaker: {
    en: "kicks|trainers|trainer|sneaks|runners|plimsolls|plimsoll|tennis shoes",
    de: "turnschuh|turnschuhe|turnschuhen|sneaker",
    es: "zapatillas|zapatilla|tenis|deportivas|bambas",
    fr: "baskets|tennis",
    it: "scarpe da ginnastica|sneakers|scarpe sportive",
    ja: "スニーカー",
    nl: "sneakers|gympen|gympies",
    pt: "tenis|sapatilha|sapatilhas",
  },
  shoe: {
    en: "footwear",
    de: "schuh|schuhe|schuhen",
    es: "zapato|zapatos|calzado",
    fr: "chaussure|chaussures",
    it: "scarpa|scarpe|calzature",
    ja: "靴|シューズ|くつ",
    nl: "schoen|schoenen",
    pt: "sapato|sapatos|calcado|calcados",
  },
  canvas: { de: "canvas|segeltuch", es: "lona", fr: "toile", it: "tela", ja: "キャンバス|帆布", nl: "canvas", pt: "lona" },
  hoodie: {
    en: "hoody|hoodies|hooded sweatshirt|hooded sweater|sweatshirt",
    de: "kapuzenpullover|kapuzenpulli|hoodie",
    es: "sudadera|sudadera con capucha",
    fr: "sweat a capuche|sweatshirt",
    it: "felpa|felpa con cappuccio",
    ja: "パーカー|フーディー|フーディ",
    nl: "hoodie|trui met capuchon",
    pt: "moletom|moletom com capuz|blusa de moletom",
  },
  "colour block": {
    en: "color block|colorblock|colourblock|two tone|two toned",
    de: "farbblock|colour blocking|color blocking",
    es: "bloques de color|bloque de color",
    fr: "blocs de couleur|color block",
    it: "blocchi di colore|color block",
    ja: "カラーブロック|バイカラー",
    nl: "kleurblok|kleurvlakken",
    pt: "blocos de cor|color block",
  },
  colour: {
    en: "color",
    de: "farbe|farben",
    es: "color|colores",
    fr: "couleur|couleurs",
    it: "colore|colori",
    ja: "カラー",
    nl: "kleur|kleuren",
    pt: "cor|cores",
  },
  apparel: {
    en: "clothes|clothing|outfit|wardrobe",
    de: "kleidung|mode",
    es: "ropa|moda",
    fr: "vetements|vetement|mode",
    it: "abbigliamento|vestiti|moda",
    ja: "服|洋服|アパレル|ファッション",
    nl: "kleding|mode",
    pt: "roupa|roupas|moda",
  },
  accessory: {
    en: "accessories",
    de: "accessoires|zubehor",
    es: "accesorios|accesorio",
    fr: "accessoires|accessoire",
    it: "accessori|accessorio",
    ja: "アクセサリー|小物",
    nl: "accessoires",
    pt: "acessorios|acessorio",
  },
  black: {
    de: "schwarz|schwarze|schwarzes",
    es: "negro|negra",
    fr: "noir|noire",
    it: "nero|nera",
    ja: "ブラック|黒",
    nl: "zwart|zwarte",
    pt: "preto|preta",
  },
  sand: {
    en: "beige",
    de: "sand|sandfarben|beige",
    es: "arena|beige",
    fr: "sable|beige",
    it: "sabbia|beige",
    ja: "サンド|ベージュ",
    nl: "zand|beige",
    pt: "areia|bege",
  },
  white: {
    de: "weiss|weisse|weisses",
    es: "blanco|blanca",
    fr: "blanc|blanche",
    it: "bianco|bianca",
    ja: "ホワイト|白い",
    nl: "wit|witte",
    pt: "branco|branca",
  },
  // ---------------------------------------------------------- beauty
  face: {
    en: "facial",
    de: "gesicht|gesichts",
    es: "rostro|cara|facial",
    fr: "visage|facial",
    it: "viso|volto",
    ja: "顔|フェイス|フェイシャル",
    nl: "gezicht|gezichts",
    pt: "rosto|facial",
  },
  serum: { de: "serum", es: "serum", fr: "serum", it: "siero", ja: "美容液|セラム", nl: "serum", pt: "serum|soro" },
  lip: {
    en: "lips|lippie",
    de: "lippe|lippen",
    es: "labio|labios|labial",
    fr: "levre|levres",
    it: "labbra|labbro",
    ja: "リップ|唇|くちびる",
    nl: "lip|lippen",
    pt: "labio|labios|labial",
  },
  balm: {
    en: "salve",
    de: "balsam",
    es: "balsamo",
    fr: "baume",
    it: "balsamo",
    ja: "バーム",
    nl: "balsem",
    pt: "balsamo",
  },
  "lip balm": {
    en: "chapstick|chapsticks|lip salve|lip butter",
    de: "lippenbalsam|lippenpflege|lippenpflegestift",
    es: "protector labial|balsamo labial",
    fr: "baume a levres|baume levres|stick levres",
    it: "burrocacao|balsamo labbra|balsamo per le labbra",
    ja: "リップクリーム|リップバーム",
    nl: "lippenbalsem|lippenbalsemstift",
    pt: "protetor labial|hidratante labial|balsamo labial",
  },
  "clay mask": {
    en: "mud mask",
    de: "tonerdemaske|heilerdemaske|tonmaske",
    es: "mascarilla de arcilla",
    fr: "masque a l argile|masque argile",
    it: "maschera all argilla|maschera di argilla",
    ja: "クレイマスク|泥パック",
    nl: "kleimasker",
    pt: "mascara de argila",
  },
  clay: { de: "tonerde|heilerde|lehm", es: "arcilla", fr: "argile", it: "argilla", ja: "クレイ|泥", nl: "klei", pt: "argila" },
  mask: {
    en: "masque|face mask|sheet mask",
    de: "maske|kur",
    es: "mascarilla|mascara",
    fr: "masque",
    it: "maschera|maschere",
    ja: "マスク|パック",
    nl: "masker",
    pt: "mascara|mascarilha",
  },
  body: {
    de: "korper|koerper|body",
    es: "cuerpo|corporal",
    fr: "corps|corporel|corporelle",
    it: "corpo",
    ja: "ボディ|ボディー|からだ",
    nl: "lichaam|body",
    pt: "corpo|corporal",
  },
  lotion: {
    en: "moisturiser|moisturizer|moisturisers|moisturizers",
    de: "lotion",
    es: "locion",
    fr: "lotion|lait",
    it: "lozione",
    ja: "ローション|乳液",
    nl: "lotion",
    pt: "locao",
  },
  "body lotion": {
    en: "body milk|body cream|bodylotion",
    de: "korperlotion|korpermilch|bodylotion",
    es: "locion corporal|crema corporal|leche corporal",
    fr: "lait corporel|lait pour le corps|lotion pour le corps",
    it: "lozione corpo|latte corpo|crema corpo",
    ja: "ボディローション|ボディミルク",
    nl: "bodylotion|bodymilk",
    pt: "hidratante corporal|locao corporal|creme corporal",
  },
  eye: {
    en: "eyes|undereye|under eye|under eyes",
    de: "auge|augen",
    es: "ojo|ojos|contorno de ojos",
    fr: "oeil|yeux|contour des yeux",
    it: "occhi|occhio|contorno occhi",
    ja: "目元|アイ|目の下",
    nl: "oog|ogen",
    pt: "olho|olhos|area dos olhos",
  },
  "eye cream": {
    en: "eye gel|eyecream",
    de: "augencreme",
    es: "crema de ojos|crema contorno de ojos",
    fr: "creme contour des yeux|creme yeux",
    it: "crema contorno occhi|crema occhi",
    ja: "アイクリーム",
    nl: "oogcreme",
    pt: "creme para os olhos|creme de olhos",
  },
  cream: { en: "creme", de: "creme", es: "crema", fr: "creme", it: "crema", ja: "クリーム", nl: "creme", pt: "creme" },
  cleansing: {
    en: "cleanser|cleansers|cleanse|cleansed|makeup remover|make up remover|double cleanse",
    de: "reinigung|reinigungs|reinigend|abschmink|abschminken",
    es: "limpiador|limpiadora|limpieza|desmaquillante",
    fr: "nettoyant|nettoyante|demaquillant|demaquillante",
    it: "detergente|struccante",
    ja: "クレンジング|メイク落とし",
    nl: "reiniging|reinigings|reinigende",
    pt: "limpeza|demaquilante",
  },
  "cleansing oil": {
    en: "oil cleanser",
    de: "reinigungsol|abschminkol",
    es: "aceite limpiador|aceite desmaquillante",
    fr: "huile demaquillante|huile nettoyante",
    it: "olio struccante|olio detergente",
    ja: "クレンジングオイル",
    nl: "reinigingsolie",
    pt: "oleo de limpeza|oleo demaquilante",
  },
  oil: { de: "ol|ole|gesichtsol|korperol", es: "aceite", fr: "huile", it: "olio", ja: "オイル", nl: "olie", pt: "oleo" },
  hair: {
    de: "haar|haare|haaren",
    es: "cabello|pelo|capilar",
    fr: "cheveux|capillaire",
    it: "capelli|capello",
    ja: "ヘア|髪|かみのけ",
    nl: "haar|haren",
    pt: "cabelo|cabelos|capilar",
  },
  "hair mask": {
    en: "hair treatment|deep conditioner|deep conditioning",
    de: "haarkur|haarmaske",
    es: "mascarilla capilar|mascarilla para el pelo",
    fr: "masque capillaire|masque cheveux",
    it: "maschera per capelli|maschera capelli",
    ja: "ヘアマスク|ヘアパック",
    nl: "haarmasker",
    pt: "mascara capilar|mascara de cabelo",
  },
  sunscreen: {
    en: "spf|sunblock|suncream|sun cream|sun screen|sun protection",
    de: "sonnencreme|sonnenschutz|lichtschutz",
    es: "protector solar|crema solar|filtro solar|bloqueador solar|bloqueador",
    fr: "creme solaire|ecran solaire|protection solaire|solaire",
    it: "crema solare|protezione solare|solare",
    ja: "日焼け止め|サンスクリーン|日焼けどめ",
    nl: "zonnebrand|zonnebrandcreme|zonnecreme",
    pt: "protetor solar|filtro solar",
  },
  sun: { de: "sonne|sonnen", es: "sol|solar", fr: "soleil", it: "sole", ja: "太陽|日差し", nl: "zon|zonne", pt: "sol|solar" },
  care: { de: "pflege", es: "cuidado|cuidados", fr: "soin|soins", it: "cura", ja: "ケア", nl: "verzorging", pt: "cuidado|cuidados" },
  skincare: {
    en: "skin care",
    de: "hautpflege",
    es: "cuidado de la piel|cuidado facial",
    fr: "soins de la peau|soin visage",
    it: "cura della pelle|skincare",
    ja: "スキンケア",
    nl: "huidverzorging",
    pt: "cuidados com a pele|skincare",
  },
  beauty: {
    en: "cosmetics|cosmetic",
    de: "kosmetik|schonheit",
    es: "belleza|cosmetica",
    fr: "beaute|cosmetique",
    it: "bellezza|cosmetica",
    ja: "美容|コスメ",
    nl: "schoonheid|cosmetica",
    pt: "beleza|cosmetico|cosmeticos",
  },
  // ---------------------------------------------------------- home
  candle: {
    de: "kerze|kerzen",
    es: "vela|velas",
    fr: "bougie|bougies",
    it: "candela|candele",
    ja: "キャンドル|ろうそく|ロウソク|蝋燭",
    nl: "kaars|kaarsen|kaarsje",
    pt: "vela|velas",
  },
  scented: {
    en: "scent|scents|fragrant|fragranced|aromatic",
    de: "duft|duftend|duftende|parfumiert",
    es: "perfumada|perfumado|aromatica|aromatico|aroma",
    fr: "parfumee|parfume|parfum",
    it: "profumata|profumato|profumo",
    ja: "香り|アロマ",
    nl: "geur|geurend|geurende",
    pt: "perfumada|perfumado|aromatica|aromatico|cheirosa",
  },
  "scented candle": {
    de: "duftkerze",
    es: "vela aromatica|vela perfumada",
    fr: "bougie parfumee",
    it: "candela profumata",
    ja: "アロマキャンドル",
    nl: "geurkaars",
    pt: "vela aromatica|vela perfumada",
  },
  ceramic: {
    en: "pottery",
    de: "keramik",
    es: "ceramica",
    fr: "ceramique",
    it: "ceramica",
    ja: "セラミック|陶器|陶磁器",
    nl: "keramiek|keramieken",
    pt: "ceramica",
  },
  vase: { de: "vase|blumenvase", es: "jarron|florero", fr: "vase", it: "vaso", ja: "花瓶|フラワーベース|花器", nl: "vaas", pt: "vaso|jarro" },
  blanket: {
    also: "throw",
    de: "decke|wohndecke|kuscheldecke|plaid",
    es: "manta|cobija|frazada",
    fr: "plaid|couverture",
    it: "coperta|plaid",
    ja: "ブランケット|毛布|ひざ掛け",
    nl: "deken|plaid",
    pt: "manta|cobertor",
  },
  cushion: {
    en: "pillow|pillows|throw pillow",
    de: "kissen|zierkissen",
    es: "cojin|cojines|almohadon",
    fr: "coussin|coussins",
    it: "cuscino|cuscini",
    ja: "クッション",
    nl: "kussen|kussens",
    pt: "almofada|almofadas",
  },
  "cushion cover": {
    en: "pillow cover|pillowcase|pillow case|cushion case",
    de: "kissenbezug|kissenhulle",
    es: "funda de cojin|funda de almohadon",
    fr: "housse de coussin",
    it: "fodera per cuscino|federa",
    ja: "クッションカバー",
    nl: "kussenhoes|kussenovertrek",
    pt: "capa de almofada",
  },
  cover: { de: "bezug|hulle", es: "funda", fr: "housse", it: "fodera", ja: "カバー", nl: "hoes", pt: "capa" },
  mug: {
    en: "cup|cups|coffee cup|tea cup|cuppa",
    de: "becher|tasse|tassen|kaffeebecher",
    es: "taza|tazas|tazon",
    fr: "tasse|mug",
    it: "tazza|tazze",
    ja: "マグカップ|マグ|カップ",
    nl: "mok|mokken|beker|kopje",
    pt: "caneca|xicara",
  },
  stoneware: {
    en: "stone ware",
    de: "steinzeug|steingut",
    es: "gres",
    fr: "gres",
    it: "gres",
    ja: "炻器|ストーンウェア",
    nl: "steengoed",
    pt: "gres",
  },
  basket: {
    de: "korb|korbe|flechtkorb",
    es: "cesta|cesto|canasta",
    fr: "panier|corbeille",
    it: "cesto|cestino|cesta",
    ja: "かご|カゴ|バスケット|籠",
    nl: "mand|mandje|manden",
    pt: "cesto|cesta",
  },
  woven: {
    en: "handwoven|hand woven|wicker|seagrass",
    de: "geflochten|geflochtener|gewebt",
    es: "tejido|tejida|trenzado|trenzada|mimbre",
    fr: "tresse|tressee|tisse|tissee|osier",
    it: "intrecciato|intrecciata|tessuto|vimini",
    ja: "編み|織り",
    nl: "gevlochten|geweven",
    pt: "trancado|trancada|tecido|vime",
  },
  table: { de: "tisch", es: "mesa", fr: "table|chevet", it: "tavolo|tavola", ja: "テーブル|卓上", nl: "tafel", pt: "mesa" },
  lamp: {
    en: "bedside light|desk lamp|lampshade",
    de: "lampe|leuchte|tischleuchte",
    es: "lampara",
    fr: "lampe",
    it: "lampada",
    ja: "ランプ|ライト|照明|スタンドライト",
    nl: "lamp|lampje",
    pt: "luminaria|abajur|lampada",
  },
  "table lamp": {
    en: "bedside lamp",
    de: "tischlampe|tischleuchte|nachttischlampe",
    es: "lampara de mesa|lampara de noche",
    fr: "lampe de table|lampe de chevet",
    it: "lampada da tavolo|lampada da comodino",
    ja: "テーブルランプ|スタンドライト",
    nl: "tafellamp",
    pt: "luminaria de mesa|abajur",
  },
  towel: {
    de: "handtuch|handtucher|tuch",
    es: "toalla|toallas",
    fr: "serviette|drap de bain",
    it: "asciugamano|asciugamani|telo",
    ja: "タオル",
    nl: "handdoek|handdoeken",
    pt: "toalha|toalhas",
  },
  bath: {
    en: "bathroom",
    de: "badezimmer",
    es: "bano",
    fr: "bain|salle de bain",
    it: "bagno",
    ja: "お風呂|風呂",
    nl: "badkamer",
    pt: "banho|banheiro",
  },
  "bath towel": {
    en: "bath sheet|bathtowel",
    de: "badetuch|badehandtuch",
    es: "toalla de bano",
    fr: "serviette de bain|drap de bain",
    it: "telo bagno|asciugamano da bagno",
    ja: "バスタオル",
    nl: "badhanddoek|badlaken",
    pt: "toalha de banho",
  },
  home: {
    en: "homeware|home decor",
    de: "zuhause|wohnen",
    es: "hogar|casa",
    fr: "maison",
    it: "casa",
    ja: "インテリア|おうち",
    nl: "thuis|wonen",
    pt: "casa|lar",
  },
  decor: {
    en: "decoration|deco",
    de: "deko|dekoration",
    es: "decoracion|deco",
    fr: "deco|decoration",
    it: "decorazione|arredo",
    ja: "デコ|インテリア雑貨",
    nl: "decoratie|deco",
    pt: "decoracao|deco",
  },
  kitchen: { de: "kuche", es: "cocina", fr: "cuisine", it: "cucina", ja: "キッチン|台所", nl: "keuken", pt: "cozinha" },
  storage: {
    de: "aufbewahrung",
    es: "almacenaje|organizacion",
    fr: "rangement",
    it: "contenitore|portaoggetti",
    ja: "収納",
    nl: "opbergen|opberg",
    pt: "organizacao|armazenamento",
  },
  lighting: {
    de: "beleuchtung|licht",
    es: "iluminacion|luz",
    fr: "eclairage|lumiere",
    it: "illuminazione|luce",
    ja: "照明|あかり",
    nl: "verlichting|licht",
    pt: "iluminacao|luz",
  },
  textile: {
    de: "textilien|heimtextilien",
    es: "textiles|textil",
    fr: "textiles|linge de maison",
    it: "tessili|tessuti",
    ja: "ファブリック",
    nl: "textiel|woontextiel",
    pt: "texteis|textil",
  },
  // ---------------------------------------------------------- qualities
  classic: {
    de: "klassisch|klassische|klassischer|klassisches|klassiker",
    es: "clasico|clasica",
    fr: "classique|classiques",
    it: "classico|classica|classici",
    ja: "クラシック|定番",
    nl: "klassiek|klassieke",
    pt: "classico|classica",
  },
  relaxed: {
    en: "loose fit|loosefit|loose",
    de: "entspannt|entspannte|lassig|lassige|locker|lockere",
    es: "relajado|relajada|holgado|holgada",
    fr: "decontracte|decontractee|ample",
    it: "rilassato|rilassata|morbido",
    ja: "リラックス|ゆったり",
    nl: "ontspannen|relaxte|losse|loszittend",
    pt: "relaxado|relaxada|solto|solta|soltinho",
  },
  everyday: {
    en: "daily|every day|day to day|everyday wear",
    de: "alltag|alltags|alltaglich|jeden tag",
    es: "diario|diaria|cotidiano|cotidiana|todos los dias|dia a dia",
    fr: "quotidien|quotidienne|tous les jours",
    it: "quotidiano|quotidiana|tutti i giorni",
    ja: "毎日|普段|デイリー|日常",
    nl: "dagelijks|dagelijkse|alledaags|elke dag",
    pt: "dia a dia|diario|diaria|cotidiano|todo dia|todos os dias",
  },
  hydrating: {
    en: "hydrate|hydration|moisturising|moisturizing|moisture",
    de: "feuchtigkeit|feuchtigkeitsspendend|feuchtigkeitsspendende|hydratisierend",
    es: "hidratante|hidratacion",
    fr: "hydratant|hydratante|hydratation",
    it: "idratante|idratazione",
    ja: "保湿|うるおい|潤い",
    nl: "hydraterend|hydraterende|vochtinbrengend|vochtinbrengende",
    pt: "hidratante|hidratacao",
  },
  radiance: {
    en: "radiant|brightening|luminous",
    de: "strahlend|strahlkraft|leuchtkraft|ausstrahlung",
    es: "luminosidad|luminoso|luminosa|radiante|resplandor",
    fr: "eclat|lumineux|lumineuse|radieux|radieuse",
    it: "luminosita|luminoso|luminosa|radioso|radiosa",
    ja: "輝き|ツヤ|透明感|ラディアンス",
    nl: "stralend|stralende|uitstraling",
    pt: "luminosidade|luminoso|luminosa|radiante|radiancia",
  },
  calming: {
    en: "calm|soothing|soothe|soothes",
    de: "beruhigend|beruhigende|beruhigt",
    es: "calmante|calma",
    fr: "apaisant|apaisante|calmant|calmante",
    it: "lenitivo|lenitiva|calmante",
    ja: "鎮静|カーミング|落ち着",
    nl: "kalmerend|kalmerende|rustgevend",
    pt: "calmante|calma",
  },
  nordic: {
    en: "scandi|scandinavian|nordics",
    de: "nordisch|nordische|skandinavisch|skandinavische",
    es: "nordico|nordica|escandinavo|escandinava",
    fr: "nordique|scandinave",
    it: "nordico|nordica|scandinavo|scandinava",
    ja: "北欧",
    nl: "noords|noordse|scandinavisch|scandinavische",
    pt: "nordico|nordica|escandinavo|escandinava",
  },
  terracotta: {
    en: "terra cotta|terracota",
    de: "terrakotta",
    es: "terracota",
    fr: "terre cuite",
    it: "terracotta",
    ja: "テラコッタ",
    nl: "terracotta",
    pt: "terracota",
  },
  coastal: {
    en: "coast|seaside|seashore",
    de: "kuste|kusten|kustenstil",
    es: "costero|costera|costa",
    fr: "cotier|cotiere|bord de mer",
    it: "costiero|costiera|costa",
    ja: "海辺|コースタル",
    nl: "kust|kust stijl",
    pt: "costeiro|costeira|litoral",
  },
};

/** English word -> everyday retail nouns beyond CONCEPTS, in some languages (folded). */
const GENERAL: Record<string, string[]> = {
  sweater: ["jersey", "pullover", "pulli", "maglione", "sueter", "trui", "jumper", "pull"],
  skirt: ["jupe", "falda", "gonna", "saia", "rock"],
  coat: ["manteau", "abrigo", "mantel", "cappotto", "casaco", "jas"],
  hat: ["chapeau", "sombrero", "hut", "cappello", "chapeu", "hoed", "帽子"],
  scarf: ["echarpe", "bufanda", "schal", "sciarpa", "cachecol", "sjaal"],
  boot: ["botte", "bota", "stiefel", "stivale", "laars"],
  bag: ["bolso", "tasche", "borsa", "bolsa", "sac", "tas", "バッグ"],
  sock: ["chaussette", "calcetin", "socke", "calzino", "meia", "sok", "靴下"],
  swimsuit: ["maillot", "banador", "badeanzug", "biquini"],
  necklace: ["collier", "collar", "halskette", "collana", "colar", "ketting"],
  earring: ["boucles", "pendientes", "ohrringe", "orecchini", "brincos", "oorbellen"],
  ring: ["bague", "anillo", "anello", "anel"],
  watch: ["montre", "reloj", "orologio", "relogio", "horloge"],
  sunglass: ["lunettes", "gafas", "sonnenbrille", "occhiali", "oculos", "zonnebril", "sunnies"],
  shampoo: ["shampooing", "champu", "xampu"],
  perfume: ["parfum", "profumo", "fragrance"],
  lipstick: ["rouge", "pintalabios", "lippenstift", "rossetto", "batom"],
  skin: ["peau", "piel", "haut", "pele", "huid", "肌"],
  cup: ["xicara"],
  plate: ["assiette", "plato", "teller", "piatto", "prato", "皿"],
  rug: ["tapis", "alfombra", "teppich", "tappeto", "tapete", "vloerkleed"],
  pillow: ["oreiller", "almohada", "kopfkissen", "travesseiro"],
  chair: ["chaise", "silla", "stuhl", "sedia", "cadeira", "stoel"],
  silk: ["soie", "seda", "seide", "seta", "zijde"],
  leather: ["cuir", "cuero", "leder", "couro", "leer"],
  blue: ["bleu", "azul", "blau", "blu", "blauw"],
  red: ["rouge", "rojo", "rot", "rosso", "vermelho", "rood"],
  green: ["vert", "verde", "grun", "groen"],
};

/**
 * Emoji -> English words, by what the emoji depicts, for the products and
 * qualities a small shop's categories would show with them: clothes, shoes,
 * bags, beauty (lips, eyes, hair, spa, bottles, drops, sun) and home (candle,
 * vase, couch, cup, basket, lamp, bath). Emoji used for anything (sparkles,
 * fire, hearts of colour aside) are not here: they would make noise.
 */
const EMOJI: Record<string, string> = {
  "👕": "tshirt shirt",
  "👔": "shirt",
  "👚": "blouse",
  "👗": "dress",
  "👘": "robe",
  "🥻": "dress",
  "👖": "jeans trousers",
  "🩳": "shorts",
  "🧥": "coat jacket",
  "🧶": "knit wool",
  "🧣": "scarf",
  "🧤": "gloves",
  "🧢": "cap hat",
  "👒": "hat",
  "🎩": "hat",
  "👟": "sneakers shoes",
  "🥿": "shoes",
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
  "👄": "lip",
  "🫦": "lip",
  "💅": "nail polish",
  "🧴": "lotion bottle",
  "💧": "hydrating",
  "🧼": "soap cleansing",
  "🫧": "cleansing",
  "🧽": "sponge",
  "🪥": "toothbrush",
  "🧖": "spa mask face",
  "💆": "face massage",
  "💇": "hair",
  "👁": "eye",
  "👀": "eye",
  "☀": "sun",
  "🌞": "sun",
  "🔆": "sun",
  "⛱": "sun beach",
  "🏖": "sun beach sand",
  "🌊": "coastal",
  "🐚": "coastal",
  "🌱": "organic",
  "🕯": "candle",
  "🏺": "vase ceramic",
  "🪴": "plant pot",
  "💐": "flowers bouquet",
  "🛋": "sofa couch",
  "🪑": "chair",
  "🛏": "bed",
  "🧺": "basket",
  "💡": "lamp light",
  "🛁": "bath",
  "🚿": "bath shower",
  "☕": "coffee mug",
  "🍵": "tea cup",
  "🫖": "teapot",
  "🍽": "plate",
  "🥄": "spoon",
  "🍴": "cutlery",
  "🧸": "teddy toy",
  "🪞": "mirror",
  "🖼": "frame picture",
  "🖤": "black",
  "⚫": "black",
  "⬛": "black",
  "🤍": "white",
  "⚪": "white",
  "⬜": "white",
};

/**
 * Japanese words that hold a glossary word but mean something else (a smile
 * holds "face", overseas holds "sea"): read as one word, they hide it.
 */
const JAPANESE_NOT_PRODUCTS = [
  ...["笑顔", "目的", "注目", "全体", "体験", "ちかごろ", "くつろ"],
  ...["アイテム", "アイス", "アイドル", "アイデア", "アイロン", "パッケージ", "トリップ", "クリップ", "チューリップ", "アドレス"],
  ...["ハイライト", "ライトアップ", "カップル", "マグネット", "バスケットボール", "マスク着用"],
];

interface Glossary {
  /** One word -> English words. */
  words: Map<string, string[]>;
  /** Phrases of two to four words (joined by a space) -> English words. */
  phrases: Map<string, string[]>;
  /** Japanese words, longest first, found inside runs of kana and kanji. */
  japanese: Array<{ text: string; english: string[] }>;
}

const UNSEGMENTED = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** Whether a folded word is written in a script without spaces between words (Japanese). */
export function isUnsegmented(word: string): boolean {
  return UNSEGMENTED.test(word);
}

let built: Glossary | undefined;

function glossary(): Glossary {
  if (built) return built;
  const words = new Map<string, string[]>();
  const phrases = new Map<string, string[]>();
  const japanese = new Map<string, string[]>();
  const note = (word: string, english: string[]) => {
    const map = isUnsegmented(word) ? japanese : word.includes(" ") ? phrases : words;
    const list = map.get(word) ?? [];
    for (const target of english) if (!list.includes(target)) list.push(target);
    map.set(word, list);
  };
  const split = (list: string | undefined) => (list ? list.split("|").filter((word) => word.length > 0) : []);
  for (const [english, concept] of Object.entries(CONCEPTS)) {
    const targets = english.split(" ");
    const otherNames = [...split(concept.en), ...split(concept.also)].filter((word) => !word.includes(" "));
    for (const word of split(concept.en)) note(word, targets);
    for (const language of GLOSSARY_LANGUAGES) for (const word of split(concept[language])) note(word, [...targets, ...otherNames]);
    // The English phrase itself, written joined ("lipbalm") or apart, stands for all its words.
    if (targets.length > 1) {
      note(english, targets);
      note(targets.join(""), targets);
    }
  }
  for (const [english, list] of Object.entries(GENERAL)) for (const word of list) note(word, [english]);
  for (const word of JAPANESE_NOT_PRODUCTS) japanese.set(word, []);
  built = {
    words,
    phrases,
    japanese: [...japanese].map(([text, english]) => ({ text, english })).sort((a, b) => b.text.length - a.text.length),
  };
  return built;
}

/**
 * The dictionary forms a folded word of a storefront language may be an
 * inflection of: plurals (-s, -es, -en, -n, -e, -er; Italian -i/-e), gender
 * (-a/-o), German and Dutch compound links (-s-) and Dutch doubled consonants
 * (mokken -> mok). Only looked up in the glossary, so a wrong guess finds
 * nothing.
 */
export function dictionaryForms(word: string): string[] {
  const forms = [word];
  if (word.length < 4) return forms;
  const base = (cut: number) => word.slice(0, word.length - cut);
  for (const ending of ["s", "es", "en", "n", "e", "er", "x"]) if (word.endsWith(ending) && word.length - ending.length >= 3) forms.push(base(ending.length));
  if (word.endsWith("i")) forms.push(`${base(1)}o`, `${base(1)}e`, `${base(1)}a`);
  if (word.endsWith("e")) forms.push(`${base(1)}a`);
  if (word.endsWith("a")) forms.push(`${base(1)}o`);
  if (word.endsWith("o")) forms.push(`${base(1)}a`);
  if (word.endsWith("as") || word.endsWith("os")) forms.push(`${base(2)}o`, `${base(2)}a`);
  if (/([bdfgklmnprst])\1en$/.test(word)) forms.push(base(3));
  if (/(che|chi|ghe|ghi)$/.test(word)) forms.push(`${base(2)}${word.endsWith("e") ? "a" : "o"}`);
  return forms;
}

/** The English words a (folded) caption word stands for, trying its dictionary forms; none when it is no glossary word. */
export function glossaryTranslations(word: string): readonly string[] {
  const { words } = glossary();
  const direct = words.get(word);
  if (direct) return direct;
  for (const form of dictionaryForms(word).slice(1)) {
    const found = words.get(form);
    if (found) return found;
  }
  return [];
}

/** Whether a piece of a word written joined (#linenshirt, leinenhemd) is a glossary word, or one with a compound's linking -s. */
export function glossaryHas(piece: string): boolean {
  const { words } = glossary();
  return words.has(piece) || (piece.length > 4 && piece.endsWith("s") && words.has(piece.slice(0, -1)));
}

/** The longest glossary phrase (2-4 words) starting at `at` in a caption's (folded) words: its length in words and English words, or null. */
export function glossaryPhrase(words: readonly string[], at: number): { length: number; english: readonly string[] } | null {
  const { phrases } = glossary();
  for (let length = 4; length >= 2; length--) {
    if (at + length > words.length) continue;
    const english = phrases.get(words.slice(at, at + length).join(" "));
    if (english) return { length, english };
  }
  return null;
}

/**
 * The English words of the Japanese glossary words inside a run written
 * without spaces, longest first, each part of the run read once; and what
 * is left of the run outside them (Latin letters and digits as words).
 */
export function readUnsegmented(run: string): { english: string[]; rest: string[] } {
  let left = run;
  const english: string[] = [];
  for (const { text, english: words } of glossary().japanese) {
    if (text.length > left.length || !left.includes(text)) continue;
    english.push(...words);
    left = left.split(text).join(" ");
  }
  return { english, rest: left.split(/[^a-z0-9]+/).filter((word) => word.length > 0) };
}

/**
 * Common words of social media captions and hashtags that name no product:
 * they let a hashtag written as one word be split around the product it
 * names (#linenshirtstyle, #mycandlecollection), and are not read themselves.
 */
const SOCIAL_WORDS = new Set(
  (
    "ootd ootn fit fits outfit outfits style styled styling stylish look looks lookbook haul unboxing review routine tutorial grwm " +
    "vibe vibes aesthetic inspo inspiration goal goals life lifestyle lover lovers addict daily weekly weekend morning evening night " +
    "summer winter spring autumn fall season seasonal time mood love loved favourite favorite favourites favorites fave faves fav " +
    "must musthave have essentials essential wear wearing wardrobe closet fashion makeup selfcare self tok tiktok reel reels insta " +
    "shop shopping small business smallbusiness find finds arrival arrivals gift gifts idea ideas cozy cosy comfy chic minimal " +
    "minimalist capsule street work office date holiday travel trip city girl girls guy men women mom mum cute pretty perfect best " +
    "top wow obsessed sunday monday friday saturday diy interior design collection edit"
  ).split(" "),
);

/** Whether a (folded) word is one of social media's that name no product (ootd, vibes, haul). */
export function isSocialWord(word: string): boolean {
  return SOCIAL_WORDS.has(word);
}

/** The English words an emoji depicts (skin tones and variation selectors already removed), or none. */
export function emojiWords(emoji: string): readonly string[] {
  const words = EMOJI[emoji];
  return words ? words.split(" ") : [];
}
