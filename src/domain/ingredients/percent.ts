/**
 * Percent estimation (INGREDIENTS.md §5): `[percent_min, percent_max]` bounds from list order and the
 * stated percents, by forward and backward passes, then `percent_estimate`. A port that keeps OFF's
 * arithmetic order, so that the doubles are the same as OFF's.
 */
import type { Taxonomy } from "../taxonomy/types.js";
import type { ParsedIngredient } from "./types.js";

/** OFF bails out after this many passes (a 6th pass always fails). */
const MAX_PASSES = 5;
const TOLERANCE = 0.1;

type Mode = "scale_percents" | "scale_grams" | "relative" | "absolute";

interface Bounded extends ParsedIngredient {
  percent_min: number;
  percent_max: number;
}

function bounded(list: ParsedIngredient[]): Bounded[] {
  return list as Bounded[];
}

function percentMaxOf(ingredients: Taxonomy | undefined, id: string): number | undefined {
  const value = ingredients?.inheritedProperty(id, "percent_max:en")?.value;
  if (value === undefined) return undefined;
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : undefined;
}

/** `percent_max:en` of the taxonomy (flavourings ≤ 5%), never for the first ingredient (§5). */
function setPercentMaxFromTaxonomy(list: ParsedIngredient[], ingredients: Taxonomy | undefined): void {
  const first = list[0];
  if (first === undefined || percentMaxOf(ingredients, first.id) !== undefined) return;
  let highest = 0;
  for (let idx = list.length - 1; idx >= 1; idx--) {
    const x = list[idx] as ParsedIngredient;
    if (x.percent !== undefined) {
      highest = Math.max(highest, x.percent);
    } else {
      const max = percentMaxOf(ingredients, x.id);
      if (max !== undefined && max >= highest) x.percent_max = max;
    }
  }
  // Drop a cap that would stop the list from reaching 100%.
  let remaining = 100;
  for (const x of list) {
    if (x.percent === undefined) {
      if (x.percent_max !== undefined && x.percent_max < remaining) delete x.percent_max;
      break;
    }
    remaining -= x.percent;
  }
}

function init(min: number, max: number, list: ParsedIngredient[], ingredients: Taxonomy | undefined): void {
  if (max === 100) setPercentMaxFromTaxonomy(list, ingredients);
  let percentSum = 0;
  let allPercent = true;
  let gramsSum = 0;
  let allGrams = true;
  for (const x of list) {
    if (x.percent !== undefined) percentSum += x.percent;
    else allPercent = false;
    if (x.quantity_g !== undefined) gramsSum += x.quantity_g;
    else allGrams = false;
  }
  let mode: Mode = "absolute";
  if (min === max && allPercent && percentSum > 0) mode = "scale_percents";
  else if (min === max && allGrams && gramsSum > 0) mode = "scale_grams";
  else if (percentSum > max) mode = "relative";

  for (const x of list) {
    if ((x.percent !== undefined && x.percent > 0) || mode === "scale_grams") {
      let p: number;
      if (mode === "scale_percents") {
        p = ((x.percent as number) * max) / percentSum;
      } else if (mode === "scale_grams") {
        p = ((x.quantity_g as number) * max) / gramsSum;
      } else if (mode === "absolute" || min === max) {
        p = mode === "absolute" ? (x.percent as number) : ((x.percent as number) * max) / 100;
      } else {
        x.percent_min = ((x.percent as number) * min) / 100;
        x.percent_max = ((x.percent as number) * max) / 100;
        delete x.percent;
        continue;
      }
      x.percent = p;
      x.percent_min = p;
      x.percent_max = p;
    } else {
      if (x.percent_min === undefined) x.percent_min = 0;
      if (x.percent_max === undefined || x.percent_max > max) x.percent_max = max;
    }
  }
}

function setMax(min: number, max: number, list: Bounded[]): number {
  let changed = 0;
  let currentMax = max;
  let minsBefore = 0;
  let maxsBefore = 0;
  const n = list.length;
  for (let i = 1; i <= n; i++) {
    const x = list[i - 1] as Bounded;
    if (x.percent_max > currentMax) {
      x.percent_max = currentMax;
      changed++;
    } else {
      currentMax = x.percent_max;
    }
    let minsAfter = 0;
    for (let m = i + 1; m <= n; m++) minsAfter += (list[m - 1] as Bounded).percent_min;
    const cap = max - minsBefore - minsAfter;
    if (cap >= 0 && x.percent_max > cap) {
      x.percent_max = cap;
      changed++;
    }
    if (i > 2) {
      // The j ingredients before this one are at least as big as it.
      for (let j = 2; j + 1 < i; j++) {
        let capJ = max - minsBefore;
        for (let k = j; k + 1 < i; k++) capJ += (list[i - k] as Bounded).percent_min;
        capJ = capJ / j;
        if (x.percent_max > capJ + TOLERANCE) {
          x.percent_max = capJ;
          changed++;
        }
      }
    }
    const need = (min - maxsBefore) / (1 + n - i);
    if (x.percent_min < need - TOLERANCE) {
      if (need > min || need > x.percent_max) return -1;
      x.percent_min = need;
      changed++;
    }
    minsBefore += x.percent_min;
    maxsBefore += x.percent_max;
  }
  return changed;
}

