/**
 * Phrases about specific ingredients at the end of a list (INGREDIENTS.md §3.6, OFF's
 * `parse_specific_ingredients_from_text`): "Sugar content: 3 %", "total content of milk 80%", "prepared with 50g of
 * fruits per 100g", "Origin of the milk: UK, European Union". Each match is removed from the text before the parse,
 * so that it does not become an unknown ingredient, and kept as a specific ingredient whose origins are then copied
 * onto the matching ingredients (`add_properties_from_specific_ingredients`).
 */
import { getStringIdForLang } from "../taxonomy/string-id.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { canonicalizeMemo } from "./memo.js";
import {
  alternation,
  escapeRegex,
  type LanguagePatterns,
  parseNumber,
  quantityInGrams,
  sourceAlternation,
} from "./regex.js";
import type { ParsedIngredient } from "./types.js";

/** One entry of OFF's `specific_ingredients` (INGREDIENTS.md §2.2). */
export interface SpecificIngredient {
  id: string;
  ingredient: string;
  text: string;
  percent?: number;
  quantity?: string;
  quantity_g?: number;
  origins?: string;
}

export interface SpecificTaxonomies {
  ingredients: Taxonomy;
  origins?: Taxonomy;
  countries?: Taxonomy;
}

/** What may start and end a phrase: the start of the text or a separator, and a separator or the end. */
const BEFORE = "((?:^|;|,|\\.| - )\\s*)";
const END = "(?:;|,|\\.| - |$)";
/** Bound on the rounds, as each round removes one phrase. */
const MAX_ROUNDS = 50;

interface Phrases {
  /** "milk content: 80%" (groups: before, ingredient, number, unit). */
  ingredientContent?: RegExp;
  /** "total content of milk 80%" (groups: before, ingredient, number, unit). */
  contentOf?: RegExp;
  /** "prepared with 50g of fruits [per 100g]" (groups: before, number, unit, ingredient). */
  preparedWith?: RegExp;
  /** "70g of onions per 100g" (groups: before, number, unit, ingredient). */
  quantityOfPer100g?: RegExp;
  /** "Origin of (the) <ingredient>" followed by ":" or spaces and a list (groups: ingredient, the rest). */
  originOf?: RegExp;
  /** Separators of an origins list: "," and the and/or words. */
  originSeparator: RegExp;
}

const phrasesCache = new Map<LanguagePatterns, Phrases>();

function phrasesFor(patterns: LanguagePatterns): Phrases {
  const cached = phrasesCache.get(patterns);
  if (cached !== undefined) return cached;
  const w = patterns.words;
  const poq = patterns.percentOrQuantity;
  // OFF's words are written with their spaces (" of ", " d'"): an apostrophe ends a word without a space.
  const of =
    w.of.length === 0
      ? " "
      : `(?:${[...w.of]
          .sort((a, b) => b.length - a.length)
          .map((x) => (x.endsWith("'") ? ` ${escapeRegex(x)}` : ` ${escapeRegex(x)} `))
          .join("|")})`;
  const per = w.per.length === 0 ? "(?!)" : ` ${alternation(w.per)} `;
  const finished = w.of_finished_product.length === 0 ? "" : `(?: ${sourceAlternation(w.of_finished_product)})?`;
  const per100g = `(?:${per}|/)100\\s*(?:g|gr|ml)${finished}`;
  const minimumOrTotal = w.minimum_or_total ?? [];
  const ingredientContent = w.ingredient_content ?? [];
  const phrases: Phrases = {
    originSeparator: new RegExp(`,|${w.and_or.length === 0 ? "(?!)" : ` ${alternation(w.and_or)} `}`, "iu"),
  };
  if (ingredientContent.length > 0) {
    const minimum = minimumOrTotal.length === 0 ? "" : `(?:${alternation(minimumOrTotal)} )?`;
    phrases.ingredientContent = new RegExp(
      `${BEFORE}${minimum}\\s*([^,.;]+?)\\s*${sourceAlternation(ingredientContent)}(?::|\\s)+${poq}\\s*(?:${per100g})?${END}`,
      "iu",
    );
  }
  if (w.specific_content.length > 0) {
    phrases.contentOf = new RegExp(
      `${BEFORE}${sourceAlternation(w.specific_content)}(?:${of}|\\s|:)+([^,.;]+?)(?:${of}|\\s)+${poq}\\s*(?:${per100g})?${END}`,
      "iu",
    );
  }
  if (w.prepared_with.length > 0) {
    phrases.preparedWith = new RegExp(
      `${BEFORE}${sourceAlternation(w.prepared_with)}(?:${of}|\\s|:)+${poq}(?:${of}|\\s|:)+\\s*([^,.;]+?)\\s*(?:${per100g})?${END}`,
      "iu",
    );
  }
  if (w.of.length > 0) {
    phrases.quantityOfPer100g = new RegExp(`${BEFORE}${poq}(?:${of}|\\s|:)+\\s*([^,.;]+?)\\s*${per100g}${END}`, "iu");
  }
  if (w.origin_of.length > 0) {
    phrases.originOf = new RegExp(`\\s*(?:${sourceAlternation(w.origin_of)})([^,.;:]+)(?::| )+(.*)$`, "iu");
  }
  phrasesCache.set(patterns, phrases);
  return phrases;
}

