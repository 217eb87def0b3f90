/**
 * What generated products are drawn from: categories of the shipped taxonomy ranked by popularity,
 * labels, countries, brands, contributors, words in several languages, and plausible nutrition per
 * kind of food. Built once per seed (and per worker thread); drawing from it is cheap.
 */
import type { Taxonomy } from "../domain/taxonomy/types.js";
import { Random, shuffled, ZipfSampler } from "./random.js";

export const LANGUAGES = ["fr", "en", "de", "es", "it", "nl", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Main language of products, roughly as in OFF (French and English first). */
export const LANGUAGE_WEIGHTS: Readonly<Record<Language, number>> = {
  fr: 36,
  en: 28,
  de: 10,
  es: 10,
  it: 8,
  nl: 4,
  pt: 4,
};

/** Countries where a product in each language is sold, most likely first. */
export const COUNTRIES_OF_LANGUAGE: Readonly<Record<Language, readonly string[]>> = {
  fr: ["en:france", "en:belgium", "en:switzerland", "en:canada", "en:luxembourg"],
  en: ["en:united-states", "en:united-kingdom", "en:canada", "en:australia", "en:ireland", "en:india"],
  de: ["en:germany", "en:austria", "en:switzerland"],
  es: ["en:spain", "en:mexico", "en:argentina", "en:colombia"],
  it: ["en:italy", "en:switzerland"],
  nl: ["en:netherlands", "en:belgium"],
  pt: ["en:portugal", "en:brazil"],
};

/** GS1 prefixes (first 3 digits of an EAN-13) of a product sold first in a country. */
export const GS1_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  "en:france": ["300", "301", "302", "320", "325", "335", "350", "356", "376"],
  "en:belgium": ["540", "541", "542", "545"],
  "en:switzerland": ["760", "761", "762", "764", "768"],
  "en:luxembourg": ["541"],
  "en:germany": ["400", "401", "402", "405", "406", "407", "408", "426", "427", "440"],
  "en:austria": ["900", "901", "902", "904", "906", "908"],
  "en:spain": ["840", "841", "842", "843", "847", "848"],
  "en:italy": ["800", "801", "802", "803", "805", "806", "807", "808", "809", "830"],
  "en:netherlands": ["870", "871", "872", "873", "874", "875", "876", "878", "879"],
  "en:portugal": ["560"],
  "en:brazil": ["789", "790"],
  "en:mexico": ["750"],
  "en:argentina": ["779"],
  "en:colombia": ["770"],
  "en:united-kingdom": ["500", "501", "502", "503", "505", "506", "507", "509"],
  "en:ireland": ["539"],
  "en:australia": ["930", "931", "932", "933", "935", "937"],
  "en:india": ["890"],
};

/** Common leaf categories in OFF, most popular first; those missing from the taxonomy are skipped. */
const POPULAR_CATEGORIES = [
  "en:biscuits",
  "en:cheeses",
  "en:chocolates",
  "en:yogurts",
  "en:breakfast-cereals",
  "en:sodas",
  "en:fruit-juices",
  "en:breads",
  "en:pastas",
  "en:prepared-meats",
  "en:sauces",
  "en:mineral-waters",
  "en:cakes",
  "en:crisps",
  "en:ice-creams",
  "en:jams",
  "en:extra-virgin-olive-oils",
  "en:coffees",
  "en:teas",
  "en:wines",
  "en:beers",
  "en:milks",
  "en:sausages",
  "en:hams",
  "en:pizzas",
  "en:soups",
  "en:honeys",
  "en:candies",
  "en:nuts",
  "en:rices",
  "en:fishes",
  "en:meals",
  "en:dark-chocolates",
  "en:hazelnut-spreads",
  "en:orange-juices",
  "en:colas",
  "en:cured-sausages",
  "en:sandwiches",
  "en:fresh-cheeses",
  "en:plain-yogurts",
  "en:green-teas",
  "en:cereal-bars",
  "en:tomato-sauces",
  "en:pestos",
  "en:smoked-salmons",
  "en:canned-vegetables",
  "en:frozen-pizzas",
  "en:butters",
  "en:eggs",
  "en:flours",
  "en:spices",
  "en:mustards",
  "en:mayonnaises",
  "en:dried-fruits",
  "en:compotes",
  "en:energy-drinks",
  "en:soy-milks",
  "en:tofu",
  "en:hummus",
  "en:popcorn",
  "en:waffles",
  "en:croissants",
  "en:sliced-breads",
  "en:cheddar-cheese",
  "en:mozzarella",
  "en:parmigiano-reggiano",
];

