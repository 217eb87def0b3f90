/**
 * Text normalisation before splitting (INGREDIENTS.md §3.1 `clean_ingredients_text_for_lang` and §3.2
 * `preparse_ingredients_text`): an ordered list of small rewrites, each safe to run again.
 */
import type { Taxonomy } from "../taxonomy/types.js";
import { labelAllergenPhrases, removeLabelledAllergens } from "./allergen-phrases.js";
import { developChemicalSalts } from "./chemical-salts.js";
import { LEGEND_LABELS } from "./labels.js";
import { canonicalizeMemo } from "./memo.js";
import {
  alternation,
  escapeRegex,
  LETTER,
  NOT_LETTER_AFTER,
  NOT_LETTER_BEFORE,
  patternsFor,
  sourceAlternation,
} from "./regex.js";
import type { LanguageWords } from "./types.js";

/** Taxonomies the preparse consults (additive classes, allergens, labels, ingredients). */
export interface PreparseTaxonomies {
  ingredients: Taxonomy;
  additives_classes?: Taxonomy;
  allergens?: Taxonomy;
  labels: Taxonomy;
  vitamins?: Taxonomy;
  additives?: Taxonomy;
}

/** §3.1: a leading "Ingredients:" phrase, dash spacing; idempotent. */
export function cleanIngredientsText(words: LanguageWords, text: string): string {
  let s = text;
  if (words.ingredients_prefix.length > 0) {
    const prefix = new RegExp(`^\\s*${sourceAlternation(words.ingredients_prefix)}\\s*(?:[-:\\r\\n]+\\s*)`, "iu");
    s = s.replace(prefix, "");
  }
  if (words.lc === "fr") s = s.replace(/\b(demi|saint)\s+-\s+/giu, "$1-");
  s = s.replace(/%-\s/g, "% - ");
  s = s.replace(new RegExp(`(${LETTER})-\\s`, "gu"), "$1 - ");
  s = s.replace(new RegExp(`\\s-(${LETTER})`, "gu"), " - $1");
  s = s.replace(/^\s*[:-]\s*/u, "");
  return s;
}

const ROMAN = "(?:xiii|xiv|xii|viii|vii|iii|xv|xi|ix|iv|vi|ii|x|v|i)";

