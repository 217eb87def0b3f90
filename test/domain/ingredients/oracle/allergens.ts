/**
 * OFF's `tests/unit/allergens.t` (openfoodfacts-server @01c8608c) and its expected results
 * (`tests/unit/expected_test_results/allergens/<name>.json`, at the commit given per case): the en, fr
 * and de cases whose expected files were read. `allergens_tags` and `traces_tags` copied from OFF's files.
 */
export interface AllergensCase {
  name: string;
  commit: string;
  product: { lc: string; text?: string; allergens?: string; traces?: string };
  allergens: string[];
  traces: string[];
}

export const ALLERGENS_CASES: AllergensCase[] = [
  {
    name: "fr-basic-allergens",
    commit: "91195193",
    product: {
      lc: "fr",
      text: "Eau, LAIT, farine de BLE, sucre, sel, _oeufs_, moutarde, _crustacés_, fruits à coque, _céleri_, POISSON, crème de cassis. Contient mollusques. Peut contenir des traces d'arachide, de _soja_, de LUPIN, et de sésame ",
    },
    allergens: [
      "en:celery",
      "en:crustaceans",
      "en:eggs",
      "en:fish",
      "en:gluten",
      "en:milk",
      "en:molluscs",
      "en:mustard",
      "en:nuts",
    ],
    traces: ["en:lupin", "en:peanuts", "en:sesame-seeds", "en:soybeans"],
  },
  {
    name: "fr-ingredients-allergens",
    commit: "e7f00956",
    product: { lc: "fr", text: "Farine (blé), graines [sésame], condiments (moutarde), sucre de canne, lait de coco" },
    allergens: ["en:gluten", "en:mustard", "en:sesame-seeds"],
    traces: [],
  },
  {
    name: "fr-multiple-allergens",
    commit: "9fcb62ac",
    product: {
      lc: "fr",
      text: "Farine de blé et de lupin, épices (soja, moutarde et céleri), crème de cassis, traces de fruits à coques, d'arachide et de poisson",
    },
    allergens: ["en:celery", "en:gluten", "en:lupin", "en:mustard", "en:soybeans"],
    traces: ["en:fish", "en:nuts", "en:peanuts"],
  },
  {
    name: "fr-traces",
    commit: "483ed8fd",
    product: {
      lc: "fr",
      text: "Traces éventuelles de céréales contenant du gluten, fruits à coques, arachide, soja et oeuf.",
    },
    allergens: [],
    traces: ["en:eggs", "en:gluten", "en:nuts", "en:peanuts", "en:soybeans"],
  },
  {
    name: "fr-noix-saint-jacques",
    commit: "dbb41283",
    product: { lc: "fr", text: "Noix de Saint-Jacques" },
    allergens: ["en:molluscs"],
    traces: [],
  },
  {
    name: "fr-saint-jacques",
    commit: "dbb41283",
    product: { lc: "fr", text: "Saint Jacques" },
    allergens: ["en:molluscs"],
    traces: [],
  },
  {
    name: "fr-farine-ble",
    commit: "69729e15",
    product: { lc: "fr", text: "Farine de blé 97%" },
    allergens: ["en:gluten"],
    traces: [],
  },
  {
    name: "fr-farine-ble-sulfites",
    commit: "82680139",
    product: { lc: "fr", text: "Farine de blé 97%", allergens: "Sulfites" },
    allergens: ["en:gluten", "en:sulphur-dioxide-and-sulphites"],
    traces: [],
  },
  {
    name: "fr-moutarde-ble-traces-oeufs",
    commit: "9fcb62ac",
    product: {
      lc: "fr",
      text: "farine de graines de moutarde, 100 % semoule de BLE dur de qualité supérieure Traces éventuelles d'oeufs",
    },
    allergens: ["en:gluten", "en:mustard"],
    traces: ["en:eggs"],
  },
  {
    name: "fr-allergens-field-only",
    commit: "64120012",
    product: { lc: "fr", allergens: "Lait de vache, autres fruits à coque, autres céréales contenant du gluten" },
    allergens: ["en:gluten", "en:milk", "en:nuts"],
    traces: [],
  },
  {
    name: "fr-allergens-markup",
    commit: "a314e4f0",
    product: { lc: "fr", text: "Eau, BLE, _CELERI_, __GLUTEN__, _poisson_, FRAISE, _banane_, lupin, _mollusque_" },
    allergens: ["en:celery", "en:fish", "en:gluten", "en:lupin", "en:molluscs", "fr:banane"],
    traces: [],
  },
  {
    name: "fr-salmon-not-highlighted",
    commit: "9fcb62ac",
    product: { lc: "fr", text: "Filet de saumon sauvage certifié MSC, pêché en Pacifique Nord-est (100%)" },
    allergens: [],
    traces: [],
  },
  {
    name: "en-oat-flakes",
    commit: "4efcdc5e",
    product: { lc: "en", text: "Whole Grain Oat Flakes (65.0%)" },
    allergens: [],
    traces: [],
  },
  {
    name: "de-underscores",
    commit: "b33a991d",
    product: {
      lc: "de",
      text: "Seitan 65% (_Weizen_eiweiß, Wasser), Rapsöl, Kidneybohnen, _Dinkel_vollkornmehl (_Weizen_art), Apfelessig, Gewürze, Tomatenmark, _Soja_soße (Wasser, _Soja_bohnen, Salz, _Weizen_mehl), Kartoffelstärke, Salz.",
    },
    allergens: ["en:gluten", "en:soybeans"],
    traces: [],
  },
];