/** Nutrition per 100 g or 100 ml of a kind of food: [min, max] of each value. */
export interface NutritionProfile {
  fat: [number, number];
  /** Saturated fat as a share of fat. */
  saturatedShare: [number, number];
  carbohydrates: [number, number];
  /** Sugars as a share of carbohydrates. */
  sugarsShare: [number, number];
  fiber: [number, number];
  proteins: [number, number];
  salt: [number, number];
  liquid: boolean;
}

function profile(p: Partial<NutritionProfile>): NutritionProfile {
  return {
    fat: [1, 20],
    saturatedShare: [0.1, 0.5],
    carbohydrates: [5, 50],
    sugarsShare: [0.05, 0.4],
    fiber: [0, 5],
    proteins: [2, 12],
    salt: [0.1, 1.5],
    liquid: false,
    ...p,
  };
}

const DRINK = { fiber: [0, 0] as [number, number], liquid: true };

/** Most specific kinds first: a product takes the first one among its category and its ancestors. */
const PROFILES: ReadonlyArray<[string, NutritionProfile]> = [
  ["en:waters", profile({ ...DRINK, fat: [0, 0], carbohydrates: [0, 0], proteins: [0, 0], salt: [0, 0.05] })],
  [
    "en:fruit-juices",
    profile({
      ...DRINK,
      fat: [0, 0.3],
      carbohydrates: [8, 13],
      sugarsShare: [0.85, 1],
      proteins: [0.2, 1],
      salt: [0, 0.02],
    }),
  ],
  [
    "en:alcoholic-beverages",
    profile({ ...DRINK, fat: [0, 0], carbohydrates: [0, 4], proteins: [0, 0.5], salt: [0, 0.02] }),
  ],
  [
    "en:milks",
    profile({
      ...DRINK,
      fat: [0.1, 3.6],
      saturatedShare: [0.6, 0.7],
      carbohydrates: [4.5, 5],
      sugarsShare: [1, 1],
      proteins: [3, 3.5],
      salt: [0.1, 0.13],
    }),
  ],
  [
    "en:beverages",
    profile({ ...DRINK, fat: [0, 1], carbohydrates: [0, 12], sugarsShare: [0.8, 1], proteins: [0, 1], salt: [0, 0.1] }),
  ],
  [
    "en:fats",
    profile({ fat: [80, 100], saturatedShare: [0.1, 0.65], carbohydrates: [0, 1], proteins: [0, 1], salt: [0, 1.8] }),
  ],
  [
    "en:cheeses",
    profile({
      fat: [15, 35],
      saturatedShare: [0.6, 0.7],
      carbohydrates: [0, 4],
      sugarsShare: [0, 1],
      proteins: [15, 30],
      salt: [0.8, 2.5],
      fiber: [0, 0],
    }),
  ],
  [
    "en:yogurts",
    profile({
      fat: [0, 10],
      saturatedShare: [0.6, 0.7],
      carbohydrates: [4, 16],
      sugarsShare: [0.8, 1],
      proteins: [3, 9],
      salt: [0.05, 0.2],
      fiber: [0, 1],
    }),
  ],
  [
    "en:ice-creams",
    profile({
      fat: [6, 20],
      saturatedShare: [0.5, 0.8],
      carbohydrates: [20, 35],
      sugarsShare: [0.8, 0.95],
      proteins: [2, 5],
      salt: [0.05, 0.3],
    }),
  ],
  [
    "en:dairies",
    profile({
      fat: [1, 30],
      saturatedShare: [0.6, 0.7],
      carbohydrates: [2, 15],
      sugarsShare: [0.5, 1],
      proteins: [3, 20],
      salt: [0.1, 1.5],
      fiber: [0, 0],
    }),
  ],
  [
    "en:chocolates",
    profile({
      fat: [25, 45],
      saturatedShare: [0.55, 0.65],
      carbohydrates: [30, 60],
      sugarsShare: [0.5, 0.95],
      fiber: [3, 12],
      proteins: [5, 10],
      salt: [0, 0.3],
    }),
  ],
  [
    "en:biscuits-and-cakes",
    profile({
      fat: [10, 28],
      saturatedShare: [0.3, 0.6],
      carbohydrates: [50, 75],
      sugarsShare: [0.25, 0.55],
      fiber: [1, 5],
      proteins: [4, 8],
      salt: [0.2, 1.2],
    }),
  ],
  [
    "en:confectioneries",
    profile({
      fat: [0, 20],
      saturatedShare: [0.3, 0.7],
      carbohydrates: [60, 95],
      sugarsShare: [0.6, 0.95],
      fiber: [0, 3],
      proteins: [0, 6],
      salt: [0, 0.3],
    }),
  ],
  [
    "en:breakfast-cereals",
    profile({
      fat: [1, 15],
      carbohydrates: [60, 80],
      sugarsShare: [0.02, 0.45],
      fiber: [3, 12],
      proteins: [7, 13],
      salt: [0, 1],
    }),
  ],
  [
    "en:breads",
    profile({
      fat: [1, 8],
      carbohydrates: [40, 55],
      sugarsShare: [0.02, 0.12],
      fiber: [2, 8],
      proteins: [7, 12],
      salt: [0.9, 1.6],
    }),
  ],
  [
    "en:pastas",
    profile({
      fat: [1, 3],
      carbohydrates: [65, 75],
      sugarsShare: [0.03, 0.06],
      fiber: [2, 8],
      proteins: [11, 14],
      salt: [0, 0.1],
    }),
  ],
  [
    "en:prepared-meats",
    profile({
      fat: [3, 35],
      saturatedShare: [0.3, 0.45],
      carbohydrates: [0, 3],
      sugarsShare: [0.3, 1],
      fiber: [0, 0.5],
      proteins: [12, 30],
      salt: [1.5, 5],
    }),
  ],
  [
    "en:meats",
    profile({
      fat: [2, 25],
      saturatedShare: [0.3, 0.45],
      carbohydrates: [0, 1],
      sugarsShare: [0, 1],
      fiber: [0, 0],
      proteins: [15, 30],
      salt: [0.1, 1],
    }),
  ],
  [
    "en:seafood",
    profile({
      fat: [0.5, 15],
      saturatedShare: [0.15, 0.3],
      carbohydrates: [0, 2],
      sugarsShare: [0, 1],
      fiber: [0, 0],
      proteins: [15, 25],
      salt: [0.2, 2.5],
    }),
  ],
  [
    "en:salty-snacks",
    profile({
      fat: [20, 35],
      saturatedShare: [0.08, 0.45],
      carbohydrates: [45, 60],
      sugarsShare: [0, 0.08],
      fiber: [3, 5],
      proteins: [5, 10],
      salt: [1, 2.5],
    }),
  ],
  [
    "en:sweet-snacks",
    profile({
      fat: [8, 30],
      saturatedShare: [0.3, 0.6],
      carbohydrates: [50, 75],
      sugarsShare: [0.3, 0.7],
      fiber: [1, 5],
      proteins: [4, 8],
      salt: [0.1, 0.8],
    }),
  ],
  [
    "en:spreads",
    profile({
      fat: [0, 35],
      saturatedShare: [0.1, 0.4],
      carbohydrates: [20, 65],
      sugarsShare: [0.5, 1],
      fiber: [0, 4],
      proteins: [0, 8],
      salt: [0, 0.3],
    }),
  ],
  [
    "en:condiments",
    profile({
      fat: [0, 50],
      carbohydrates: [5, 30],
      sugarsShare: [0.3, 0.9],
      fiber: [0, 3],
      proteins: [0, 5],
      salt: [1, 8],
    }),
  ],
  [
    "en:sauces",
    profile({
      fat: [0, 40],
      carbohydrates: [5, 25],
      sugarsShare: [0.3, 0.8],
      fiber: [0, 3],
      proteins: [1, 5],
      salt: [0.8, 3],
    }),
  ],
  [
    "en:meals",
    profile({
      fat: [2, 15],
      carbohydrates: [5, 30],
      sugarsShare: [0.05, 0.3],
      fiber: [1, 4],
      proteins: [3, 12],
      salt: [0.6, 1.8],
    }),
  ],
  [
    "en:nuts",
    profile({
      fat: [45, 70],
      saturatedShare: [0.06, 0.2],
      carbohydrates: [5, 20],
      sugarsShare: [0.1, 0.4],
      fiber: [5, 12],
      proteins: [15, 25],
      salt: [0, 1.5],
    }),
  ],
  [
    "en:legumes",
    profile({
      fat: [0.5, 6],
      carbohydrates: [10, 60],
      sugarsShare: [0.02, 0.1],
      fiber: [5, 15],
      proteins: [6, 25],
      salt: [0, 1],
    }),
  ],
  [
    "en:fruits",
    profile({
      fat: [0, 1],
      carbohydrates: [5, 20],
      sugarsShare: [0.7, 1],
      fiber: [1, 4],
      proteins: [0.3, 1.5],
      salt: [0, 0.02],
    }),
  ],
  [
    "en:plant-based-foods",
    profile({
      fat: [0.5, 15],
      carbohydrates: [5, 60],
      sugarsShare: [0.02, 0.4],
      fiber: [1, 8],
      proteins: [2, 12],
      salt: [0, 1.2],
    }),
  ],
];