/** §4.1: E-numbers, INS/SIN numbers and enumerations, normalised to `e330`, `e160aii`. */
export function normalizeAdditives(words: LanguageWords, text: string): string {
  const andWord = words.and[0] ?? "and";
  let s = text.replace(/(?<![\p{L}])е(?=\s?-?\d{3})/gu, "e"); // Cyrillic е
  // "INS 240", "INS N°420", "I.N.S. 450i", "SIN 450i" → E240
  s = s.replace(
    /(?<![\p{L}])(?:ins|sin|i-n-s|s-i-n|i\.n\.s\.?|s\.i\.n\.?)(?: |-| n| nb|#|°|'|"|\.|[^\p{L}\p{Nd}])*(?=\d{3})/giu,
    "E",
  );
  // Enumerations "E (124,122,133)", "e: 330, 331 y 334"
  const andAlt = alternation(words.and.length === 0 ? ["and"] : words.and);
  s = s.replace(
    new RegExp(
      `(?<![\\p{L}])e\\s*(?:\\(\\s*|:\\s*)?(\\d{3,4}[a-h]?(?:\\s*(?:,|/|\\s${andAlt}\\s)\\s*\\d{3,4}[a-h]?)+)\\s*\\)?`,
      "giu",
    ),
    (_m, list: string) =>
      list
        .split(new RegExp(`\\s*(?:,|/|\\s${andAlt}\\s)\\s*`, "iu"))
        .map((n) => `E${n}`)
        .join(", "),
  );
  // Letter after the number: for "e" / "a" languages only without a space (E470a, not "E470 a").
  const letterSeparator = words.lc === "it" ? "" : "(?:-|\\.|\\s)?";
  const additive = new RegExp(
    `(?<![\\p{L}\\p{Nd}])e\\s?[-.]?\\s?(\\d{3,4})(?:${letterSeparator}([a-h])(?![\\s.-]?\\d))?(?:(?:\\s|-|\\.)?(?:\\((${ROMAN})\\)|(${ROMAN})))?(?![\\p{L}\\p{Nd}])`,
    "giu",
  );
  s = s.replace(
    additive,
    (_m, digits: string, letter?: string, romanInBrackets?: string, roman?: string) =>
      `e${digits}${(letter ?? "").toLowerCase()}${(romanInBrackets ?? roman ?? "").toLowerCase()}`,
  );
  // "e250-e251" → "e250 - e251"; "e100 et e120" / "e100 e122" → "e100, e120"
  s = s.replace(/(e\d{3,4}[a-z]*)-(?=e\d{3})/gu, "$1 - ");
  // An and-word next to an E-number separates two items: "curcumine et e140", "e140 et tartrazine".
  const and = escapeRegex(andWord);
  s = s.replace(new RegExp(`(e\\d{3,4}[a-z]*)\\s+${and}\\s+`, "giu"), "$1, ");
  s = s.replace(new RegExp(`\\s+${and}\\s+(?=e\\d{3,4}(?![\\p{L}\\p{Nd}]))`, "giu"), ", ");
  s = s.replace(/(e\d{3,4}[a-z]*)\s+(?=e\d{3,4}(?![\p{L}\p{Nd}]))/gu, "$1, ");
  return s;
}

/**
 * §3.2 step 7: `stabilisant e420` → `stabilisant : e420`, `Süßungsmittel Aspartam` →
 * `Süßungsmittel : Aspartam`, when the first words of a list item are an additive class and the rest
 * is a known ingredient, but not when the class and the next word are an ingredient ("acide acétique").
 */
function separateAdditiveClass(lc: string, text: string, taxonomies: PreparseTaxonomies): string {
  const classes = taxonomies.additives_classes;
  if (classes === undefined) return text;
  // OFF's preparse asks the additives taxonomy whether what follows the class is an additive.
  const additives = taxonomies.additives ?? taxonomies.ingredients;
  const known = (t: string): boolean => t.trim() !== "" && additives.has(canonicalizeMemo(additives, lc, t));
  return text.replace(/(^|[,;(\[]\s*)([^,;:()[\]]{3,120})/gu, (whole, start: string, item: string) => {
    const words = item.trim().split(/\s+/u);
    for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
      const head = words.slice(0, k).join(" ");
      const tail = words.slice(k).join(" ");
      const cls = canonicalizeMemo(classes, lc, head);
      if (!classes.has(cls)) continue;
      if (known(`${head} ${words[k]}`) || known(item)) return whole;
      const firstOfTail = tail.replace(/\s+(?:und|and|et|y|e)\s.*$/iu, "");
      if (/^e\d{3,4}/iu.test(tail) || known(tail) || known(firstOfTail)) return `${start}${head} : ${tail}`;
    }
    return whole;
  });
}

/**
 * §3.2 step 4, all languages: abbreviated lactic bacteria ("S. thermophilus", "L casei", "L.bulgaricus"); the
 * letter is followed by a dot or a space, as in OFF's abbreviations ("Lcasei" is left as written).
 */
function expandBacteria(text: string): string {
  return text
    .replace(/(?<![\p{L}])S(?:\.\s?|\s)(thermophilus)(?![\p{L}])/gu, "streptococcus $1")
    .replace(
      /(?<![\p{L}])L(?:\.\s?|\s)(acidophilus|bulgaricus|casei|paracasei|plantarum|reuteri|rhamnosus|helveticus|johnsonii|gasseri|fermentum)(?![\p{L}])/gu,
      "lactobacillus $1",
    )
    .replace(
      /(?<![\p{L}])B(?:\.\s?|\s)(bifidum|breve|infantis|lactis|longum|animalis)(?![\p{L}])/gu,
      "bifidobacterium $1",
    );
}

/** Misspelt words, replaced whole with the written case kept: "dès" → "dés", "DÈS" → "DÉS", "Dès" → "Dés". */
function correctMisspellings(words: LanguageWords, text: string): string {
  let s = text;
  for (const [wrong, right] of words.misspellings ?? []) {
    s = s.replace(new RegExp(`${NOT_LETTER_BEFORE}${escapeRegex(wrong)}${NOT_LETTER_AFTER}`, "giu"), (written) => {
      if (written === written.toUpperCase() && written !== written.toLowerCase()) return right.toUpperCase();
      const first = written.charAt(0);
      if (first !== first.toLowerCase()) return `${right.charAt(0).toUpperCase()}${right.slice(1)}`;
      return right;
    });
  }
  return s;
}

/** §3.2 step 5: `céleri - rave` → `céleri-rave` when the joined word is a known ingredient. */
function joinSpacedDashCompounds(lc: string, text: string, ingredients: Taxonomy): string {
  return text.replace(/(\p{L}+) - (\p{L}+)/gu, (whole, a: string, b: string) => {
    const joined = `${a}-${b}`;
    return ingredients.has(canonicalizeMemo(ingredients, lc, joined)) ? joined : whole;
  });
}

/** "de" + type, elided in French before a vowel: "huile d'olive", "graisses végétales d'illipe". */
function ofType(lc: string, ofWord: string | undefined, type: string): string {
  if (ofWord === undefined) return type;
  if (lc === "fr" && ofWord === "de" && /^[aeiouyàâäéèêëîïôöûü]/iu.test(type)) return `d'${type}`;
  return `${ofWord} ${type}`;
}

type CategoriesAndTypes = LanguageWords["categories_and_types"][number];

/** The patterns of one category + types table (built once per word lists: they are long alternations). */
interface CategoryTypesPatterns {
  table: CategoriesAndTypes;
  types: ReadonlySet<string>;
  /** "type-type": two types. */
  dashed: RegExp;
  /** "category [qualifier] (type, type and type)". */
  enclosed: RegExp;
  /** "category: type, type". */
  colon: RegExp;
  /** "category of type, of type and of type" (not en/de). */
  ofList: RegExp | undefined;
}

interface EnumerationPatterns {
  /** Separator of a list of types: a comma or the and-word. */
  separator: RegExp;
  /** The of-word at the start of an item, with the spaces after it. */
  leadingOf: RegExp;
  /** The and-word between spaces. */
  andWord: RegExp;
  tables: CategoryTypesPatterns[];
}

const enumerationPatternsCache = new WeakMap<LanguageWords, EnumerationPatterns>();

function enumerationPatterns(words: LanguageWords): EnumerationPatterns {
  const cached = enumerationPatternsCache.get(words);
  if (cached !== undefined) return cached;
  const andAlt = alternation(words.and.length === 0 ? ["and"] : words.and);
  const ofAlt = words.of.length === 0 ? "(?!)" : alternation(words.of);
  const sep = `\\s*(?:,|\\s${andAlt}\\s)\\s*`;
  const before = words.lc === "en" || words.lc === "de";
  // In English the words before the category in the item name the types with it: "organic vegetable oils
  // (sunflower)" → "sunflower organic vegetable oils".
  const prefix = words.lc === "en" ? "(?:(?<=^|[,;:(\\[]\\s*)((?:[\\p{L}\\p{M}]+\\s+)+?))?" : "()";
  const tables = words.categories_and_types.map((table): CategoryTypesPatterns => {
    const category = alternation(table.categories);
    const type = `${alternation(table.types)}${NOT_LETTER_AFTER}`;
    return {
      table,
      types: new Set(table.types.map((t) => t.toLowerCase())),
      dashed: new RegExp(`${NOT_LETTER_BEFORE}(${type})-(${type})`, "giu"),
      enclosed: new RegExp(
        `${NOT_LETTER_BEFORE}${prefix}(${category})((?:\\s+(?:[\\p{L}\\p{M}]+|\\d+(?:\\.\\d+)?\\s?%))*?)\\s*\\(\\s*((?:${type})(?:${sep}(?:${type}))*)\\s*\\)`,
        "giu",
      ),
      colon: new RegExp(`${NOT_LETTER_BEFORE}(${category})\\s*:\\s*((?:${type})(?:${sep}(?:${type}))*)`, "giu"),
      ofList:
        before || words.of.length === 0
          ? undefined
          : new RegExp(
              `${NOT_LETTER_BEFORE}(${category})\\s+${ofAlt}\\s*((?:${type})(?:\\s*(?:,|\\s${andAlt})\\s*(?:${ofAlt})?\\s*(?:${type}))+)`,
              "giu",
            ),
    };
  });
  const patterns: EnumerationPatterns = {
    separator: new RegExp(sep, "iu"),
    leadingOf: new RegExp(`^${ofAlt}\\s*`, "iu"),
    andWord: new RegExp(`\\s${andAlt}\\s`, "iu"),
    tables,
  };
  enumerationPatternsCache.set(words, patterns);
  return patterns;
}

/**
 * §3.2 step 10: category + types enumerations, nested under the category as OFF's current normalize_enumeration
 * does (ingredients_preparsing.t): "huile (palme, colza)", "huiles végétales de palme et de colza" and "huile
 * végétale : colza" all become "category (child, child)". A child is named by the table's first alternate name
 * the ingredients taxonomy knows (else its first: "huile de <type>", "<type>öl"), or else with the category as
 * written ("arôme naturel d'agrumes", "palm vegetable oil").
 */
function developCategoriesAndTypes(words: LanguageWords, text: string, known: (name: string) => boolean): string {
  let s = text;
  const { separator, leadingOf, andWord, tables } = enumerationPatterns(words);
  const ofWord = words.of.includes("de") ? "de" : words.of[0];
  const before = words.lc === "en" || words.lc === "de";
  const split = (list: string): string[] => list.split(separator);
  for (const { table, types, dashed, enclosed, colon, ofList } of tables) {
    // Two types joined by a dash are two types: "arôme naturel de citron-citron vert".
    s = s.replace(dashed, "$1, $2");
    const child = (cat: string, t: string): string => {
      const alternates = (table.alternate_names ?? []).map((a) => a.replace("<type>", t).replace("<category>", cat));
      const first = alternates[0];
      if (first !== undefined) return alternates.find(known) ?? first;
      return before ? `${t} ${cat}` : `${cat} ${ofType(words.lc, ofWord, t)}`;
    };
    const nest = (cat: string, items: string[]): string => `${cat} (${items.map((t) => child(cat, t)).join(", ")})`;
    // "category [qualifier] (type, type and type)": the qualifier stays ("graisse végétale bio (colza)",
    // "huiles végétales 54.5% (colza, palme)").
    s = s.replace(enclosed, (whole, lead: string | undefined, cat: string, qualifier: string, list: string) => {
      const items = split(list);
      if (!items.every((item) => types.has(item.toLowerCase()))) return whole;
      const named = `${lead ?? ""}${cat}`;
      return `${named}${qualifier} (${items.map((t) => child(named, t)).join(", ")})`;
    });
    // "category: type, type" → "category (child, child)", the types ending where a non-type starts
    // ("huile végétale : colza et tomates" → "huile végétale (huile de colza) et tomates").
    s = s.replace(colon, (whole, cat: string, list: string) => {
      const items = split(list);
      if (!items.every((item) => types.has(item.toLowerCase()))) return whole;
      return nest(cat, items);
    });
    // "category of type, of type and of type" → "category (child, child, child)" (not en/de); without a repeated
    // of-word the list needs the and-word ("Huile de palme, noisettes et tournesol", not "Huile de palme, noisettes").
    if (ofList !== undefined) {
      s = s.replace(ofList, (whole, cat: string, list: string) => {
        const parts = split(list);
        const items = parts.map((item) => item.replace(leadingOf, "").trim());
        if (!items.every((item) => types.has(item.toLowerCase()))) return whole;
        const repeatedOf = parts.slice(1).every((part) => leadingOf.test(part));
        if (!repeatedOf && !andWord.test(list)) return whole;
        return nest(cat, items);
      });
    }
  }
  return s;
}

/** Vitamin codes an enumeration may list ("A", "B12", "PP", "K2"); the named vitamins come from the taxonomy. */
const VITAMIN_CODES = [
  "a",
  ...Array.from({ length: 13 }, (_, i) => (i === 0 ? "b" : `b${i}`)),
  "c",
  "d",
  "d2",
  "d3",
  "e",
  "f",
  "h",
  "k",
  "k1",
  "k2",
  "k3",
  "p",
  "pp",
];

const vitaminNamesCache = new WeakMap<Taxonomy, Map<string, string>>();

/**
 * Regular-expression source of one vitamin of an enumeration, as OFF's preparse builds it: a code, or the name
 * of a vitamins taxonomy entry in `lc` ("acide folique", "Vitamine C"); each also unaccented, in brackets
 * ("(B9)"), and a code with a space or dash before its digits ("b 12", "b-12").
 */
function vitaminItemSource(lc: string, vitamins: Taxonomy | undefined): string {
  let byLanguage = vitamins === undefined ? undefined : vitaminNamesCache.get(vitamins);
  const cached = byLanguage?.get(lc);
  if (cached !== undefined) return cached;
  const names = new Set<string>(VITAMIN_CODES);
  if (vitamins !== undefined) {
    for (const id of vitamins.ids()) {
      const name = vitamins.name(id, lc);
      if (name !== undefined) names.add(name.toLowerCase());
    }
  }
  const variants = new Set<string>();
  for (const name of names) {
    const forms = [name, name.normalize("NFD").replace(/\p{M}/gu, "")];
    const coded = /^([a-z])(\d+)$/u.exec(name);
    if (coded !== null) forms.push(`${coded[1]} ${coded[2]}`, `${coded[1]}-${coded[2]}`);
    for (const form of forms) {
      variants.add(escapeRegex(form));
      variants.add(`\\(${escapeRegex(form)}\\)`);
    }
  }
  // Longest first, so that "b12" is taken whole rather than "b" then a failing "12".
  const source = `(?:${[...variants].sort((a, b) => b.length - a.length).join("|")})`;
  if (vitamins !== undefined) {
    if (byLanguage === undefined) {
      byLanguage = new Map();
      vitaminNamesCache.set(vitamins, byLanguage);
    }
    byLanguage.set(lc, source);
  }
  return source;
}

/**
 * §3.2 step 11, as OFF's preparse: `vitamines A, B1 et C` → `vitamines, vitamine A, vitamine B1, vitamine C`.
 * The list after a vitamins word is made of codes and named vitamins; the output starts with the plural word
 * (the ingredients taxonomy's name of en:vitamins, which sets the additive class of what follows), then a
 * code becomes "vitamin <code>" and a named vitamin stays as written.
 */
/** The vitamin enumeration patterns of word lists, per vitamins taxonomy (long alternations: built once). */
const vitaminPatternsCache = new WeakMap<
  LanguageWords,
  { vitamins: Taxonomy | undefined; pattern: RegExp; split: RegExp }
>();

function vitaminPatterns(words: LanguageWords, vitamins: Taxonomy | undefined): { pattern: RegExp; split: RegExp } {
  const cached = vitaminPatternsCache.get(words);
  if (cached !== undefined && cached.vitamins === vitamins) return cached;
  const andAlt = alternation(words.and.length === 0 ? ["and"] : words.and);
  const item = vitaminItemSource(words.lc, vitamins);
  const separator = `(?:\\s*[,/]\\s*|\\s+-\\s+|\\s+${andAlt}\\s+|\\s+)`;
  const wordEnd = "(?<=[\\p{L}\\p{M}\\p{Nd}_])(?![\\p{L}\\p{M}\\p{Nd}_])";
  const patterns = {
    vitamins,
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:${sourceAlternation(words.vitamins_words)})(?:[:([]|\\s)+((?:${item}${separator})+${item})(?:\\s?[)\\]]|${wordEnd})`,
      "giu",
    ),
    split: new RegExp(`(?:[()/]|\\s-\\s|,\\s?|\\s${andAlt}\\s)+`, "iu"),
  };
  vitaminPatternsCache.set(words, patterns);
  return patterns;
}

function developVitamins(words: LanguageWords, text: string, taxonomies: PreparseTaxonomies): string {
  if (words.vitamins_words.length === 0) return text;
  const { pattern, split } = vitaminPatterns(words, taxonomies.vitamins);
  const plural = (taxonomies.ingredients.name("en:vitamins", words.lc) ?? "vitamins").toLowerCase();
  return text.replace(pattern, (_m, list: string) => {
    const items = list
      .split(split)
      .map((v) => v.trim())
      .filter((v) => v !== "")
      .map((v) => (/^\p{L}\p{L}?-? ?\d?\d?$/u.test(v) ? `${words.vitamin} ${v}` : v));
    return [plural, ...items].join(", ");
  });
}

/** Internal marker of a removed allergens/traces chunk (instead of OFF's localised UI label). */
export const TRACES_MARKER = "\u0001traces\u0001";

/**
 * §3.2 step 12: a "may contain" phrase followed only by allergens is cut from the list to parse
 * (traces never become ingredients); "contains: milk" likewise. Returns the text without those chunks.
 */
export function removeAllergenPhrases(words: LanguageWords, text: string, allergens: Taxonomy | undefined): string {
  if (allergens === undefined) return text;
  const patterns = patternsFor(words);
  let s = removeLabelledAllergens(words, text);
  for (const phrase of [patterns.mayContain, patterns.contains]) {
    if (phrase === undefined) continue;
    const chunk = new RegExp(`(^|[.,;(\\[]\\s*|\\s)(${phrase.source})\\s*:?\\s*([^.;()\\[\\]]*)`, "giu");
    s = s.replace(chunk, (whole, start: string, _phrase: string, items: string) => {
      const list = splitAllergenItems(words, items);
      if (list.length === 0) return whole;
      const allKnown = list.every((item) => isAllergenOrStopword(words.lc, item, allergens));
      return allKnown ? `${start.replace(/\s+$/, "")} ` : whole;
    });
  }
  return s;
}

export function splitAllergenItems(words: LanguageWords, items: string): string[] {
  const andAlt = alternation(words.and.length === 0 ? ["and"] : words.and);
  const ofAlt = words.of.length === 0 ? "(?!)" : alternation(words.of);
  return items
    .split(new RegExp(`\\s*(?:,|/|\\s${andAlt}\\s)\\s*`, "iu"))
    .map((item) =>
      item
        .replace(new RegExp(`^(?:${ofAlt}\\s*)+`, "iu"), "")
        .replace(/[*_]/g, "")
        .trim(),
    )
    .filter((item) => item !== "");
}

function isAllergenOrStopword(lc: string, item: string, allergens: Taxonomy): boolean {
  const id = canonicalizeMemo(allergens, lc, item);
  return allergens.has(id);
}

/** The symbols a legend can explain, in OFF's order (the longer runs of a symbol first). */
const LEGEND_SYMBOLS = ["***", "**", "*", "°°°", "°°", "°", "(1)", "(2)", "¹", "²"] as const;

/** Longest legend phrase looked up, in words ("tous les ingrédients agricoles sont issus de l'agriculture biologique"). */
const LEGEND_MAX_WORDS = 14;

/** Ends of the word-boundary prefixes of `text`, longest first (Perl's `\b` after a letter or digit). */
function wordEnds(text: string): number[] {
  const ends: number[] = [];
  for (const m of text.matchAll(/[\p{L}\p{M}\p{Nd}_](?![\p{L}\p{M}\p{Nd}_])/gu)) {
    ends.push(m.index + m[0].length);
    if (ends.length >= LEGEND_MAX_WORDS) break;
  }
  return ends.reverse();
}

/**
 * The label phrase `after` starts with, as OFF's labels regexps match it: the longest prefix, ending at a word
 * boundary, that is a name or synonym of one of the legend labels in `lc` (labels tried in OFF's order).
 */
function legendLabelAt(lc: string, after: string, labels: Taxonomy): { id: string; phrase: string } | undefined {
  const ends = wordEnds(after);
  for (const id of LEGEND_LABELS) {
    if (!labels.has(id)) continue;
    for (const end of ends) {
      const phrase = after.slice(0, end);
      // OFF matches the names themselves; canonicalisation would also accept "biologique (100" or a
      // phrase that runs into the next legend ("biologique. ² Ingrédients").
      if (/[()[\],;*°¹²]|\.\s/u.test(phrase)) continue;
      if (canonicalizeMemo(labels, lc, phrase) === id) return { id, phrase };
      // Spanish: step 1 wrote "e" as "y"; OFF's label regexps have the "y" variant of each name ("Procedente e
      // agricultura ecológica").
      if (lc === "es" && / y /iu.test(phrase) && canonicalizeMemo(labels, lc, phrase.replace(/ y /giu, " e ")) === id) {
        return { id, phrase };
      }
    }
  }
  return undefined;
}

/**
 * §3.2 step 13, as OFF's preparse: for each symbol, its last occurrence (alone or in brackets, "(*)") is the
 * legend when a legend label follows it ("*Ingrédients issus de l'agriculture biologique", "(1): IGP : …",
 * "*= procedentes de la agricultura ecológica"); the legend, with an optional "(…)" precision and full stop,
 * is removed, and every other occurrence of the symbol becomes the label's name in `lc`.
 */
function replaceSymbolLegends(lc: string, text: string, labels: Taxonomy): string {
  let s = text;
  for (const symbol of LEGEND_SYMBOLS) {
    const sym = escapeRegex(symbol);
    const last = new RegExp(`^(.*)(\\(${sym}\\)|${sym})(?!\\))\\s*(?::|=)?\\s*`, "iu").exec(s);
    if (last === null) continue;
    const after = s.slice(last[0].length);
    const label = legendLabelAt(lc, after, labels);
    if (label === undefined) continue;
    s = s.replace(
      new RegExp(
        `^(.*)(?:\\(${sym}\\)|${sym})(?!\\))\\s?(?::|=)?\\s?${escapeRegex(label.phrase)}\\s*(?:\\([^)]+\\))?\\s*\\.?\\s*`,
        "iu",
      ),
      "$1 ",
    );
    const name = labels.name(label.id, lc) ?? labels.name(label.id, "en") ?? label.phrase;
    s = s.split(symbol).join(` ${name} `);
  }
  return s;
}

/** OFF's spacing at the end of the preparse: one space, none before a separator that ends a word, no separator at the ends. */
function removeExtraSpaces(text: string): string {
  return text
    .replace(/\s\s+/gu, " ")
    .replace(/ ([.,;])( |$)/gu, "$1$2")
    .replace(/^[\s.,;-]+/u, "")
    .replace(/[\s,;-]+$/u, "");
}

/** §3.2 steps 1–13 in order. */
export function preparseIngredientsText(words: LanguageWords, text: string, taxonomies: PreparseTaxonomies): string {
  const lc = words.lc;
  let s = text;
  // 1. and/or → and (unless a digit follows)
  const andWord = words.and[0];
  if (andWord !== undefined) {
    const others = words.and_or.filter((w) => w !== andWord);
    if (others.length > 0) {
      // Not before the and-word, a digit or a separator: "vitamina E y C", "colores E (120, 124)".
      const skip = `(?!(?:${escapeRegex(andWord)}${NOT_LETTER_AFTER}|[\\d,;.:()\\[\\]-]))`;
      s = s.replace(new RegExp(` ${alternation(others)} ${skip}`, "giu"), ` ${andWord} `);
    }
  }
  // 2. entities, quotes, control characters
  s = s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[’‘]/g, "'")
    .replace(/\u200b/g, "-")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ");
  // 6 (first, as OFF's additive enumerations come before the decimal commas: "E (124,122)"). E-numbers
  s = normalizeAdditives(words, s);
  // 3. units and decimal commas
  s = s.replace(/(\d)(\s?)(?:gr|grams?|grammes?)(?![\p{L}])/giu, "$1$2g");
  s = s.replace(/(\d),(\d+)( )?(%|g(?![\p{L}]))/gu, "$1.$2%");
  // A decimal comma before a range dash: "0,1-0.2" → "0.1-0.2"; other commas between digits stay ("1,4-").
  s = s.replace(/—/g, "-").replace(/(\d),(\d+)(?=\s*-\s*\d)/g, "$1.$2");
  // 4. abbreviations
  // As OFF's: the dot of an abbreviation may be followed by a space or be missing ("vit d", "vit. d", "vit.d").
  for (const [abbreviation, expansion] of words.abbreviations) {
    const source = escapeRegex(abbreviation)
      .replace(/\\\. (?!$)/gu, "(?:\\.| |\\. )")
      .replace(/\\\.$/u, "(?:\\. | |\\.)");
    s = s.replace(new RegExp(`${NOT_LETTER_BEFORE}${source}`, "giu"), `${expansion} `);
  }
  s = expandBacteria(s);
  s = correctMisspellings(words, s);
  s = s.replace(/\s{2,}/g, " ");
  // 5. compound words with a spaced dash
  s = joinSpacedDashCompounds(lc, s, taxonomies.ingredients);
  // 7. additive class before an additive
  s = separateAdditiveClass(lc, s, taxonomies);
  // 8. dash clean-up
  s = s.replace(new RegExp(`(${LETTER})- `, "gu"), "$1 - ").replace(new RegExp(` -(${LETTER})`, "gu"), " - $1");
  if (andWord !== undefined) {
    const and = escapeRegex(andWord);
    // "mono - et diglycérides" keeps its and-word, in lower case as OFF writes it: "mono- et diglycérides".
    s = s.replace(new RegExp(`${NOT_LETTER_BEFORE}mono - (${and}) `, "giu"), "mono- $1 ");
    s = s.replace(new RegExp(` - ${and} `, "giu"), " - ");
    // OFF turns " & " into the and-word before this step (foodbase does it later, see below), so ") & " ends the
    // group too: "Emulsifying (INS 471, INS 477) & Stabilizing Agents (…)".
    s = s.replace(new RegExp(`([)\\]])\\s+(?:${and}|&)\\s`, "giu"), "$1, ");
  }
  // 9. language specifics
  if (lc === "de") s = s.replace(/Bienenwachs,?\s*\(?\s*(weiß und gelb)\s*\)?/giu, "Bienenwachs $1");
  if (lc === "fr") {
    s = s.replace(/\(\s*(?:en\s+)?proportions?\s+variables?\s*\)|(?:en\s+)?proportions?\s+variables?/giu, " ");
    // "Ingrédient(s) : lentilles vertes* - *issu(e)(s) de l'agriculture biologique."
    s = s.replace(/dient\(s\)/giu, "dients").replace(/(?<![\p{L}\p{M}\p{Nd}])issu(?:\(e\))?(?:\(s\))?/giu, "issu");
    // "arôme naturel de citron et d'autres agrumes" → "… et agrumes", an enumeration of types; "arôme naturel de
    // pomme avec d'autres arômes naturels" → two ingredients, as OFF's ingredients_tags.t reads it.
    s = s.replace(/\s+(?:ou|et) (?:d')?autres\s+(?=\p{L})/giu, ` ${words.and[0] ?? "et"} `);
    s = s.replace(/\s+avec (?:d')?autres\s+(?=\p{L})/giu, ", ");
  }
  // 10, 11. enumerations
  const knownIngredient = (t: string): boolean =>
    taxonomies.ingredients.has(canonicalizeMemo(taxonomies.ingredients, lc, t));
  s = developCategoriesAndTypes(words, s, knownIngredient);
  s = developChemicalSalts(words, s, knownIngredient);
  // " & " becomes the and-word after the category enumerations, as in the "vegetable oil (coconut & rapeseed)" →
  // en:coconut, en:rapeseed of OFF's ingredients_tags.t (preparse-divergences.ts), and before the vitamin ones
  // ("vit a & c").
  if (andWord !== undefined) s = s.replace(/ & /g, ` ${andWord} `);
  s = developVitamins(words, s, taxonomies);
  // 12. allergens and traces phrases
  s = labelAllergenPhrases(words, s, taxonomies.allergens);
  // 13. symbol legends
  s = replaceSymbolLegends(lc, s, taxonomies.labels);
  return removeExtraSpaces(s);
}