function setMin(min: number, max: number, list: Bounded[]): number {
  let changed = 0;
  let currentMin = 0;
  let minsAfter = 0;
  let maxsAfter = 0;
  const n = list.length;
  for (let i = 1; i <= n; i++) {
    const x = list[n - i] as Bounded;
    if (x.percent_min < currentMin) {
      x.percent_min = currentMin;
      changed++;
    } else {
      currentMin = x.percent_min;
    }
    const cap = (max - minsAfter) / (1 + n - i);
    if (x.percent_max > cap + TOLERANCE) {
      if (cap > max || cap < x.percent_min) return -1;
      x.percent_max = cap;
      changed++;
    }
    let maxsBefore = 0;
    for (let m = 0; m < n - i; m++) maxsBefore += (list[m] as Bounded).percent_max;
    const need = min - maxsBefore - maxsAfter;
    if (need > 0 && x.percent_min < need - TOLERANCE) {
      if (need > min || need > x.percent_max) return -1;
      x.percent_min = need;
      changed++;
    }
    minsAfter += x.percent_min;
    maxsAfter += x.percent_max;
  }
  return changed;
}

function setSub(list: Bounded[], ingredients: Taxonomy | undefined): number {
  let changed = 0;
  for (const x of list) {
    if (x.ingredients === undefined || x.ingredients.length === 0) continue;
    // (parity) a -1 of one child is added to the other changes, as OFF does.
    changed += computeMinMax(x.percent_min, x.percent_max, x.ingredients, ingredients);
    let subMin = 0;
    let subMax = 0;
    for (const sub of bounded(x.ingredients)) {
      subMin += sub.percent_min;
      subMax += sub.percent_max;
    }
    if (x.percent_min < subMin - TOLERANCE) {
      x.percent_min = subMin;
      changed++;
    }
    if (x.percent_max > subMax + TOLERANCE) {
      x.percent_max = subMax;
      changed++;
    }
  }
  return changed;
}

/** `compute_ingredients_percent_min_max_values`: the number of changes, or -1 when impossible. */
export function computeMinMax(
  min: number,
  max: number,
  list: ParsedIngredient[],
  ingredients: Taxonomy | undefined,
): number {
  init(min, max, list, ingredients);
  const items = bounded(list);
  let changed = 1;
  let total = 0;
  let passes = 0;
  while (changed > 0) {
    const a = setMax(min, max, items);
    if (a < 0) return -1;
    const b = setMin(min, max, items);
    if (b < 0) return -1;
    const c = setSub(items, ingredients);
    if (c < 0) return -1;
    changed = a + b + c;
    total += changed;
    passes++;
    if (passes > MAX_PASSES) return -1;
  }
  return total;
}

function deleteMinMax(list: ParsedIngredient[]): void {
  for (const x of list) {
    delete x.percent_min;
    delete x.percent_max;
    if (x.ingredients !== undefined) deleteMinMax(x.ingredients);
  }
}

/** `compute_ingredients_percent_estimates`. */
export function computeEstimates(total: number, list: ParsedIngredient[]): void {
  let current = 0;
  const n = list.length;
  for (let i = 0; i < n; i++) {
    const x = list[i] as ParsedIngredient;
    if (i === n - 1) {
      x.percent_estimate = total - current;
    } else if (x.percent !== undefined) {
      x.percent_estimate = x.percent <= total - current ? x.percent : total - current;
    } else {
      let high = total - current;
      if (x.percent_max !== undefined && x.percent_max < high) high = x.percent_max;
      x.percent_estimate = (high + (x.percent_min ?? 0)) / 2;
    }
    current += x.percent_estimate;
    if (x.ingredients !== undefined && x.ingredients.length > 0) computeEstimates(x.percent_estimate, x.ingredients);
  }
}

/**
 * `estimate_ingredients_percent_service` steps 2 and 4: bounds, then estimates. Returns
 * `ingredients_percent_analysis` (1, or -1 when the stated percents are impossible: bounds removed).
 */
export function estimateIngredientsPercent(list: ParsedIngredient[], ingredients: Taxonomy | undefined): 1 | -1 {
  const result = computeMinMax(100, 100, list, ingredients);
  if (result < 0) deleteMinMax(list);
  computeEstimates(100, list);
  return result < 0 ? -1 : 1;
}