const DEFAULT_PROFILE = profile({});

const NAME_FLAVOURS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    "Chocolate",
    "Vanilla",
    "Strawberry",
    "Lemon",
    "Hazelnut",
    "Caramel",
    "Apple",
    "Honey",
    "Cheese",
    "Tomato",
    "Almond",
  ],
  fr: [
    "au chocolat",
    "à la vanille",
    "à la fraise",
    "au citron",
    "à la noisette",
    "au caramel",
    "à la pomme",
    "au miel",
    "au fromage",
    "à la tomate",
    "aux amandes",
  ],
  de: [
    "Schoko",
    "Vanille",
    "Erdbeer",
    "Zitronen",
    "Haselnuss",
    "Karamell",
    "Apfel",
    "Honig",
    "Käse",
    "Tomaten",
    "Mandel",
  ],
  es: [
    "de chocolate",
    "de vainilla",
    "de fresa",
    "de limón",
    "de avellana",
    "de caramelo",
    "de manzana",
    "de miel",
    "de queso",
    "de tomate",
    "de almendra",
  ],
  it: [
    "al cioccolato",
    "alla vaniglia",
    "alla fragola",
    "al limone",
    "alla nocciola",
    "al caramello",
    "alla mela",
    "al miele",
    "al formaggio",
    "al pomodoro",
    "alle mandorle",
  ],
  nl: [
    "met chocolade",
    "met vanille",
    "met aardbei",
    "met citroen",
    "met hazelnoot",
    "met karamel",
    "met appel",
    "met honing",
    "met kaas",
    "met tomaat",
    "met amandel",
  ],
  pt: [
    "de chocolate",
    "de baunilha",
    "de morango",
    "de limão",
    "de avelã",
    "de caramelo",
    "de maçã",
    "de mel",
    "de queijo",
    "de tomate",
    "de amêndoa",
  ],
};

