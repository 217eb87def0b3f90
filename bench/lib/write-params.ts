/** The parameters of a typical contributor's product_jqm2.pl write, varied by a seeded random source. */
const CATEGORIES = [
  "Orange juices",
  "Cheeses",
  "Biscuits",
  "Sodas",
  "Yogurts",
  "Breakfast cereals",
  "Extra virgin olive oils",
  "Mineral waters",
  "Dark chocolates",
  "Pasta",
  "Hazelnut spreads",
  "Chips and fries",
];
const BRANDS = ["Acme", "Bonne Maman", "Carrefour", "Danone", "Ferrero", "Lu", "Nestlé", "Auchan", "Barilla", "Lindt"];
const COUNTRIES = ["France", "Germany", "Spain", "Italy", "United Kingdom"];
const ADJECTIVES = ["Organic", "Classic", "Light", "Crunchy", "Fresh"];

export function contributorWriteParams(rnd: () => number, i: number): Record<string, string> {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const num = (max: number) => (Math.round(rnd() * max * 10) / 10).toString();
  return {
    product_name: `${pick(ADJECTIVES)} ${pick(CATEGORIES).toLowerCase()} ${i}`,
    brands: pick(BRANDS),
    categories: pick(CATEGORIES),
    countries: pick(COUNTRIES),
    labels: rnd() < 0.3 ? "Organic" : "",
    quantity: `${Math.ceil(rnd() * 10) * 100} g`,
    serving_size: "30 g",
    "nutriment_energy-kj": num(3000),
    nutriment_fat: num(40),
    "nutriment_saturated-fat": num(15),
    nutriment_carbohydrates: num(80),
    nutriment_sugars: num(50),
    nutriment_fiber: num(10),
    nutriment_proteins: num(30),
    nutriment_salt: num(3),
  };
}

/** Realistic ingredient lists in the five languages with word lists (issue 25). */
const INGREDIENT_LISTS: readonly [string, string][] = [
  [
    "en",
    "wheat flour, sugar, palm oil, hazelnuts 13%, skimmed milk powder 8.7%, fat-reduced cocoa 7.4%, emulsifier: lecithins (soya), vanillin",
  ],
  [
    "fr",
    "farine de blé, sucre, huile de palme, noisettes 13%, lait écrémé en poudre 8,7%, cacao maigre 7,4%, émulsifiants : lécithines (soja), vanilline. Peut contenir des traces d'arachide.",
  ],
  [
    "de",
    "Zucker, Palmöl, Haselnüsse 13%, Magermilchpulver 8,7%, fettarmer Kakao 7,4%, Emulgator: Lecithine (Soja), Vanillin",
  ],
  [
    "es",
    "azúcar, aceite de palma, avellanas 13%, leche desnatada en polvo 8,7%, cacao desgrasado 7,4%, emulgente: lecitinas (soja), vainillina",
  ],
  [
    "it",
    "zucchero, olio di palma, nocciole 13%, latte scremato in polvere 8,7%, cacao magro 7,4%, emulsionanti: lecitine (soia), vanillina",
  ],
];

/** A write of an ingredient list (and its language), one of the five, varied by `i`. */
export function ingredientListParams(i: number): Record<string, string> {
  const [lc, text] = INGREDIENT_LISTS[i % INGREDIENT_LISTS.length] as [string, string];
  // A varying percent makes each write change the list, so that it is analysed again.
  return { lang: lc, [`ingredients_text_${lc}`]: text.replace("13%", `${10 + (i % 7)}%`) };
}
