/**
 * The realistic profile of `foodbase generate` (issue 21): a generated product grown to the size and
 * field mix of a record of OFF's 2026 dump. OFF's dump averages 12.3 KB a product, and its richer
 * products weigh 20–45 KB (test/fixtures/off-products-2026.jsonl): most of those bytes are not what a
 * contributor typed but what OFF computes and keeps on every record. A product of the small profile
 * (the contributor's fields and foodbase's enrichment) gets here, from a stream of its own:
 * - the heavy structures of a real record: nested `ingredients` (sub-ingredients, CIQUAL and Ecobalyse
 *   codes), `images` (uploaded pictures and the selected front/ingredients/nutrition/packaging crops
 *   per language), `packagings` components, and `environmental_score_data` with its per-country
 *   grades, scores and adjustments (about 65 countries each, as OFF writes them);
 * - many languages: names and ingredient lists in other languages, and the empty per-language fields
 *   OFF keeps once a language was opened;
 * - states, data-quality tags, nutrient levels, codes tags, more nutrients for rich products;
 * - the schema mix of the dump: about 1 in 4 products at schema 1003 (nutrition in
 *   `nutrition.input_sets` / `aggregated_set`, images split into `uploaded` / `selected`), a few at
 *   1001 and 1002, the rest classic (SCHEMA.md), converted by foodbase's own schema steps.
 *
 * How rich a product is comes from one log-normal draw, so sizes have the dump's long right tail:
 * most products are a few KB to 15 KB, one in a hundred passes 30 KB, a few pass 40 KB.
 */
import { type EnrichmentContext, enrichProduct } from "../domain/enrich.js";
import type { Product } from "../domain/product.js";
import { convertProductSchema } from "../domain/schema/convert.js";
import { type Catalog, LANGUAGES, type Language } from "./catalog.js";
import { rawProduct } from "./product.js";
import { Random, streamSeed } from "./random.js";

/** Countries of OFF's environmental score (the keys of `environmental_score_data.grades`, 2026 dump). */
const SCORE_COUNTRIES = [
  "ad",
  "al",
  "at",
  "ax",
  "ba",
  "be",
  "bg",
  "ch",
  "cy",
  "cz",
  "de",
  "dk",
  "dz",
  "ee",
  "eg",
  "es",
  "fi",
  "fo",
  "fr",
  "gg",
  "gi",
  "gr",
  "hr",
  "hu",
  "ie",
  "il",
  "im",
  "is",
  "it",
  "je",
  "lb",
  "li",
  "lt",
  "lu",
  "lv",
  "ly",
  "ma",
  "mc",
  "md",
  "me",
  "mk",
  "mt",
  "nl",
  "no",
  "pl",
  "ps",
  "pt",
  "ro",
  "rs",
  "se",
  "si",
  "sj",
  "sk",
  "sm",
  "sy",
  "tn",
  "tr",
  "ua",
  "uk",
  "us",
  "va",
  "world",
  "xk",
] as const;

/** Languages a product may also be described in, beyond the catalog's seven (texts left empty or copied). */
const OTHER_LANGUAGES = [
  "pl",
  "cs",
  "sv",
  "da",
  "fi",
  "ro",
  "hu",
  "el",
  "bg",
  "hr",
  "sk",
  "sl",
  "lt",
  "ar",
  "ru",
  "tr",
  "ja",
];

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  fr: "french",
  en: "english",
  de: "german",
  es: "spanish",
  it: "italian",
  nl: "dutch",
  pt: "portuguese",
  pl: "polish",
  cs: "czech",
  sv: "swedish",
  da: "danish",
  fi: "finnish",
  ro: "romanian",
  hu: "hungarian",
  el: "greek",
  bg: "bulgarian",
  hr: "croatian",
  sk: "slovak",
  sl: "slovene",
  lt: "lithuanian",
  ar: "arabic",
  ru: "russian",
  tr: "turkish",
  ja: "japanese",
};

