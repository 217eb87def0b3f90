/**
 * OFF's `tests/unit/ingredients_nutriscore.t` (openfoodfacts-server @0795b2a5): the
 * fruits/vegetables/nuts, milk and red-meat estimates from ingredients (all French).
 */
export interface EstimateCase {
  text: string;
  expected: number | undefined;
}

export const FRUITS_CASES: EstimateCase[] = [
  { text: "", expected: undefined },
  { text: "eau, sucre, noisettes", expected: 16.6666666666667 },
  { text: "banane 50%, fraise 30%, eau", expected: 80 },
  { text: "banane 50%, gâteau (fraise 30%, framboise 5%, farine), eau", expected: 85 },
  { text: "banane, gâteau (fraise 30%, framboise 5%, farine), eau", expected: 85 },
  {
    text: "Courgette grillée 37,5%, tomate pelée 20%, poivron jaune 17%, oignon rouge grillé 8%, eau, huile d'olive vierge extra 3,9%, oignon, olive noire entière dénoyautée saumurée 2,5% (olive, eau, sel, correcteurs d'acidité : acide citrique, acide lactique), ail, basilic 0,9%, amidon de riz, sel",
    expected: 93.8,
  },
];

export const MILK_CASES: EstimateCase[] = [
  { text: "", expected: undefined },
  { text: "lait", expected: 100 },
  { text: "lait entier", expected: 100 },
  { text: "lait frais", expected: 100 },
  { text: "lait de vache", expected: 100 },
  { text: "lait pasteurisé", expected: 100 },
  { text: "lait de coco", expected: 0 },
  { text: "lait, sucre, noisettes", expected: 66.6666666666667 },
  { text: "lait écrémé 50%, fraise 30%, eau", expected: 50 },
  { text: "banane 50%, gâteau (fraise, framboise, lait demi-écrémé), eau", expected: 7.29166666666666 },
  { text: "lait frais, gâteau (lait 30%, framboise 5%, farine), eau", expected: 80 },
];

export const RED_MEAT_CASES: EstimateCase[] = [
  { text: "", expected: undefined },
  { text: "viande de porc", expected: 100 },
  { text: "canard", expected: 0 },
  { text: "côte d'agneau", expected: 100 },
  { text: "jambon de porc 50%, viande de kangourou 20%, eau", expected: 70 },
];