const NAME_QUALIFIERS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    "Organic",
    "Classic",
    "Original",
    "Light",
    "Crunchy",
    "Homestyle",
    "Premium",
    "Extra",
    "Family pack",
    "Mini",
    "Reduced sugar",
  ],
  fr: [
    "Bio",
    "Classique",
    "Original",
    "Allégé",
    "Croustillant",
    "À l'ancienne",
    "Premium",
    "Extra",
    "Format familial",
    "Mini",
    "Moins de sucres",
  ],
  de: [
    "Bio",
    "Klassisch",
    "Original",
    "Leicht",
    "Knusprig",
    "Hausmacher Art",
    "Premium",
    "Extra",
    "Familienpackung",
    "Mini",
    "Weniger Zucker",
  ],
  es: [
    "Ecológico",
    "Clásico",
    "Original",
    "Ligero",
    "Crujiente",
    "Casero",
    "Premium",
    "Extra",
    "Pack familiar",
    "Mini",
    "Sin azúcar añadido",
  ],
  it: [
    "Biologico",
    "Classico",
    "Originale",
    "Leggero",
    "Croccante",
    "Della nonna",
    "Premium",
    "Extra",
    "Formato famiglia",
    "Mini",
    "Meno zuccheri",
  ],
  nl: [
    "Biologisch",
    "Klassiek",
    "Origineel",
    "Licht",
    "Knapperig",
    "Huisgemaakt",
    "Premium",
    "Extra",
    "Familieverpakking",
    "Mini",
    "Minder suiker",
  ],
  pt: [
    "Biológico",
    "Clássico",
    "Original",
    "Leve",
    "Estaladiço",
    "Caseiro",
    "Premium",
    "Extra",
    "Embalagem familiar",
    "Mini",
    "Menos açúcar",
  ],
};