/** OFF's PNNS food groups (level 1, level 2) of some common categories. */
const PNNS_GROUPS: ReadonlyArray<readonly [string, string]> = [
  ["Sugary snacks", "Biscuits and cakes"],
  ["Sugary snacks", "Chocolate products"],
  ["Milk and dairy products", "Cheese"],
  ["Milk and dairy products", "Milk and yogurt"],
  ["Beverages", "Sweetened beverages"],
  ["Beverages", "Fruit juices"],
  ["Cereals and potatoes", "Bread"],
  ["Cereals and potatoes", "Breakfast cereals"],
  ["Fish Meat Eggs", "Processed meat"],
  ["Fat and sauces", "Dressings and sauces"],
  ["Fruits and vegetables", "Vegetables"],
  ["Composite foods", "One-dish meals"],
];
const IMAGE_TYPES = ["front", "ingredients", "nutrition", "packaging"] as const;
const UPLOADERS = [
  "kiliweb",
  "openfoodfacts-contributors",
  "org-database-usda",
  "yuka.sY2b0xO6T85zoF3NwEKvlhFVfdv7mgjV",
  "smoothie-app",
  "prepperapp",
];
const EXTRA_NUTRIENTS: ReadonlyArray<readonly [string, number, string]> = [
  ["calcium", 0.12, "g"],
  ["iron", 0.0021, "g"],
  ["vitamin-c", 0.006, "g"],
  ["vitamin-a", 0.00012, "g"],
  ["trans-fat", 0.1, "g"],
  ["cholesterol", 0.015, "g"],
  ["potassium", 0.2, "g"],
  ["magnesium", 0.05, "g"],
  ["vitamin-d", 0.0000025, "g"],
  ["polyunsaturated-fat", 1.2, "g"],
  ["monounsaturated-fat", 3.4, "g"],
  ["vitamin-b1", 0.0004, "g"],
  ["phosphorus", 0.15, "g"],
  ["zinc", 0.001, "g"],
];
const PACKAGING_SHAPES = [
  "en:bottle",
  "en:box",
  "en:bag",
  "en:tray",
  "en:lid",
  "en:film",
  "en:jar",
  "en:can",
  "en:label",
  "en:pot",
  "en:sachet",
  "en:wrapper",
];
const PACKAGING_MATERIALS = [
  "en:pet-1-polyethylene-terephthalate",
  "en:cardboard",
  "en:paper",
  "en:glass",
  "en:steel",
  "en:aluminium",
  "en:pp-5-polypropylene",
  "en:hdpe-2-high-density-polyethylene",
  "en:ldpe-4-low-density-polyethylene",
  "en:plastic",
];
const PACKAGING_RECYCLING = ["en:recycle", "en:discard", "en:recycle-in-sorting-bin", "en:return-to-store"];
const STATES = [
  ["expiration-date", 0.3],
  ["packaging-code", 0.1],
  ["characteristics", 0.5],
  ["origins", 0.3],
  ["categories", 0.65],
  ["brands", 0.9],
  ["packaging", 0.4],
  ["quantity", 0.85],
  ["product-name", 0.95],
  ["photos", 0.7],
  ["nutrition-facts", 0.6],
  ["ingredients", 0.6],
] as const;
const DATA_QUALITY_WARNINGS = [
  "en:energy-value-in-kcal-may-not-match-value-computed-from-other-nutrients",
  "en:environmental-score-origins-of-ingredients-origins-are-100-percent-unknown",
  "en:environmental-score-packaging-packaging-data-missing",
  "en:environmental-score-production-system-no-label",
  "en:nutrition-value-very-low-for-category-energy",
  "en:ingredients-50-percent-unknown",
  "en:serving-quantity-defined-but-quantity-undefined",
  "en:nutrition-data-prepared-without-category-dried-products-to-be-rehydrated",
];
const DATA_QUALITY_INFO = [
  "en:no-packaging-data",
  "en:ingredients-percent-analysis-ok",
  "en:environmental-score-extended-data-not-computed",
  "en:food-groups-1-unknown",
  "en:food-groups-2-unknown",
  "en:food-groups-3-unknown",
  "en:packaging-data-incomplete",
  "en:ecoscore-extended-data-not-computed",
  "en:nutriscore-2021-different-from-2023",
];
const COMPLETENESS = [
  "en:photo-and-data-to-be-checked-by-an-experienced-contributor",
  "en:packaging-photo-to-be-selected",
  "en:nutrition-photo-to-be-selected",
  "en:ingredients-photo-to-be-selected",
  "en:categories-to-be-completed",
  "en:packaging-data-to-be-completed",
  "en:origins-to-be-completed",
  "en:ingredients-to-be-checked",
];
/**
 * The size a product grows to, in bytes: log-normal, e^μ its median, σ the spread of its log. Calibrated
 * (test/generate/realistic.test.ts) so that the mean comes out at the dump's 12.3 KB, with a tail past
 * 40 KB; the smallest products are those whose own fields already weigh more than their draw.
 */
