/**
 * OFF's `tests/unit/ingredients_tags.t` (openfoodfacts-server @f9ad4041): `ingredients_original_tags`, the
 * en, fr, de, es and it cases. Expected values copied from OFF's file. This is the version whose unknown
 * ingredients are slugs (`fr:saveur-vanille`) and whose additive classes followed by ":" are parent
 * ingredients (`en:acid`), the 2023-24 behaviour foodbase follows (INGREDIENTS.md §2.5, §3.5, §12.6).
 */
export interface TagsCase {
  lc: string;
  text: string;
  expected: string[];
}

export const INGREDIENTS_TAGS_CASES: TagsCase[] = [
  { lc: "en", text: "sugar and water", expected: ["en:sugar", "en:water"] },
  { lc: "en", text: "something and something else", expected: ["en:something-and-something-else"] },
  {
    lc: "en",
    text: "apple juice, water and sugar. May contain celery, mustard and gluten.",
    expected: ["en:apple-juice", "en:water", "en:sugar"],
  },
  { lc: "fr", text: "lait demi-écrémé 67%", expected: ["en:semi-skimmed-milk"] },
  {
    lc: "fr",
    text: "Saveur vanille : lait demi-écrémé 77%, sucre",
    expected: ["fr:saveur-vanille", "en:sugar", "en:semi-skimmed-milk"],
  },
  { lc: "fr", text: "lécithine de soja", expected: ["en:soya-lecithin"] },
  { lc: "fr", text: "sel et épices", expected: ["en:salt", "en:spice"] },
  { lc: "fr", text: "cire d'abeille blanche et jaune", expected: ["en:e901"] },
  { lc: "fr", text: "viande de porc 50% du poids total", expected: ["en:pork-meat"] },
  { lc: "fr", text: "arôme naturel", expected: ["en:natural-flavouring"] },
  {
    lc: "fr",
    text: "arôme naturel de pomme avec d'autres arômes naturels",
    expected: ["en:natural-apple-flavouring", "en:natural-flavouring"],
  },
  {
    lc: "fr",
    text: "Eau minérale naturelle Volvic (96%), sucre (3,7%), acidifiant : acide citrique, arôme naturel, extraits de thé (0,02%)",
    expected: [
      "en:volvic-natural-mineral-water",
      "en:sugar",
      "en:acid",
      "en:natural-flavouring",
      "en:tea-extract",
      "en:e330",
    ],
  },
  {
    lc: "fr",
    text: "jus de pomme, eau, sucre. Traces possibles de céleri, moutarde et gluten.",
    expected: ["en:apple-juice", "en:water", "en:sugar"],
  },
  {
    lc: "fr",
    text: "100 % semoule de BLE dur de qualité supérieure, Traces de moutarde",
    expected: ["en:superior-quality-durum-wheat-semolina"],
  },
  {
    lc: "fr",
    text: "100 % semoule de BLE dur de qualité supérieure Traces éventuelles d'oeufs",
    expected: ["en:superior-quality-durum-wheat-semolina"],
  },
  { lc: "fr", text: "Eau. Traces possibles d'oeuf et de moutarde", expected: ["en:water"] },
  {
    lc: "fr",
    text: "jus de pomme, eau, sucre, Traces possibles d'oeuf, de moutarde et gluten.",
    expected: ["en:apple-juice", "en:water", "en:sugar"],
  },
  { lc: "fr", text: "Traces de moutarde", expected: [] },
  { lc: "es", text: "Quinoa", expected: ["en:quinoa"] },
  { lc: "es", text: "aromas y antioxidante: ácido cítrico", expected: ["en:flavouring", "en:antioxidant", "en:e330"] },
  { lc: "es", text: "aromas y antioxidante", expected: ["en:flavouring", "en:antioxidant"] },
  { lc: "es", text: "manzanas 10% y naranjas 5%", expected: ["en:apple", "en:orange"] },
  {
    lc: "es",
    text: "sal y acidulante (ácido cítrico). Puede contener trazas de cacahuete, huevo y frutos de cáscara.",
    expected: ["en:salt", "en:acid", "en:e330"],
  },
  { lc: "it", text: "sale e spezie", expected: ["en:salt", "en:spice"] },
  { lc: "it", text: "Puo contenere tracce di frutta a guscio, sesamo, soia e uova", expected: [] },
  {
    lc: "de",
    text: "Zucker, Gewürze, Antioxidations-mittel: Ascorbinsäure, Konservierungsstoff: Natriumnitrit. Kann Spuren von Senf und Sellerie enthalten.",
    expected: ["en:sugar", "en:spice", "en:antioxidant", "en:preservative", "en:e300", "en:e250"],
  },
  {
    lc: "fr",
    text: "Lait de vache pasteurisé (origine: France), crème pasteurisée (origine France), sel (origine UE), ferments.",
    expected: ["en:pasteurised-cow-s-milk", "en:cream", "en:salt", "en:ferment"],
  },
  { lc: "en", text: "Organically grown green tea", expected: ["en:green-tea"] },
  {
    lc: "fr",
    text: "Céleri - rave, choux - fleurs, béta - carotène",
    expected: ["en:celeriac", "en:cauliflower", "en:e160ai"],
  },
  { lc: "fr", text: "Pâte de cacao de Madagascar, café", expected: ["en:cocoa-paste", "en:coffee"] },
  { lc: "es", text: "Vinagre, chile rojo y sal.", expected: ["en:vinegar", "en:red-chili-pepper", "en:salt"] },
  {
    lc: "fr",
    text: "Farine de blé 56 g* ; beurre concentré 25 g* (soit 30 g* en beurre reconstitué); sucre 22 g* ; œufs frais 2 g",
    expected: ["en:wheat-flour", "en:butterfat", "en:sugar", "en:fresh-egg"],
  },
  {
    lc: "fr",
    text: "Farine de blé 60%. Les pourcentages sont exprimés sur le produit avant cuisson. Sucre 40% (% exprimé sur la pâte)",
    expected: ["en:wheat-flour", "en:sugar"],
  },
  { lc: "fr", text: "Artichaut coupé", expected: ["en:artichoke"] },
  { lc: "fr", text: "Artichaut coupe", expected: ["en:artichoke"] },
  { lc: "fr", text: "Banane cuite", expected: ["en:banana"] },
  { lc: "fr", text: "Banane coupée cuite", expected: ["en:banana"] },
  { lc: "fr", text: "Fromage étrange à pâte cuite", expected: ["fr:fromage-etrange-a-pate-cuite"] },
  { lc: "fr", text: "Banane coupée et cuite au naturel", expected: ["en:banana"] },
  { lc: "fr", text: "Lamelles de bananes déshydratées", expected: ["en:banana"] },
  {
    lc: "fr",
    text: "émincé de filet de poulet traité en salaison cuit rôti, Pourcentages exprimés sur les pâtes alimentaires aux oeufs ",
    expected: ["fr:filet-de-poulet-traite-en-salaison-cuit"],
  },
  { lc: "fr", text: "sucre 22g**", expected: ["en:sugar"] },
  {
    lc: "de",
    text: "Wasser, Kohlensäure, Süßungsmittel Aspartam* und Acesulfam-K. *enthält eine Phenylalaninquelle",
    expected: ["en:water", "en:e290", "en:sweetener", "en:e951", "en:e950"],
  },
  { lc: "de", text: "Aspartam und Acesulfam-K", expected: ["en:e951", "en:e950"] },
  {
    lc: "de",
    text: "Farbstoffe (Betenrot, Paprikaextrakt, Kurkumin)",
    expected: ["en:colour", "en:e162", "en:e160c", "en:e100"],
  },
  { lc: "fr", text: "graisse végétale bio (colza)", expected: ["en:colza-oil"] },
  { lc: "fr", text: "lait cru de lapin", expected: ["fr:lait-cru-de-lapin"] },
  {
    lc: "fr",
    text: "aubergine crue, dés de jambon cru coupés, jambon de montagne cru",
    expected: ["en:aubergine", "en:raw-ham", "fr:jambon-de-montagne-cru"],
  },
  {
    lc: "en",
    text: "raw cane sugar, raw bananas, raw sliced tomatoes, cooked raw sugar",
    expected: ["en:unrefined-cane-sugar", "en:banana", "en:tomato", "en:unrefined-sugar"],
  },
  { lc: "en", text: "vegetable oil (coconut & rapeseed)", expected: ["en:vegetable-oil", "en:coconut", "en:rapeseed"] },
  { lc: "fr", text: "amidon de blé. traces de _céleri_.", expected: ["en:wheat-starch"] },
  {
    lc: "fr",
    text: "Fraises. Contient du lait et des noix. Peut contenir : crustacés, céleri et moutarde.",
    expected: ["en:strawberry"],
  },
  {
    lc: "en",
    text: "Apples. Contains: milk, nuts and mustard. May contains traces of celery.",
    expected: ["en:apple"],
  },
  {
    lc: "en",
    text: "Organic 100% juice (organic pear, organic apple), natural flavor.",
    expected: ["en:juice", "en:natural-flavouring", "en:pear", "en:apple"],
  },
  { lc: "en", text: "au jus (beef stock, water)", expected: ["en:au-jus", "en:beef-broth", "en:water"] },
  { lc: "en", text: "pure juice (orange juice)", expected: ["en:pure-juice", "en:orange-juice"] },
  { lc: "en", text: "vegan (orange juice)", expected: ["en:orange-juice"] },
  { lc: "es", text: "agua de coco e hielo", expected: ["en:coconut-water", "en:ice"] },
  { lc: "fr", text: "acide citrique E330", expected: ["en:e330"] },
  { lc: "fr", text: "E330 acide citrique", expected: ["en:e330"] },
  { lc: "en", text: "E-330 citric acid", expected: ["en:e330"] },
  { lc: "en", text: "tartrazine E-102", expected: ["en:e102"] },
  { lc: "es", text: "caramelo E-150c", expected: ["en:e150c"] },
  { lc: "fr", text: "acide citrique E120", expected: ["fr:acide-citrique-e120"] },
  {
    lc: "en",
    text: "salt, spice. allergy advice! for allergens, see ingredients in bold, water.",
    expected: ["en:salt", "en:spice", "en:water"],
  },
  {
    lc: "en",
    text: "salt, spice. allergy advice: for allergens, see ingredients in bold. May contain traces of nuts.",
    expected: ["en:salt", "en:spice"],
  },
  {
    lc: "en",
    text: "salt, spice. allergen advice: for allergens including cereals containing gluten, see ingredients in bold. May contain traces of nuts.",
    expected: ["en:salt", "en:spice"],
  },
  {
    lc: "fr",
    text: "sucre, lécithine de soja, sel. Allergènes : voir les ingrédients en gras. Traces éventuelles de gluten et de fruits à coque.",
    expected: ["en:sugar", "en:soya-lecithin", "en:salt"],
  },
  {
    lc: "fr",
    text: "72% saumon MSC, colin d'Alaska certifié MSC, Cabillaud labellisé MSC",
    expected: ["en:salmon", "en:alaska-pollock", "en:cod"],
  },
  { lc: "fr", text: "poisson ascorbique", expected: ["fr:poisson-ascorbique"] },
  { lc: "fr", text: "piment d'Espelette AOP", expected: ["en:espelette-chili-pepper"] },
  {
    lc: "fr",
    text: "huiles végétales non hydrogénées (huile de palme certifiée durable, huile de colza)",
    expected: ["en:non-hydrogenated-vegetable-oils", "en:palm-oil", "en:colza-oil"],
  },
  { lc: "fr", text: "huile de palme certifiée durable", expected: ["en:palm-oil"] },
  { lc: "fr", text: "huile de palme RSPO", expected: ["en:palm-oil"] },
  { lc: "fr", text: "Banane coupée et cuite au naturel", expected: ["en:banana"] },
];