/** Ingredients in each language: [name, allergen tag or ""], most common first. */
const INGREDIENTS: Readonly<Record<Language, ReadonlyArray<readonly [string, string]>>> = {
  en: [
    ["sugar", ""],
    ["wheat flour", "en:gluten"],
    ["water", ""],
    ["salt", ""],
    ["palm oil", ""],
    ["sunflower oil", ""],
    ["milk", "en:milk"],
    ["eggs", "en:eggs"],
    ["butter", "en:milk"],
    ["cocoa butter", ""],
    ["glucose syrup", ""],
    ["skimmed milk powder", "en:milk"],
    ["hazelnuts", "en:nuts"],
    ["soy lecithin", "en:soybeans"],
    ["yeast", ""],
    ["natural flavouring", ""],
    ["citric acid", ""],
    ["rapeseed oil", ""],
    ["corn starch", ""],
    ["tomatoes", ""],
    ["onions", ""],
    ["garlic", ""],
    ["spices", ""],
    ["rice", ""],
    ["pork", ""],
  ],
  fr: [
    ["sucre", ""],
    ["farine de blé", "en:gluten"],
    ["eau", ""],
    ["sel", ""],
    ["huile de palme", ""],
    ["huile de tournesol", ""],
    ["lait", "en:milk"],
    ["œufs", "en:eggs"],
    ["beurre", "en:milk"],
    ["beurre de cacao", ""],
    ["sirop de glucose", ""],
    ["lait écrémé en poudre", "en:milk"],
    ["noisettes", "en:nuts"],
    ["lécithine de soja", "en:soybeans"],
    ["levure", ""],
    ["arôme naturel", ""],
    ["acide citrique", ""],
    ["huile de colza", ""],
    ["amidon de maïs", ""],
    ["tomates", ""],
    ["oignons", ""],
    ["ail", ""],
    ["épices", ""],
    ["riz", ""],
    ["porc", ""],
  ],
  de: [
    ["Zucker", ""],
    ["Weizenmehl", "en:gluten"],
    ["Wasser", ""],
    ["Salz", ""],
    ["Palmöl", ""],
    ["Sonnenblumenöl", ""],
    ["Milch", "en:milk"],
    ["Eier", "en:eggs"],
    ["Butter", "en:milk"],
    ["Kakaobutter", ""],
    ["Glukosesirup", ""],
    ["Magermilchpulver", "en:milk"],
    ["Haselnüsse", "en:nuts"],
    ["Sojalecithin", "en:soybeans"],
    ["Hefe", ""],
    ["natürliches Aroma", ""],
    ["Citronensäure", ""],
    ["Rapsöl", ""],
    ["Maisstärke", ""],
    ["Tomaten", ""],
    ["Zwiebeln", ""],
    ["Knoblauch", ""],
    ["Gewürze", ""],
    ["Reis", ""],
    ["Schweinefleisch", ""],
  ],
  es: [
    ["azúcar", ""],
    ["harina de trigo", "en:gluten"],
    ["agua", ""],
    ["sal", ""],
    ["aceite de palma", ""],
    ["aceite de girasol", ""],
    ["leche", "en:milk"],
    ["huevos", "en:eggs"],
    ["mantequilla", "en:milk"],
    ["manteca de cacao", ""],
    ["jarabe de glucosa", ""],
    ["leche desnatada en polvo", "en:milk"],
    ["avellanas", "en:nuts"],
    ["lecitina de soja", "en:soybeans"],
    ["levadura", ""],
    ["aroma natural", ""],
    ["ácido cítrico", ""],
    ["aceite de colza", ""],
    ["almidón de maíz", ""],
    ["tomates", ""],
    ["cebollas", ""],
    ["ajo", ""],
    ["especias", ""],
    ["arroz", ""],
    ["cerdo", ""],
  ],
  it: [
    ["zucchero", ""],
    ["farina di frumento", "en:gluten"],
    ["acqua", ""],
    ["sale", ""],
    ["olio di palma", ""],
    ["olio di girasole", ""],
    ["latte", "en:milk"],
    ["uova", "en:eggs"],
    ["burro", "en:milk"],
    ["burro di cacao", ""],
    ["sciroppo di glucosio", ""],
    ["latte scremato in polvere", "en:milk"],
    ["nocciole", "en:nuts"],
    ["lecitina di soia", "en:soybeans"],
    ["lievito", ""],
    ["aroma naturale", ""],
    ["acido citrico", ""],
    ["olio di colza", ""],
    ["amido di mais", ""],
    ["pomodori", ""],
    ["cipolle", ""],
    ["aglio", ""],
    ["spezie", ""],
    ["riso", ""],
    ["maiale", ""],
  ],
  nl: [
    ["suiker", ""],
    ["tarwebloem", "en:gluten"],
    ["water", ""],
    ["zout", ""],
    ["palmolie", ""],
    ["zonnebloemolie", ""],
    ["melk", "en:milk"],
    ["eieren", "en:eggs"],
    ["boter", "en:milk"],
    ["cacaoboter", ""],
    ["glucosestroop", ""],
    ["magere melkpoeder", "en:milk"],
    ["hazelnoten", "en:nuts"],
    ["sojalecithine", "en:soybeans"],
    ["gist", ""],
    ["natuurlijk aroma", ""],
    ["citroenzuur", ""],
    ["koolzaadolie", ""],
    ["maïszetmeel", ""],
    ["tomaten", ""],
    ["uien", ""],
    ["knoflook", ""],
    ["specerijen", ""],
    ["rijst", ""],
    ["varkensvlees", ""],
  ],
  pt: [
    ["açúcar", ""],
    ["farinha de trigo", "en:gluten"],
    ["água", ""],
    ["sal", ""],
    ["óleo de palma", ""],
    ["óleo de girassol", ""],
    ["leite", "en:milk"],
    ["ovos", "en:eggs"],
    ["manteiga", "en:milk"],
    ["manteiga de cacau", ""],
    ["xarope de glucose", ""],
    ["leite magro em pó", "en:milk"],
    ["avelãs", "en:nuts"],
    ["lecitina de soja", "en:soybeans"],
    ["levedura", ""],
    ["aroma natural", ""],
    ["ácido cítrico", ""],
    ["óleo de colza", ""],
    ["amido de milho", ""],
    ["tomates", ""],
    ["cebolas", ""],
    ["alho", ""],
    ["especiarias", ""],
    ["arroz", ""],
    ["porco", ""],
  ],
};

