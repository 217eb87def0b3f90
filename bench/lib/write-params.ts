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
