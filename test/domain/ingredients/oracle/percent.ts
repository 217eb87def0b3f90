/**
 * OFF's `tests/unit/ingredients_percent.t` and its expected results
 * (`tests/unit/expected_test_results/ingredients_percent/<name>.json`, at the commit given per case):
 * the en, fr and es cases. Expected trees copied from OFF's files (id, percent, min, max, estimate;
 * `max` "5" is a string in OFF's JSON, from the taxonomy, compared as a number here).
 */
export interface PercentNode {
  id: string;
  percent?: number;
  min?: number;
  max?: number;
  estimate: number;
  sub?: PercentNode[];
}

export interface PercentCase {
  name: string;
  commit: string;
  lc: string;
  text: string;
  expected: PercentNode[];
}

const n = (
  id: string,
  estimate: number,
  min?: number,
  max?: number,
  percent?: number,
  sub?: PercentNode[],
): PercentNode => ({
  id,
  estimate,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
  ...(percent === undefined ? {} : { percent }),
  ...(sub === undefined ? {} : { sub }),
});

export const PERCENT_CASES: PercentCase[] = [
  { name: "sugar", commit: "4a8105f7", lc: "en", text: "sugar", expected: [n("en:sugar", 100, 100, 100)] },
  {
    name: "sugar-milk",
    commit: "11b84e68",
    lc: "en",
    text: "sugar, milk",
    expected: [n("en:sugar", 75, 50, 100), n("en:milk", 25, 0, 50)],
  },
  {
    name: "sugar-milk-water",
    commit: "48be4584",
    lc: "en",
    text: "sugar, milk, water",
    expected: [
      n("en:sugar", 66.6666666666667, 33.3333333333333, 100),
      n("en:milk", 16.6666666666667, 0, 50),
      n("en:water", 16.6666666666667, 0, 33.3333333333333),
    ],
  },
  {
    name: "sugar-90-percent-milk",
    commit: "9f9f4a18",
    lc: "en",
    text: "sugar 90%, milk",
    expected: [n("en:sugar", 90, 90, 90, 90), n("en:milk", 10, 10, 10)],
  },
  {
    name: "sugar-milk-10-percent",
    commit: "92024f28",
    lc: "en",
    text: "sugar, milk 10%",
    expected: [n("en:sugar", 90, 90, 90), n("en:milk", 10, 10, 10, 10)],
  },
  {
    name: "sugar-milk-10-percent-water",
    commit: "e773b403",
    lc: "en",
    text: "sugar, milk 10%, water",
    expected: [n("en:sugar", 85, 80, 90), n("en:milk", 10, 10, 10, 10), n("en:water", 5, 0, 10)],
  },
  {
    name: "sugar-water-milk-10-percent",
    commit: "45e6d853",
    lc: "en",
    text: "sugar, water, milk 10%",
    expected: [n("en:sugar", 62.5, 45, 80), n("en:water", 23.75, 10, 45), n("en:milk", 13.75, 10, 10, 10)],
  },
  {
    name: "chocolate-1-sub-ingredient",
    commit: "fcbc0953",
    lc: "en",
    text: "chocolate (cocoa)",
    expected: [n("en:chocolate", 100, 100, 100, undefined, [n("en:cocoa", 100, 100, 100)])],
  },
  {
    name: "chocolate-2-sub-ingredients",
    commit: "2c377a5f",
    lc: "en",
    text: "chocolate (cocoa, sugar), milk",
    expected: [
      n("en:chocolate", 75, 50, 100, undefined, [n("en:cocoa", 50, 25, 100), n("en:sugar", 25, 0, 50)]),
      n("en:milk", 25, 0, 50),
    ],
  },
  {
    name: "chocolate-sub-sub-ingredients",
    commit: "bc45adb6",
    lc: "en",
    text: "chocolate (cocoa [cocoa paste 70%, cocoa butter], sugar)",
    expected: [
      n("en:chocolate", 100, 100, 100, undefined, [
        n("en:cocoa", 85, 70, 100, undefined, [n("en:cocoa-paste", 70, 70, 70, 70), n("en:cocoa-butter", 15, 0, 30)]),
        n("en:sugar", 15, 0, 30),
      ]),
    ],
  },
  {
    name: "impossible-values-infinte-loop-bug",
    commit: "e773b403",
    lc: "fr",
    text: "beurre de cacao (15%), sucre [10%], protéines de lait, oeuf 1%",
    expected: [
      n("en:cocoa-butter", 15, undefined, undefined, 15),
      n("en:sugar", 10, undefined, undefined, 10),
      n("en:milk-proteins", 37.5),
      n("en:egg", 37.5, undefined, undefined, 1),
    ],
  },
  {
    name: "impossible-values-sub-ingredients",
    commit: "0a5cebbc",
    lc: "fr",
    text: "farine (12%), chocolat (beurre de cacao (15%), sucre [10%], protéines de lait, oeuf 1%)",
    expected: [
      n("en:flour", 12, undefined, undefined, 12),
      n("en:chocolate", 88, undefined, undefined, undefined, [
        n("en:cocoa-butter", 15, undefined, undefined, 15),
        n("en:sugar", 10, undefined, undefined, 10),
        n("en:milk-proteins", 31.5),
        n("en:egg", 31.5, undefined, undefined, 1),
      ]),
    ],
  },
  {
    name: "flour-chocolate-egg",
    commit: "b5b90e29",
    lc: "en",
    text: "Flour, chocolate (cocoa, sugar, soy lecithin), egg",
    expected: [
      n("en:flour", 66.6666666666667, 33.3333333333333, 100),
      n("en:chocolate", 16.6666666666667, 0, 50, undefined, [
        n("en:cocoa", 8.33333333333333, 0, 50),
        n("en:sugar", 4.16666666666667, 0, 25),
        n("en:soya-lecithin", 4.16666666666667, 0, 16.6666666666667),
      ]),
      n("en:egg", 16.6666666666667, 0, 33.3333333333333),
    ],
  },
  {
    name: "propagate-max-percent",
    commit: "cb019094",
    lc: "en",
    text: "Beans (52%), Tomatoes (33%), Water, Sugar, Cornflour, Salt, Spirit Vinegar",
    expected: [
      n("en:beans", 52, 52, 52, 52),
      n("en:tomato", 33, 33, 33, 33),
      n("en:water", 9, 3, 15),
      n("en:sugar", 3, 0, 7.5),
      n("en:corn-flour", 1.5, 0, 5),
      n("en:salt", 0.75, 0, 3.75),
      n("en:spirit-vinegar", 0.75, 0, 3),
    ],
  },
  {
    name: "minimum-percent",
    commit: "0bd35d3f",
    lc: "es",
    text: "Leche. Cacao: 27% mínimo",
    expected: [n("en:milk", 73, 73, 73), n("en:cocoa", 27, 27, 27, 27)],
  },
  {
    name: "scale-percents-when-sum-greater-than-100",
    commit: "86901c18",
    lc: "es",
    text: "Leche min 12.2%, Cacao: min 7%, Avellanas (mínimo 0,8%)",
    expected: [n("en:milk", 61, 61, 61, 61), n("en:cocoa", 35, 35, 35, 35), n("en:hazelnut", 4, 4, 4, 4)],
  },
  {
    name: "min-in-cumin-bug",
    commit: "3a5588e4",
    lc: "fr",
    text: "sel (min 20%), poivre (min. 10%), piment (min : 5%), cumin 0,4%, ail : 0.1%",
    expected: [
      n("en:salt", 56.3380281690141, 56.3380281690141, 56.3380281690141, 56.3380281690141),
      n("en:pepper", 28.169014084507, 28.169014084507, 28.169014084507, 28.169014084507),
      n("en:chili-pepper", 14.0845070422535, 14.0845070422535, 14.0845070422535, 14.0845070422535),
      n("en:cumin", 1.12676056338028, 1.12676056338028, 1.12676056338027, 1.12676056338028),
      n("en:garlic", 0.281690140845058, 0.28169014084507, 0.281690140845058, 0.28169014084507),
    ],
  },
  {
    name: "relative-percent",
    commit: "86901c18",
    lc: "en",
    text: "fruits 50% (apple 40%, pear 30%, cranberry, lemon), sugar",
    expected: [
      n("en:fruit", 50, 50, 50, 50, [
        n("en:apple", 20, 20, 20, 20),
        n("en:pear", 15, 15, 15, 15),
        n("en:cranberry", 11.25, 7.5, 15),
        n("en:lemon", 3.75, 0, 7.5),
      ]),
      n("en:sugar", 50, 50, 50),
    ],
  },
  {
    name: "relative-percent-with-no-percent-on-parent",
    commit: "e773b403",
    lc: "en",
    text: "water (60%), fruit concentrate (apple 40%, mango 30%, citrus)",
    expected: [
      n("en:water", 60, 60, 60, 60),
      n("en:fruit-concentrate", 40, 40, 40, undefined, [
        n("en:apple", 16, 16, 16, 16),
        n("en:mango", 12, 12, 12, 12),
        n("en:citrus-fruit", 12, 12, 12),
      ]),
    ],
  },
  {
    name: "relative-percent-with-different-percent-min-and-percent-max-on-parent",
    commit: "4bfe69a3",
    lc: "en",
    text: "water (60%), fruit concentrate (apple 40%, mango 30%, citrus), sugar",
    expected: [
      n("en:water", 60, 60, 60, 60),
      n("en:fruit-concentrate", 30, 20, 40, undefined, [
        n("en:apple", 12, 8, 16),
        n("en:mango", 9, 6, 12),
        n("en:citrus-fruit", 9, 0, 12),
      ]),
      n("en:sugar", 10, 0, 20),
    ],
  },
  {
    name: "missing-percent-not-first-or-last",
    commit: "11b84e68",
    lc: "fr",
    text: "Jus de pomme (57,3%), jus de carotte, jus de gingembre (2,5%).",
    expected: [
      n("en:apple-juice", 57.3, 57.3, 57.3, 57.3),
      n("en:carrot-juice", 40.2, 40.2, 40.2),
      n("en:ginger", 2.5, 2.5, 2.5, 2.5),
    ],
  },
  {
    name: "ingredient-with-max-percent",
    commit: "bc45adb6",
    lc: "en",
    text: "milk, flavouring",
    expected: [n("en:milk", 97.5, 95, 100), n("en:flavouring", 2.5, 0, 5)],
  },
  {
    name: "ingredient-with-max-percent-from-parent-ingredient",
    commit: "cb019094",
    lc: "en",
    text: "milk, natural flavouring",
    expected: [n("en:milk", 97.5, 95, 100), n("en:natural-flavouring", 2.5, 0, 5)],
  },
  {
    name: "ingredient-with-max-percent-is-first-ingredient",
    commit: "92024f28",
    lc: "en",
    text: "flavouring, lemon flavouring",
    expected: [n("en:flavouring", 75, 50, 100), n("en:lemon-flavouring", 25, 0, 50)],
  },
  {
    name: "ingredient-with-max-percent-but-sum-less-than-100-percent",
    commit: "bc45adb6",
    lc: "en",
    text: "milk 80%, flavouring",
    expected: [n("en:milk", 80, 80, 80, 80), n("en:flavouring", 20, 20, 20)],
  },
  {
    name: "ingredient-with-max-percent-but-lower-than-later-ingredients",
    commit: "e773b403",
    lc: "en",
    text: "milk, flavouring, sugar 10%",
    expected: [n("en:milk", 62.5, 45, 80), n("en:flavouring", 23.75, 10, 45), n("en:sugar", 13.75, 10, 10, 10)],
  },
  {
    name: "2-ingredients-with-max-percent",
    commit: "e773b403",
    lc: "en",
    text: "milk, lemon flavouring, orange flavouring",
    expected: [n("en:milk", 95, 90, 100), n("en:lemon-flavouring", 2.5, 0, 5), n("en:orange-flavouring", 2.5, 0, 5)],
  },
  {
    name: "ingredients-in-grams-with-sum-greater-than-100",
    commit: "45e6d853",
    lc: "en",
    text: "milk (160g), sugar (30g), lemon flavouring (10g)",
    expected: [n("en:milk", 80, 80, 80, 80), n("en:sugar", 15, 15, 15, 15), n("en:lemon-flavouring", 5, 5, 5, 5)],
  },
  {
    name: "ingredients-in-grams-with-sum-lesser-than-100-not-in-quantity-order",
    commit: "221ed62c",
    lc: "en",
    text: "milk (10g), fruits 30g (apples, pears), lemon flavouring (10g)",
    expected: [
      n("en:milk", 20, undefined, undefined, 20),
      n("en:fruit", 60, undefined, undefined, 60, [n("en:apple", 30), n("en:pear", 30)]),
      n("en:lemon-flavouring", 20, undefined, undefined, 20),
    ],
  },
  {
    name: "ingredients-in-grams-with-1-ingredient-missing-a-quantity",
    commit: "4bfe69a3",
    lc: "en",
    text: "milk (160g), sugar (30g), lemon flavouring",
    expected: [n("en:milk", 72.5, 45, 100), n("en:sugar", 13.75, 0, 50), n("en:lemon-flavouring", 13.75, 0, 5)],
  },
  {
    name: "illegal-division-by-zero-bug-0-percent",
    commit: "92024f28",
    lc: "fr",
    text: "légumes 0% (épices et aromates (contient oignon et safran &lt;0.1%), sel)",
    expected: [
      n("en:vegetable", 100, undefined, undefined, 0, [
        n("en:herbs-and-spices", 50, undefined, undefined, undefined, [
          n("en:onion", 25),
          n("en:e164", 25, undefined, undefined, 0.1),
        ]),
        n("en:salt", 50),
      ]),
    ],
  },
  {
    name: "ingredients-in-different-quantities",
    commit: "e773b403",
    lc: "en",
    text: "lemon 1 KG, orange juice 10cl, sugar 5g, salt 0.5mg, apple juice 1L, ice cream 100ml",
    expected: [
      n("en:lemon", 45.3514636391239, undefined, undefined, 45.3514636391239),
      n("en:orange-juice", 4.53514636391239, undefined, undefined, 4.53514636391239),
      n("en:sugar", 0.226757318195619, undefined, undefined, 0.226757318195619),
      n("en:salt", 2.26757318195619e-5, undefined, undefined, 2.26757318195619e-5),
      n("en:apple-juice", 45.3514636391239, undefined, undefined, 45.3514636391239),
      n("en:ice-cream", 4.53514636391239, undefined, undefined, 4.53514636391239),
    ],
  },
];