const PACKAGING: Readonly<Record<Language, readonly string[]>> = {
  en: ["Plastic", "Cardboard", "Glass", "Metal", "Bottle", "Can", "Bag", "Box", "Jar", "Tray"],
  fr: ["Plastique", "Carton", "Verre", "Métal", "Bouteille", "Canette", "Sachet", "Boîte", "Bocal", "Barquette"],
  de: ["Kunststoff", "Karton", "Glas", "Metall", "Flasche", "Dose", "Beutel", "Schachtel", "Glas", "Schale"],
  es: ["Plástico", "Cartón", "Vidrio", "Metal", "Botella", "Lata", "Bolsa", "Caja", "Tarro", "Bandeja"],
  it: ["Plastica", "Cartone", "Vetro", "Metallo", "Bottiglia", "Lattina", "Busta", "Scatola", "Vasetto", "Vaschetta"],
  nl: ["Plastic", "Karton", "Glas", "Metaal", "Fles", "Blik", "Zak", "Doos", "Pot", "Schaal"],
  pt: ["Plástico", "Cartão", "Vidro", "Metal", "Garrafa", "Lata", "Saco", "Caixa", "Frasco", "Tabuleiro"],
};

/** Labels in OFF, most common first. */
const POPULAR_LABELS = [
  "en:green-dot",
  "en:organic",
  "en:eu-organic",
  "en:vegetarian",
  "en:vegan",
  "en:no-preservatives",
  "en:fair-trade",
  "en:nutriscore",
  "en:no-added-sugar",
  "en:made-in-france",
  "en:no-palm-oil",
  "en:fsc",
  "en:pdo",
  "en:halal",
  "en:kosher",
  "en:msc",
  "en:rainforest-alliance",
  "en:low-fat",
  "en:high-fibres",
];