const TARGET_MU = Math.log(6800);
const TARGET_SIGMA = 0.7;

/** A standard normal draw (Box–Muller). */
function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function hex(random: Random, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += "0123456789abcdef"[random.int(16)];
  return out;
}

function uuid(random: Random): string {
  return `${hex(random, 8)}-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 12)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A picture's sizes as OFF records them: thumbnails of 100 and 400 px (and 200 for a selected crop). */
function imageSizes(random: Random, selected: boolean): Record<string, { w: number; h: number }> {
  const full = { w: random.between(300, 3000), h: random.between(300, 4000) };
  const scaled = (target: number) => {
    const scale = target / Math.max(full.w, full.h);
    return { w: Math.max(1, Math.round(full.w * scale)), h: Math.max(1, Math.round(full.h * scale)) };
  };
  const sizes: Record<string, { w: number; h: number }> = { "100": scaled(100) };
  if (selected) sizes["200"] = scaled(200);
  sizes["400"] = scaled(400);
  sizes.full = full;
  return sizes;
}

/** A picture as uploaded, under its number in the classic (flat) `images` object. */
function uploadedImage(random: Random, createdT: number, modifiedT: number): Product {
  return {
    sizes: imageSizes(random, false),
    uploaded_t: createdT + Math.floor((modifiedT - createdT) * random.next()),
    uploader: random.pick(UPLOADERS),
  };
}

/** A selected crop (`front_fr`, `ingredients_de`…) of uploaded picture `imgid`. */
function selectedImage(random: Random, imgid: number): Product {
  const crop = random.chance(0.4);
  const entry: Product = {
    imgid: String(imgid),
    rev: String(random.between(2, 40)),
    sizes: imageSizes(random, true),
    angle: crop ? random.pick([0, 90, 0, 270]) : null,
    normalize: crop ? "false" : null,
    white_magic: crop ? "false" : null,
    geometry: crop
      ? `${random.between(200, 1500)}x${random.between(200, 1500)}-${random.int(300)}-${random.int(300)}`
      : "0x0-0-0",
    coordinates_image_size: crop ? "full" : null,
  };
  if (crop) {
    Object.assign(entry, {
      x1: String(random.int(300)),
      y1: String(random.int(300)),
      x2: String(random.between(400, 1500)),
      y2: String(random.between(400, 1500)),
    });
  }
  return entry;
}

/** Bytes `value` adds to a JSON object under `key` (with its quotes, colon and comma). */
function entryBytes(key: string, value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value)) + Buffer.byteLength(key) + 4;
}

function packagings(random: Random, richness: number): Product[] {
  const count = random.chance(0.45) ? 0 : Math.min(8, 1 + Math.floor(random.next() * richness * 2));
  const components: Product[] = [];
  for (let i = 0; i < count; i++) {
    const component: Product = {
      number_of_units: random.chance(0.8) ? 1 : random.between(2, 12),
      shape: random.pick(PACKAGING_SHAPES),
      material: random.pick(PACKAGING_MATERIALS),
    };
    if (random.chance(0.6)) component.recycling = random.pick(PACKAGING_RECYCLING);
    if (random.chance(0.3))
      component.quantity_per_unit = `${random.pick([33, 50, 100, 250, 500, 750])} ${random.pick(["cl", "g", "ml"])}`;
    if (random.chance(0.25)) component.weight_measured = round(random.real(1, 400), 1);
    if (random.chance(0.5)) component.food_contact = random.chance(0.7) ? 1 : 0;
    components.push(component);
  }
  return components;
}

/** `environmental_score_data` as OFF writes it: per-country grades and scores, adjustments, Agribalyse. */
function environmentalScoreData(random: Random, product: Product, richness: number): Product {
  const category = Array.isArray(product.categories_tags)
    ? (product.categories_tags.at(-1) as string | undefined)
    : undefined;
  const perCountry = (value: () => number | string) => Object.fromEntries(SCORE_COUNTRIES.map((c) => [c, value()]));
  const transport = random.chance(0.3) ? random.between(0, 15) : 0;
  const origins: Product = {
    aggregated_origins: [{ origin: "en:unknown", percent: 100 }],
    epi_score: 0,
    epi_value: random.chance(0.3) ? -5 : 0,
    origins_from_categories: ["en:unknown"],
    origins_from_origins_field: ["en:unknown"],
    values: perCountry(() => -5 + Math.round(transport / 7.5)),
    warning: "origins_are_100_percent_unknown",
  };
  // Transportation per country once something is known of the product (OFF leaves them out otherwise).
  if (category !== undefined) {
    origins.transportation_scores = perCountry(() => transport);
    origins.transportation_values = perCountry(() => Math.round(transport / 7.5));
  }
  const labels = Array.isArray(product.labels_tags) ? (product.labels_tags as string[]).slice(0, 3) : [];
  const adjustments: Product = {
    origins_of_ingredients: origins,
    packaging: { value: -15, warning: "packaging_data_missing" },
    production_system: labels.length > 0 ? { labels, value: 15 } : { labels: [], value: 0, warning: "no_label" },
    threatened_species: product.ingredients === undefined ? { warning: "ingredients_missing" } : {},
  };
  if (category === undefined || !random.chance(Math.min(0.9, 0.3 * richness))) {
    return {
      adjustments,
      agribalyse: { warning: "missing_agribalyse_match" },
      grade: "unknown",
      missing: { agb_category: 1, labels: 1, origins: 1, packagings: 1 },
      missing_agribalyse_match_warning: 1,
      missing_key_data: 1,
      status: "unknown",
    };
  }
  const score = random.between(5, 95);
  const grade = score >= 80 ? "a" : score >= 60 ? "b" : score >= 40 ? "c" : score >= 20 ? "d" : "e";
  const code = String(random.between(1000, 99999));
  const stage = () => round(random.real(0, 1.5), 3);
  return {
    adjustments,
    agribalyse: {
      agribalyse_food_code: code,
      co2_agriculture: stage(),
      co2_consumption: 0,
      co2_distribution: stage(),
      co2_packaging: stage(),
      co2_processing: stage(),
      co2_total: round(random.real(0.5, 12), 2),
      co2_transportation: stage(),
      code,
      dqr: String(round(random.real(1, 5), 6)),
      ef_agriculture: stage(),
      ef_consumption: 0,
      ef_distribution: stage(),
      ef_packaging: stage(),
      ef_processing: stage(),
      ef_total: round(random.real(0.05, 2), 3),
      ef_transportation: stage(),
      is_beverage: product.nutrition_score_beverage === 1 ? 1 : 0,
      name_en: category.slice(3).replace(/-/g, " "),
      name_fr: category.slice(3).replace(/-/g, " "),
      score: score + 10,
      version: "3.2",
    },
    grade,
    grades: perCountry(() => grade),
    missing: { origins: 1, packagings: 1 },
    missing_data_warning: 1,
    score,
    scores: perCountry(() => score),
    status: "known",
  };
}

/** Ingredients of `lang` from the catalog, as `count` sub-ingredients of a composite ingredient. */
function subIngredients(random: Random, catalog: Catalog, lang: Language, count: number): Product[] {
  const list = catalog.ingredients[lang];
  const out: Product[] = [];
  let remaining = 100;
  for (let i = 0; i < count; i++) {
    const [name] = list[random.int(list.length)] as readonly [string, string];
    const estimate = i === count - 1 ? remaining : round(remaining * random.real(0.3, 0.7), 6);
    remaining -= estimate;
    const item: Product = {
      id: `${lang}:${slug(name)}`,
      is_in_taxonomy: 0,
      percent_estimate: estimate,
      percent_max: round(100 / (i + 1), 6),
      percent_min: 0,
      text: name,
    };
    if (random.chance(0.5)) item.ciqual_proxy_food_code = String(random.between(10000, 99999));
    if (random.chance(0.4)) item.ecobalyse_code = uuid(random);
    out.push(item);
  }
  return out;
}

/** A product name and ingredient list in another of the catalog's languages. */
function translation(random: Random, catalog: Catalog, lang: Language, ingredientCount: number): [string, string] {
  const name = [random.pick(catalog.qualifiers[lang]), random.pick(catalog.flavours[lang])].join(" ");
  const list = catalog.ingredients[lang];
  const items: string[] = [];
  for (let i = 0; i < ingredientCount; i++) items.push((list[random.int(list.length)] as readonly [string, string])[0]);
  return [name, items.join(", ").replace(/^./, (c) => c.toUpperCase())];
}

function nutrientLevels(nutriments: Record<string, unknown>): Record<string, string> {
  const levels: Record<string, string> = {};
  const thresholds: ReadonlyArray<readonly [string, number, number]> = [
    ["fat", 3, 20],
    ["saturated-fat", 1.5, 5],
    ["sugars", 5, 12.5],
    ["salt", 0.3, 1.5],
  ];
  for (const [nid, low, high] of thresholds) {
    const value = nutriments[`${nid}_100g`];
    if (typeof value !== "number") continue;
    levels[nid] = value <= low ? "low" : value > high ? "high" : "moderate";
  }
  return levels;
}

function codesTags(code: string): string[] {
  const tags = [`code-${code.length}`];
  for (let keep = code.length - 3; keep >= 1; keep--) tags.push(code.slice(0, keep) + "x".repeat(code.length - keep));
  return tags;
}

/**
 * Below this drawn size, a product is one of the dump's sparse records: often no ingredient list or no
 * nutrition facts (about half of OFF's products lack one or the other), few other fields.
 */
const SPARSE_BELOW = 7000;
const SPARSE_FIELDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(ingredients_text|allergens|traces|nova_group)/, 0.75],
  [/^(nutriments|nutrition_data_per|serving_)/, 0.7],
  [/^(labels|stores|origins|emb_codes|generic_name)/, 0.6],
  [/^packaging$/, 0.6],
];

/** Removes groups of contributor fields from a raw product, as a sparse record lacks them. */
function sparse(random: Random, raw: Product): void {
  for (const [fields, p] of SPARSE_FIELDS) {
    if (!random.chance(p)) continue;
    for (const key of Object.keys(raw)) if (fields.test(key)) delete raw[key];
  }
  const present = ["product_name", "brands", "quantity", "categories", "labels", "ingredients_text", "nutriments"];
  const completeness = present.filter((key) => raw[key] !== undefined).length / present.length;
  raw.completeness = round(completeness, 4);
  raw.complete = completeness === 1 ? 1 : 0;
}

/** Which of OFF's schema versions a product is written in: 1 in 4 at 1003, a few at 1001/1002. */
function schemaVersionDraw(random: Random): number | undefined {
  const u = random.next();
  if (u < 0.25) return 1003;
  if (u < 0.3) return 1002;
  if (u < 0.35) return 1001;
  return undefined;
}

/**
 * Product `index` of the data set of `seed` in the realistic profile. Its size is drawn first (log-normal,
 * see TARGET_*); the fields every record has are set, then the product grows by what makes rich records
 * rich (pictures, languages, composite ingredients) until it reaches its size. Products whose own
 * fields already weigh more stay as they are: that is the floor of the distribution.
 */
export function realisticProduct(catalog: Catalog, seed: number, index: number, ctx: EnrichmentContext): Product {
  // A stream of its own, so that the contributor's fields are those of the small profile.
  const random = new Random(streamSeed(seed ^ 0x5bd1e995, index));
  const target = Math.exp(TARGET_MU + TARGET_SIGMA * normal(random));
  const raw = rawProduct(catalog, seed, index);
  if (target < SPARSE_BELOW) sparse(random, raw);
  const product = enrichProduct(raw, ctx);
  /** About 1 for a median product, 3 for one at the 95th percentile. */
  const richness = target / Math.exp(TARGET_MU);
  const lang = product.lang as Language;
  const createdT = product.created_t as number;
  const modifiedT = product.last_modified_t as number;
  const ingredientCount = Array.isArray(product.ingredients) ? product.ingredients.length : 0;

  // Rich products list more nutrients (vitamins, minerals, fat details), with OFF's `_value` keys.
  if (isRecord(product.nutriments) && typeof product.nutriments.fat_100g === "number") {
    const nutriments = product.nutriments;
    for (const [nid, typical, unit] of EXTRA_NUTRIENTS.slice(0, Math.floor(random.next() * richness * 5))) {
      const value = Number((typical * random.real(0.2, 2)).toPrecision(3));
      nutriments[nid] = value;
      nutriments[`${nid}_100g`] = value;
      nutriments[`${nid}_unit`] = unit;
    }
    for (const key of Object.keys(nutriments)) {
      const m = /^(.+)_100g$/.exec(key);
      if (m !== null && typeof nutriments[key] === "number") nutriments[`${m[1]}_value`] = nutriments[key];
    }
    product.nutrient_levels = nutrientLevels(nutriments);
    product.nutrient_levels_tags = Object.entries(product.nutrient_levels as Record<string, string>).map(
      ([nid, level]) => `en:${nid}-in-${level}-quantity`,
    );
  }
  if (Array.isArray(product.ingredients)) {
    for (const ingredient of product.ingredients as unknown[]) {
      if (!isRecord(ingredient)) continue;
      if (random.chance(0.6)) ingredient.ciqual_food_code = String(random.between(10000, 99999));
      if (random.chance(0.35)) ingredient.ecobalyse_code = uuid(random);
    }
  }

  const components = packagings(random, richness);
  product.packagings = components;
  product.packagings_complete = components.length > 0 && random.chance(0.3) ? 1 : 0;
  if (components.length > 0) {
    product.packaging_materials_tags = [...new Set(components.map((c) => c.material as string))].sort();
    product.packaging_shapes_tags = [...new Set(components.map((c) => c.shape as string))].sort();
    product.packaging_recycling_tags = [
      ...new Set(components.flatMap((c) => (c.recycling ? [c.recycling as string] : []))),
    ].sort();
    product.packagings_materials = { all: {}, ...Object.fromEntries(components.map((c) => [c.material, {}])) };
  }
  product.packagings_n = components.length;

  product.environmental_score_data = environmentalScoreData(random, product, richness);
  const envData = product.environmental_score_data as Product;
  product.environmental_score_grade = envData.grade;
  if (typeof envData.score === "number") product.environmental_score_score = envData.score;
  product.environmental_score_tags = [envData.grade];

  const states = STATES.map(([state, p]) => `en:${state}-${random.chance(p) ? "completed" : "to-be-completed"}`);
  states.unshift(states.some((s) => s.endsWith("to-be-completed")) ? "en:to-be-completed" : "en:complete");
  product.states = states.join(", ");
  product.states_tags = states;
  product.states_hierarchy = states;
  // Sparse products have fewer checks that apply to them.
  const checked = Math.min(1, 0.25 + 0.35 * richness);
  const warnings = DATA_QUALITY_WARNINGS.filter(() => random.chance(0.35 * checked));
  const info = DATA_QUALITY_INFO.filter(() => random.chance(0.45 * checked));
  const completeness = COMPLETENESS.filter(() => random.chance(0.4 * checked));
  product.data_quality_warnings_tags = warnings;
  product.data_quality_info_tags = info;
  product.data_quality_completeness_tags = completeness;
  product.data_quality_bugs_tags = [];
  product.data_quality_errors_tags = [];
  product.data_quality_tags = [...info, ...warnings];
  product.codes_tags = codesTags(product.code as string);
  product.interface_version_created = random.pick([
    "20120622",
    "20150316.jqm2",
    "20190830",
    "import_csv_file - version 2019/03/14",
  ]);
  product.interface_version_modified = "20150316.jqm2";
  product.update_key = random.pick(["key_1745586000", "ecoscore20250101", "nutriscore2023"]);
  product.unknown_nutrients_tags = [];
  if (random.chance(0.15)) {
    product.sources = [
      {
        fields: ["product_name", "brands", "countries", "ingredients_text", "nutrients.energy", "nutrients.fat"],
        id: random.pick(["usda-ndb", "agena3000", "equadis", "systeme-u"]),
        images: [],
        import_t: createdT,
        manufacturer: random.chance(0.5) ? "1" : "0",
        url: null,
      },
    ];
  }

  // The small fields every record of the dump carries (test/fixtures/off-products-2026.jsonl).
  const contributors = Array.isArray(product.editors_tags) ? (product.editors_tags as string[]) : [];
  const categorised = Array.isArray(product.categories_tags) && product.categories_tags.length > 0;
  const foodGroup = categorised ? random.pick(PNNS_GROUPS) : (["unknown", "unknown"] as const);
  Object.assign(product, {
    id: product.code,
    product_type: "food",
    pnns_groups_1: foodGroup[0],
    pnns_groups_1_tags: [slug(foodGroup[0]), categorised ? "known" : "missing-association"],
    pnns_groups_2: foodGroup[1],
    pnns_groups_2_tags: [slug(foodGroup[1]), categorised ? "known" : "missing-association"],
    food_groups_tags: categorised ? [`en:${slug(foodGroup[0])}`, `en:${slug(foodGroup[1])}`] : [],
    informers_tags: contributors.slice(0, 3),
    correctors_tags: contributors.slice(1),
    photographers_tags: contributors.slice(0, 2),
    checkers_tags: [],
    ingredients_from_palm_oil_tags: [],
    ingredients_that_may_be_from_palm_oil_tags: [],
    vitamins_prev_tags: [],
    minerals_prev_tags: [],
    amino_acids_tags: [],
    amino_acids_prev_tags: [],
    nucleotides_tags: [],
    nucleotides_prev_tags: [],
    other_nutritional_substances_tags: [],
    ecoscore_tags: [envData.grade],
    added_countries_tags: [],
    removed_countries_tags: [],
    main_countries_tags: [],
    category_properties: {},
    categories_properties: {},
    categories_properties_tags: categorised
      ? ["all-products", "categories-known", "agribalyse-food-code-unknown", "ciqual-food-code-unknown"]
      : ["all-products", "categories-unknown", "agribalyse-food-code-unknown", "agribalyse-proxy-food-code-unknown"],
    ciqual_food_name_tags: ["unknown"],
    nutrition_score_debug: "",
    nova_group_debug: "",
    ingredients_text_debug: typeof product.ingredients_text === "string" ? product.ingredients_text : "",
  });

  // Growth to the drawn size: pictures, languages and composite ingredients, in turns.
  let size = Buffer.byteLength(JSON.stringify(product));
  const languages = [lang as string];
  const textLanguages = LANGUAGES.filter((l) => l !== lang);
  const flat: Product = {};
  let uploaded = 0;
  const add = (target: Product, key: string, value: unknown) => {
    target[key] = value;
    size += entryBytes(key, value);
  };
  const ingredients = Array.isArray(product.ingredients) ? (product.ingredients as unknown[]).filter(isRecord) : [];
  let composite = 0;
  let opened = 0;
  // One product in ten has no picture.
  const pictured = random.chance(0.9);
  if (pictured) {
    // Its front picture at least, selected for the main language.
    size += entryBytes("images", {}) + entryBytes("max_imgid", "1");
    add(flat, String(++uploaded), uploadedImage(random, createdT, modifiedT));
    add(flat, `front_${lang}`, selectedImage(random, uploaded));
  }
  for (let turn = 0; size < target && turn < 400; turn++) {
    const choice = random.next();
    if (choice < 0.18 && textLanguages.length > 0) {
      const other = textLanguages.splice(random.int(textLanguages.length), 1)[0] as Language;
      const [name, text] = translation(random, catalog, other, Math.max(3, Math.round(ingredientCount * 1.5)));
      add(product, `product_name_${other}`, name);
      if (ingredientCount > 0) {
        add(product, `ingredients_text_${other}`, text);
        if (random.chance(0.5)) add(product, `ingredients_text_with_allergens_${other}`, text);
      }
      if (random.chance(0.3)) add(product, `generic_name_${other}`, name);
      languages.push(other);
    } else if (choice < 0.24 && opened < OTHER_LANGUAGES.length) {
      // A language opened on the product and left empty (or filled with a copy), as OFF keeps them.
      const other = OTHER_LANGUAGES[(index + opened++) % OTHER_LANGUAGES.length] as string;
      const copy = random.chance(0.15) && typeof product.product_name === "string";
      add(product, `product_name_${other}`, copy ? product.product_name : "");
      add(product, `generic_name_${other}`, "");
      add(product, `ingredients_text_${other}`, "");
      if (copy) languages.push(other);
    } else if (choice < 0.34 && composite < Math.min(4, ingredients.length)) {
      const ingredient = ingredients[composite++] as Product;
      add(ingredient, "ingredients", subIngredients(random, catalog, lang, random.between(2, 6)));
    } else if (pictured) {
      uploaded++;
      add(flat, String(uploaded), uploadedImage(random, createdT, modifiedT));
      const lc = random.chance(0.6) ? lang : random.pick(languages);
      const type = random.pick(IMAGE_TYPES);
      if (random.chance(0.6) && flat[`${type}_${lc}`] === undefined) {
        add(flat, `${type}_${lc}`, selectedImage(random, uploaded));
      }
    } else if (textLanguages.length === 0 && opened >= OTHER_LANGUAGES.length && composite >= ingredients.length) {
      break;
    }
  }
  if (uploaded > 0) {
    product.images = flat;
    product.max_imgid = String(uploaded);
  }

  const codes: Record<string, number> = {};
  for (const lc of languages)
    codes[lc] = Object.keys(product).filter((k) => k.endsWith(`_${lc}`) && product[k] !== "").length;
  product.languages_codes = codes;
  product.languages_hierarchy = languages.map((lc) => `en:${LANGUAGE_NAMES[lc] ?? lc}`);
  product.languages_tags = [...(product.languages_hierarchy as string[]), `en:${languages.length}`];
  product.languages = Object.fromEntries(languages.map((lc) => [`en:${LANGUAGE_NAMES[lc] ?? lc}`, codes[lc]]));

  const version = schemaVersionDraw(random);
  if (version === undefined) return product;
  return convertProductSchema(product, version, { taxonomies: ctx.taxonomies, now: modifiedT });
}