function isOrigin(lc: string, taxonomies: SpecificTaxonomies, text: string): boolean {
  const t = text.trim();
  if (t === "") return false;
  for (const taxonomy of [taxonomies.origins, taxonomies.countries]) {
    if (taxonomy !== undefined && taxonomy.has(canonicalizeMemo(taxonomy, lc, t))) return true;
  }
  return false;
}

function originId(lc: string, taxonomies: SpecificTaxonomies, text: string): string {
  const t = text.trim();
  for (const taxonomy of [taxonomies.origins, taxonomies.countries]) {
    if (taxonomy === undefined) continue;
    const id = canonicalizeMemo(taxonomy, lc, t);
    if (taxonomy.has(id)) return id;
  }
  return `${lc}:${getStringIdForLang(lc, t)}`;
}

/**
 * "Origin of the milk: UK, European Union." (OFF's `match_origin_of_the_ingredient_origin`): the ingredient, then
 * a list of known origins joined by commas or and/or words and ended by a separator or the end of the text. OFF
 * matches the list with a regexp of every origin name; here the longest run of items that are known origins is
 * taken, which is what that regexp's backtracking keeps.
 */
function matchOriginOf(
  lc: string,
  phrases: Phrases,
  taxonomies: SpecificTaxonomies,
  text: string,
): { ingredient: string; origins: string; start: number; end: number } | undefined {
  const pattern = phrases.originOf;
  if (pattern === undefined) return undefined;
  const m = pattern.exec(text);
  if (m === null) return undefined;
  const name = m[1] as string;
  const rest = m[2] as string;
  // The list runs to the first ";", ". ", " - " or the end; a comma may also end it (the rest is not an origin).
  const stop = /;|\.| - /u.exec(rest);
  const listText = stop === null ? rest : rest.slice(0, stop.index);
  const items: { text: string; end: number }[] = [];
  const separator = new RegExp(phrases.originSeparator.source, "giu");
  let from = 0;
  for (let s = separator.exec(listText); s !== null; s = separator.exec(listText)) {
    items.push({ text: listText.slice(from, s.index), end: s.index });
    from = s.index + s[0].length;
  }
  items.push({ text: listText.slice(from), end: listText.length });
  let taken = 0;
  while (taken < items.length && isOrigin(lc, taxonomies, (items[taken] as { text: string }).text)) taken++;
  // A run that stops before the end of the list must stop at a comma (an and-word is no end).
  while (taken > 0 && taken < items.length && listText[(items[taken - 1] as { end: number }).end] !== ",") taken--;
  if (taken === 0) return undefined;
  const listEnd = (items[taken - 1] as { end: number }).end;
  let end = m.index + m[0].length - rest.length + listEnd;
  const after = /^\s*(?:,|;|\.| - )?/u.exec(text.slice(end));
  end += after === null ? 0 : after[0].length;
  return { ingredient: name.trim(), origins: listText.slice(0, listEnd), start: m.index, end };
}