const RETAILER_BRANDS = [
  "Carrefour",
  "Auchan",
  "Marque Repère",
  "U",
  "Casino",
  "Lidl",
  "Aldi",
  "Tesco",
  "Sainsbury's",
  "Great Value",
  "Kirkland Signature",
  "Hacendado",
  "Migros",
  "Coop",
  "Edeka",
  "Rewe",
  "Albert Heijn",
  "Esselunga",
  "Conad",
  "Pingo Doce",
];

const STORES = [
  "Carrefour",
  "Leclerc",
  "Auchan",
  "Intermarché",
  "Lidl",
  "Aldi",
  "Tesco",
  "Walmart",
  "Mercadona",
  "Edeka",
  "Rewe",
  "Coop",
  "Migros",
  "Esselunga",
  "Albert Heijn",
  "Monoprix",
  "Continente",
  "Kroger",
  "Sainsbury's",
  "Casino",
];

const LATIN_SYLLABLES = [
  "ba",
  "bel",
  "ca",
  "cor",
  "da",
  "del",
  "fa",
  "gar",
  "la",
  "lu",
  "ma",
  "mon",
  "na",
  "no",
  "pa",
  "pri",
  "ro",
  "sa",
  "ta",
  "ti",
  "va",
  "vi",
  "zo",
  "ber",
  "kel",
  "mar",
  "ste",
  "tor",
  "lin",
  "ven",
];
const OTHER_SYLLABLES = ["ко", "ма", "ра", "ле", "ни", "στ", "άλ", "ός", "ñu", "ço", "öz", "ßa"];

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Longer names are mostly descriptions ("Still fruit soft drink with less than 10% of fruit juice..."). */
const MAX_CATEGORY_NAME_LENGTH = 40;

export interface CategoryEntry {
  id: string;
  /** The category and a few of its ancestors, broad to specific, as a contributor would type them. */
  path: string[];
  profile: NutritionProfile;
}

