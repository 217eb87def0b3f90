/**
 * Shared parts of the ingredients conformance suite: the shipped taxonomies (real files, loaded once)
 * and a runner of the whole analysis on a product.
 */
import { expect } from "vitest";
import { analyzeProductIngredients, type IngredientsAnalysisResult } from "../../../src/domain/ingredients/index.js";
import type { Product } from "../../../src/domain/product.js";
import { loadTaxonomies } from "../../../src/storage/taxonomy-files.js";

export const taxonomies = loadTaxonomies();

export function analyze(product: Product): IngredientsAnalysisResult {
  const result = analyzeProductIngredients(product, taxonomies);
  if (result === undefined) throw new Error("the shipped taxonomies have no ingredients taxonomy");
  return result;
}

/** A product with `text` as the ingredient list of `lc`. */
export function withText(lc: string, text: string | undefined, extra: Product = {}): Product {
  return text === undefined ? { lc, ...extra } : { lc, [`ingredients_text_${lc}`]: text, ...extra };
}

/**
 * A case foodbase does not match: what foodbase answers instead, and why. The test asserts foodbase's
 * answer (so a change is noticed) and that it differs from OFF's.
 */
export interface Divergence<T> {
  foodbase: T;
  reason: string;
}

/** Why a divergence comes from the taxonomy snapshot rather than from foodbase's code. */
export const NEWER_OFF_TAXONOMY =
  "OFF's test ran on a newer OFF taxonomy than the shipped one (data/taxonomies/README.md: additives, allergens, labels and categories are from 2022-03)";
export const OLDER_OFF_TAXONOMY =
  "OFF's test ran on an older OFF ingredients taxonomy than the shipped one (mid-2025 to early 2026)";

/** Pass count of an area, printed by the suite's summary test. */
export function expectCount(area: string, total: number, divergences: number): void {
  const matched = total - divergences;
  // The rate is part of the report; the assertion keeps the counts honest when cases are added.
  console.log(`ingredients conformance, ${area}: ${matched}/${total} (${((matched / total) * 100).toFixed(1)}%)`);
  expect(matched + divergences).toBe(total);
}

/** Numbers as OFF prints them (15 significant digits) compare equal. */
export function closeTo(actual: number | undefined, expected: number | undefined): boolean {
  if (actual === undefined || expected === undefined) return actual === expected;
  return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}