/** Removes the specific-ingredient phrases from a (preparsed) list, as OFF does before splitting it. */
export function extractSpecificIngredients(
  lc: string,
  patterns: LanguagePatterns,
  taxonomies: SpecificTaxonomies,
  input: string,
): { text: string; specific: SpecificIngredient[] } {
  const phrases = phrasesFor(patterns);
  const specific: SpecificIngredient[] = [];
  let text = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let ingredient: string | undefined;
    let matched: string | undefined;
    let value: string | undefined;
    let unit: string | undefined;
    let origins: string | undefined;
    // Ingredient, then percent or quantity ("milk content: 80%", "total content of milk 80%").
    const content = phrases.ingredientContent?.exec(text) ?? phrases.contentOf?.exec(text) ?? null;
    if (content !== null) {
      ingredient = content[2] as string;
      value = content[3] as string;
      unit = content[4] as string;
      matched = content[0];
      text = `${text.slice(0, content.index)}${content[1]} ${text.slice(content.index + content[0].length)}`;
    } else {
      // Quantity, then ingredient ("prepared with 50g of fruits", "70g of onions per 100g").
      const quantity = phrases.preparedWith?.exec(text) ?? phrases.quantityOfPer100g?.exec(text) ?? null;
      if (quantity !== null) {
        value = quantity[2] as string;
        unit = quantity[3] as string;
        ingredient = quantity[4] as string;
        matched = quantity[0];
        text = `${text.slice(0, quantity.index)}${quantity[1]} ${text.slice(quantity.index + quantity[0].length)}`;
      }
    }
    // In the same round, an origin phrase names the ingredient (OFF keeps the percent found above with it).
    if (lc === "en" || lc === "fr") {
      const origin = matchOriginOf(lc, phrases, taxonomies, text);
      if (origin !== undefined) {
        ingredient = origin.ingredient;
        origins = origin.origins;
        matched = text.slice(origin.start, origin.end);
        text = `${text.slice(0, origin.start)} ${text.slice(origin.end)}`;
      }
    }
    if (ingredient === undefined || matched === undefined) break;
    const name = ingredient.replace(/[:\s]+$/u, "");
    const canonical = canonicalizeMemo(taxonomies.ingredients, lc, name);
    const entry: SpecificIngredient = {
      id: taxonomies.ingredients.has(canonical) ? canonical : `${lc}:${getStringIdForLang(lc, name)}`,
      ingredient: name,
      text: matched.replace(/^(?:;|,|\.| - |\s)+/u, "").replace(/(?:;|,|\.| - |\s)+$/u, ""),
    };
    if (value !== undefined && unit !== undefined) {
      const number = parseNumber(value);
      if (unit === "%") entry.percent = number;
      else {
        entry.quantity = `${value} ${unit}`;
        const grams = quantityInGrams(number, unit);
        if (grams !== undefined) entry.quantity_g = grams;
      }
    }
    if (origins !== undefined) {
      entry.origins = origins
        .split(phrases.originSeparator)
        .map((o) => originId(lc, taxonomies, o))
        .join(",");
    }
    specific.push(entry);
  }
  return { text, specific };
}

/** Copies the origins of specific ingredients onto the ingredients that are one of them (`is_a`), when unset. */
export function addSpecificOrigins(
  list: readonly ParsedIngredient[],
  specific: readonly SpecificIngredient[],
  ingredients: Taxonomy,
): void {
  const withOrigins = specific.filter((s) => s.origins !== undefined);
  if (withOrigins.length === 0) return;
  for (const ingredient of list) {
    if (ingredient.origins === undefined) {
      const match = withOrigins.find(
        (s) => ingredient.id === s.id || ingredients.ancestors(ingredient.id).includes(s.id),
      );
      if (match !== undefined) ingredient.origins = match.origins;
    }
    if (ingredient.ingredients !== undefined) addSpecificOrigins(ingredient.ingredients, specific, ingredients);
  }
}