export interface Catalog {
  categories: CategoryEntry[];
  categorySampler: ZipfSampler;
  labels: string[];
  labelSampler: ZipfSampler;
  brands: string[];
  brandSampler: ZipfSampler;
  contributors: string[];
  contributorSampler: ZipfSampler;
  stores: string[];
  storeSampler: ZipfSampler;
  categoryNames: Taxonomy;
  labelNames: Taxonomy;
  countryNames: Taxonomy;
  flavours: typeof NAME_FLAVOURS;
  qualifiers: typeof NAME_QUALIFIERS;
  ingredients: typeof INGREDIENTS;
  packaging: typeof PACKAGING;
}

function profileOf(id: string, categories: Taxonomy): NutritionProfile {
  const lineage = new Set([id, ...categories.ancestors(id)]);
  for (const [family, p] of PROFILES) if (lineage.has(family)) return p;
  return DEFAULT_PROFILE;
}

function brandNames(random: Random, count: number): string[] {
  const names = new Set<string>(RETAILER_BRANDS);
  while (names.size < count + RETAILER_BRANDS.length) {
    const syllables = random.chance(0.03) ? OTHER_SYLLABLES : LATIN_SYLLABLES;
    let name = "";
    for (let n = random.between(2, 3); n > 0; n--) name += random.pick(syllables);
    names.add(
      random.chance(0.15)
        ? `${capitalise(name)} ${random.pick(["& Co", "Foods", "Bio", "Gourmet", "Frères", "GmbH"])}`
        : capitalise(name),
    );
  }
  return [...names];
}

function contributorNames(random: Random, count: number): string[] {
  const names = ["kiliweb", "openfoodfacts-contributors", "foodrepo", "org-database-usda", "packbot"];
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  while (names.length < count) {
    if (random.chance(0.4)) {
      let id = "yuka.";
      for (let i = 0; i < 24; i++) id += alphabet.charAt(random.int(alphabet.length));
      names.push(id);
    } else {
      names.push(`${random.pick(LATIN_SYLLABLES)}${random.pick(LATIN_SYLLABLES)}${random.int(1000)}`);
    }
  }
  return names;
}

export interface TaxonomiesForCatalog {
  categories: Taxonomy;
  labels: Taxonomy;
  countries: Taxonomy;
}

/** Everything products are drawn from, for one seed. */
export function buildCatalog(taxonomies: TaxonomiesForCatalog, seed: number): Catalog {
  const random = new Random(seed ^ 0x5bd1e995);
  const { categories } = taxonomies;
  const popular = POPULAR_CATEGORIES.filter((id) => categories.has(id));
  const popularSet = new Set(popular);
  // The long tail: English categories below the top of the hierarchy, in an order set by the seed.
  const tail = [...categories.ids()]
    .filter(
      (id) =>
        id.startsWith("en:") &&
        !popularSet.has(id) &&
        categories.parents(id).length > 0 &&
        (categories.name(id, "en")?.length ?? 99) <= MAX_CATEGORY_NAME_LENGTH,
    )
    .sort();
  const ranked = [...popular, ...shuffled(tail, random)];
  const entries = ranked.map((id): CategoryEntry => {
    const ancestors = categories.ancestors(id);
    return { id, path: [...ancestors.slice(-2), id], profile: profileOf(id, categories) };
  });
  const labels = POPULAR_LABELS.filter((id) => taxonomies.labels.has(id));
  const brands = brandNames(random, 5000);
  const contributors = contributorNames(random, 2000);
  return {
    categories: entries,
    categorySampler: new ZipfSampler(entries.length, 1),
    labels,
    labelSampler: new ZipfSampler(labels.length, 1),
    brands,
    brandSampler: new ZipfSampler(brands.length, 1),
    contributors,
    contributorSampler: new ZipfSampler(contributors.length, 1.1),
    stores: STORES,
    storeSampler: new ZipfSampler(STORES.length, 1),
    categoryNames: categories,
    labelNames: taxonomies.labels,
    countryNames: taxonomies.countries,
    flavours: NAME_FLAVOURS,
    qualifiers: NAME_QUALIFIERS,
    ingredients: INGREDIENTS,
    packaging: PACKAGING,
  };
}
