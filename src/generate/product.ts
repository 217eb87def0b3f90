/**
 * One generated product: a pure function of (catalog, seed, index). Fields are those an OFF dump
 * record has in common with most products; the computed ones (`categories_tags`, `_keywords`,
 * Nutri-Score, `misc_tags`...) come from foodbase's own enrichment pipeline.
 */
import { type EnrichmentContext, enrichProduct } from "../domain/enrich.js";
import type { Product } from "../domain/product.js";
import {
  type Catalog,
  COUNTRIES_OF_LANGUAGE,
  GS1_PREFIXES,
  LANGUAGE_WEIGHTS,
  type Language,
  type NutritionProfile,
} from "./catalog.js";
import { Random, streamSeed, WeightedChoice } from "./random.js";

/** Generated times end here (2025-01-01T00:00:00Z) and start ten years before, whatever the clock says. */
export const REFERENCE_T = 1_735_689_600;
const TEN_YEARS = Math.round(10 * 365.25 * 86400);

const LIQUID_QUANTITIES: ReadonlyArray<readonly [string, number]> = [
  ["1 l", 1000],
  ["1,5 l", 1500],
  ["50 cl", 500],
  ["33 cl", 330],
  ["75 cl", 750],
  ["2 l", 2000],
  ["25 cl", 250],
  ["6 x 33 cl", 1980],
];
const SOLID_QUANTITIES: ReadonlyArray<readonly [string, number]> = [
  ["100 g", 100],
  ["125 g", 125],
  ["150 g", 150],
  ["200 g", 200],
  ["250 g", 250],
  ["300 g", 300],
  ["400 g", 400],
  ["500 g", 500],
  ["750 g", 750],
  ["1 kg", 1000],
  ["6 x 125 g", 750],
  ["4 x 100 g", 400],
];
const LIQUID_SERVINGS: ReadonlyArray<readonly [string, number]> = [
  ["250 ml", 250],
  ["200 ml", 200],
  ["330 ml", 330],
];
const SOLID_SERVINGS: ReadonlyArray<readonly [string, number]> = [
  ["30 g", 30],
  ["25 g", 25],
  ["40 g", 40],
  ["50 g", 50],
  ["100 g", 100],
  ["15 g", 15],
];

const LANGUAGE_CHOICE = new WeightedChoice(LANGUAGE_WEIGHTS);
const NOVA_CHOICE = new WeightedChoice({ "1": 10, "2": 5, "3": 30, "4": 55 });

