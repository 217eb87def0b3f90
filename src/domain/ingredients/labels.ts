/** Labels OFF recognises in ingredient lists, shared by the preparse and parse steps. */

/** Labels recognised inside a list (INGREDIENTS.md §3.3 step 6.5), last to first. */
export const IN_LIST_LABELS: readonly string[] = [
  "en:fair-trade-organic",
  "en:organic",
  "en:fair-trade",
  "en:pgi",
  "en:pdo",
  "fr:label-rouge",
  "en:sustainable-seafood-msc",
  "en:responsible-aquaculture-asc",
  "fr:aoc",
  "en:vegan",
  "en:vegetarian",
  "nl:beter-leven-1-ster",
  "nl:beter-leven-2-ster",
  "nl:beter-leven-3-ster",
  "en:halal",
  "en:kosher",
  "en:fed-without-gmos",
  "fr:crc",
  "en:without-gluten",
  // The same label under the id of the shipped (2022) labels taxonomy, whose entry is en:no-gluten ("sans gluten").
  "en:no-gluten",
  "en:sustainable-farming",
  "en:krav",
  "en:whole-grain",
];

/**
 * Labels a symbol legend can name ("* organic"), in OFF's order (a composed label such as
 * fair-trade-organic first): the first of the labels recognised in lists, up to en:vegetarian.
 */
export const LEGEND_LABELS: readonly string[] = IN_LIST_LABELS.slice(0, IN_LIST_LABELS.indexOf("en:vegetarian") + 1);