/** GS1 mod-10 check digit of a code body. */
export function checkDigit(body: string): string {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) {
    sum += (body.charCodeAt(i) - 48) * weight;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * A bijection of [0, 10^digits): multiplying by a number coprime with 10 permutes the residues, so
 * distinct indexes give distinct bodies (for index < 10^digits). Products stay below 2^53: exact.
 */
function scramble(index: number, digits: number, seed: number): string {
  const modulus = 10 ** digits;
  const body = ((index % modulus) * 4_782_969 + (seed % modulus)) % modulus;
  return String(body).padStart(digits, "0");
}

/**
 * A normalised barcode unique to `index` (for index < 10^9): EAN-8 for one product in 20, else 13 digits
 * made of a 3-digit prefix (GS1 country prefix, UPC number system, or in-store 2xx) and 9 digits unique
 * to the index, plus the check digit.
 */
export function productCode(index: number, seed: number, country: string, random: Random): string {
  if (index % 20 === 7) {
    const body = scramble(Math.floor(index / 20), 7, seed);
    return body + checkDigit(body);
  }
  let prefix: string;
  if (random.chance(0.05)) prefix = `2${random.int(10)}${random.int(10)}`;
  else if (country === "en:united-states" || country === "en:canada")
    prefix = `0${random.pick(["6", "7", "8"])}${random.int(10)}`;
  else prefix = random.pick(GS1_PREFIXES[country] ?? ["301", "400", "500", "800", "840"]);
  const body = prefix + scramble(index, 9, seed);
  return body + checkDigit(body);
}

function dateTags(t: number): string[] {
  const iso = new Date(t * 1000).toISOString();
  return [iso.slice(0, 10), iso.slice(0, 7), iso.slice(0, 4)];
}

/** Rounded like label values: one decimal, or `decimals`. */
function round(value: number, decimals = 1): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function within(random: Random, [min, max]: [number, number]): number {
  return random.real(min, max);
}

/** OFF's nutriments layout: `<nid>`, `<nid>_100g`, `<nid>_unit`, and `<nid>_serving` with a serving size. */
function nutriments(random: Random, profile: NutritionProfile, servingQuantity: number | undefined): Product {
  let fat = within(random, profile.fat);
  let carbohydrates = within(random, profile.carbohydrates);
  let fiber = random.chance(0.55) ? within(random, profile.fiber) : undefined;
  let proteins = within(random, profile.proteins);
  // 100 g hold at most 100 g of nutrients (and some water): scale down draws that add up to more.
  const total = fat + carbohydrates + proteins + (fiber ?? 0);
  if (total > 97) {
    const scale = 97 / total;
    fat *= scale;
    carbohydrates *= scale;
    proteins *= scale;
    if (fiber !== undefined) fiber *= scale;
  }
  fat = round(fat);
  carbohydrates = round(carbohydrates);
  proteins = round(proteins);
  if (fiber !== undefined) fiber = round(fiber);
  const values: Array<[string, number, string]> = [];
  const kj = Math.round(37 * fat + 17 * carbohydrates + 17 * proteins + 8 * (fiber ?? 0));
  values.push(["energy-kj", kj, "kJ"], ["energy-kcal", Math.round(kj / 4.184), "kcal"], ["energy", kj, "kJ"]);
  values.push(["fat", fat, "g"], ["saturated-fat", round(fat * within(random, profile.saturatedShare)), "g"]);
  values.push(["carbohydrates", carbohydrates, "g"]);
  values.push(["sugars", round(carbohydrates * within(random, profile.sugarsShare)), "g"]);
  if (fiber !== undefined) values.push(["fiber", fiber, "g"]);
  values.push(["proteins", proteins, "g"]);
  const salt = round(within(random, profile.salt), 2);
  values.push(["salt", salt, "g"], ["sodium", Number((salt / 2.5).toPrecision(3)), "g"]);
  const out: Product = {};
  for (const [nid, value, unit] of values) {
    out[nid] = value;
    out[`${nid}_100g`] = value;
    out[`${nid}_unit`] = unit;
    if (servingQuantity !== undefined) out[`${nid}_serving`] = Number(((value * servingQuantity) / 100).toPrecision(3));
  }
  return out;
}

/** A taxonomy entry as a contributor writing in `lc` would type it: its name there, else `en:<name>`. */
function entryText(names: { name(id: string, lc: string): string | undefined }, id: string, lc: string): string {
  const local = names.name(id, lc);
  if (local !== undefined) return local;
  const english = names.name(id, "en");
  return english === undefined ? id : `en:${english}`;
}

function distinctDraws(random: Random, count: number, draw: () => number): number[] {
  const picked = new Set<number>();
  for (let attempts = 0; picked.size < count && attempts < count * 4; attempts++) picked.add(draw());
  return [...picked];
}

function productName(random: Random, catalog: Catalog, lang: Language, categoryName: string): string {
  const flavour = random.chance(0.45) ? random.pick(catalog.flavours[lang]) : undefined;
  const qualifier = random.chance(0.3) ? random.pick(catalog.qualifiers[lang]) : undefined;
  switch (lang) {
    case "en":
      return [qualifier, flavour, categoryName].filter(Boolean).join(" ");
    case "de":
      return [qualifier, flavour === undefined ? categoryName : `${flavour}-${categoryName}`].filter(Boolean).join(" ");
    default:
      return [categoryName, flavour, qualifier?.toLowerCase()].filter(Boolean).join(" ");
  }
}

/** Product `index` of the data set of `seed`, with its computed fields. */
export function generateProduct(catalog: Catalog, seed: number, index: number, ctx: EnrichmentContext): Product {
  return enrichProduct(rawProduct(catalog, seed, index), ctx);
}

/** Product `index` of the data set of `seed`, as a contributor entered it (no computed field). */
export function rawProduct(catalog: Catalog, seed: number, index: number): Product {
  const random = new Random(streamSeed(seed, index));
  const lang = LANGUAGE_CHOICE.pick(random);
  const countryChoices = COUNTRIES_OF_LANGUAGE[lang];
  const countries = [countryChoices[random.int(random.chance(0.7) ? 1 : countryChoices.length)] as string];
  for (let extra = random.chance(0.2) ? random.between(1, 2) : 0; extra > 0; extra--) {
    const country = random.pick(countryChoices);
    if (!countries.includes(country)) countries.push(country);
  }
  const code = productCode(index, seed, countries[0] as string, random);

  const category = catalog.categories[catalog.categorySampler.sample(random)];
  const hasCategory = category !== undefined && random.chance(0.65);
  const profile = category?.profile ?? catalog.categories[0]?.profile;
  const liquid = profile?.liquid ?? false;
  const categoryName = category === undefined ? "Product" : entryText(catalog.categoryNames, category.id, lang);

  const product: Product = { _id: code, code, lang, lc: lang };
  if (random.chance(0.95)) {
    const name = productName(random, catalog, lang, categoryName.replace(/^en:/, ""));
    product.product_name = name;
    product[`product_name_${lang}`] = name;
    if (lang !== "en" && random.chance(0.25) && category !== undefined) {
      product.product_name_en = productName(random, catalog, "en", entryText(catalog.categoryNames, category.id, "en"));
    }
  }
  if (random.chance(0.2)) {
    const genericName = categoryName.replace(/^en:/, "");
    product.generic_name = genericName;
    product[`generic_name_${lang}`] = genericName;
  }
  if (random.chance(0.9)) {
    const brand = catalog.brands[catalog.brandSampler.sample(random)] as string;
    product.brands = random.chance(0.1)
      ? `${brand}, ${catalog.brands[catalog.brandSampler.sample(random)] as string}`
      : brand;
  }
  if (random.chance(0.85)) {
    const [text, grams] = random.pick(liquid ? LIQUID_QUANTITIES : SOLID_QUANTITIES);
    product.quantity = text;
    product.product_quantity = random.chance(0.3) ? String(grams) : grams;
    product.product_quantity_unit = liquid ? "ml" : "g";
  }
  let servingQuantity: number | undefined;
  if (random.chance(0.2)) {
    const [text, quantity] = random.pick(liquid ? LIQUID_SERVINGS : SOLID_SERVINGS);
    servingQuantity = quantity;
    product.serving_size = text;
    product.serving_quantity = random.chance(0.3) ? String(quantity) : quantity;
  }
  if (hasCategory && category !== undefined) {
    product.categories = category.path.map((id) => entryText(catalog.categoryNames, id, lang)).join(", ");
  }
  if (random.chance(0.35)) {
    const labels = distinctDraws(random, random.between(1, 3), () => catalog.labelSampler.sample(random));
    product.labels = labels.map((k) => entryText(catalog.labelNames, catalog.labels[k] as string, lang)).join(", ");
  }
  product.countries = countries.map((id) => entryText(catalog.countryNames, id, lang)).join(", ");
  if (random.chance(0.4)) {
    const stores = distinctDraws(random, random.between(1, 2), () => catalog.storeSampler.sample(random));
    product.stores = stores.map((k) => catalog.stores[k] as string).join(", ");
  }
  if (random.chance(0.3)) {
    const first = random.pick(catalog.packaging[lang]);
    const second = random.pick(catalog.packaging[lang]);
    product.packaging = first === second ? first : `${first}, ${second}`;
  }
  if (random.chance(0.1)) product.origins = entryText(catalog.countryNames, countries[0] as string, lang);
  if (random.chance(0.04)) {
    product.emb_codes = `${(countries[0] as string).slice(3, 5).toUpperCase()} ${random.between(1, 95)}.${random.between(1, 400)}.${String(random.int(1000)).padStart(3, "0")} CE`;
  }
  const drinksWater = category?.profile.carbohydrates[1] === 0;
  let ingredientCount = 0;
  if (!drinksWater && random.chance(0.6)) {
    const list = catalog.ingredients[lang];
    const allergens = new Set<string>();
    ingredientCount = random.between(3, 12);
    const picked = distinctDraws(random, ingredientCount, () => Math.floor(list.length * random.next() ** 1.6));
    const items = picked.map((k, position) => {
      const [name, allergen] = list[k] as readonly [string, string];
      if (allergen !== "") allergens.add(allergen);
      return position > 0 && random.chance(0.15) ? `${name} ${random.between(1, 40)}%` : name;
    });
    const text = items.join(", ").replace(/^./, (c) => c.toUpperCase());
    product.ingredients_text = text;
    product[`ingredients_text_${lang}`] = text;
    product.allergens = [...allergens].join(",");
    if (random.chance(0.1)) product.traces = "en:nuts";
    const nova = ingredientCount >= 8 ? 4 : NOVA_CHOICE.pick(random);
    product.nova_group = Number(nova);
    product.nova_groups = String(nova);
  }
  if (profile !== undefined && random.chance(0.6)) {
    product.nutriments = nutriments(random, profile, servingQuantity);
    product.nutrition_data_per = "100g";
  }

  const ageShare = random.next() ** 1.6;
  const createdT = REFERENCE_T - Math.floor(ageShare * TEN_YEARS) - random.int(86400);
  const modifiedT = createdT + Math.floor((REFERENCE_T - createdT) * Math.sqrt(random.next()));
  const creator = catalog.contributors[catalog.contributorSampler.sample(random)] as string;
  const editors = new Set([creator]);
  for (let n = random.int(5); n > 0; n--)
    editors.add(catalog.contributors[catalog.contributorSampler.sample(random)] as string);
  const lastEditor = [...editors][editors.size - 1] as string;
  product.created_t = createdT;
  product.creator = creator;
  product.entry_dates_tags = dateTags(createdT);
  product.last_modified_t = modifiedT;
  product.last_modified_by = lastEditor;
  product.last_editor = lastEditor;
  product.last_updated_t = modifiedT;
  product.last_edit_dates_tags = dateTags(modifiedT);
  product.editors_tags = [...editors].sort();
  product.rev = Math.min(200, 1 + Math.floor(-Math.log(1 - random.next()) * 6));
  const scans = random.chance(0.45) ? Math.floor(1 / (1 - random.next()) ** 1.3) : 0;
  if (scans > 0) {
    product.unique_scans_n = scans;
    product.scans_n = scans + random.int(scans + 1);
  }
  product.popularity_key = scans > 0 ? scans * 1000 + random.int(1000) : 0;
  const present = ["product_name", "brands", "quantity", "categories", "labels", "ingredients_text", "nutriments"];
  const completeness = present.filter((key) => product[key] !== undefined).length / present.length;
  product.completeness = round(completeness, 4);
  product.complete = completeness === 1 ? 1 : 0;
  return product;
}
