/**
 * INGREDIENTS.md §3.2 step 10, French chemical salts: enumerations of salts and cations are developed into one
 * ingredient each, with no parent ("phosphate et sulfate de calcium" → "phosphate de calcium, sulfate de
 * calcium"; "chlorures (sodium, potassium)" → "chlorures de sodium, chlorures de potassium"), unless the whole
 * phrase is itself a known ingredient ("phosphate d'aluminium et de sodium", E541).
 */
import { alternation, NOT_LETTER_AFTER, NOT_LETTER_BEFORE } from "./regex.js";
import type { LanguageWords } from "./types.js";

/** "de" + cation, elided before a vowel: "carbonate d'ammonium". */
function ofCation(cation: string): string {
  return /^[aeiouyàâäéèêëîïôöûü]/iu.test(cation) ? `d'${cation}` : `de ${cation}`;
}

export function developChemicalSalts(words: LanguageWords, text: string, known: (text: string) => boolean): string {
  const table = words.chemical_salts;
  if (table === undefined) return text;
  const salt = alternation(table.salts);
  const cation = alternation(table.cations);
  const of = "(?:de\\s+|d')";
  const and = alternation(words.and);
  const list = `${of}?${cation}(?:\\s*(?:,|\\s${and}\\s)\\s*${of}?${cation})*`;
  const cationsOf = (items: string): string[] =>
    items
      .split(new RegExp(`\\s*(?:,|\\s${and}\\s)\\s*`, "iu"))
      .map((item) => item.replace(/^(?:de\s+|d')/iu, "").trim())
      .filter((item) => item !== "");
  let s = text;
  // "chlorures (sodium et potassium)"
  s = s.replace(
    new RegExp(`${NOT_LETTER_BEFORE}(${salt})\\s*\\(\\s*(${list})\\s*\\)`, "giu"),
    (_whole, name: string, items: string) =>
      cationsOf(items)
        .map((c) => `${name} ${ofCation(c)}`)
        .join(", "),
  );
  // "phosphate et sulfate de calcium"
  s = s.replace(
    new RegExp(`${NOT_LETTER_BEFORE}(${salt})\\s+${and}\\s+(${salt})\\s+${of}(${cation})${NOT_LETTER_AFTER}`, "giu"),
    (whole, first: string, second: string, c: string) =>
      known(whole) ? whole : `${first} ${ofCation(c)}, ${second} ${ofCation(c)}`,
  );
  // "sulfates de calcium et potassium", "carbonates acides d'ammonium et de sodium"; the last cation ends the item,
  // so "Carbonate de magnésium, fer élémentaire" stays as written (OFF's ingredients_preparsing.t 210.json).
  s = s.replace(
    new RegExp(
      `${NOT_LETTER_BEFORE}(${salt})\\s+(${of}${cation}(?:\\s*(?:,|\\s${and}\\s)\\s*${of}?${cation})+)(?=\\s*(?:[,;.:)\\]]|$))`,
      "giu",
    ),
    (whole, name: string, items: string) =>
      known(whole)
        ? whole
        : cationsOf(items)
            .map((c) => `${name} ${ofCation(c)}`)
            .join(", "),
  );
  // Compounds whose name is an enumeration are put back together, as OFF's preparse does: "diphosphate
  // d'aluminium et de sodium" (E541) when the taxonomy does not know the phrase, and the sodium and potassium
  // salts of the chlorophyllin complexes.
  s = s.replace(
    /(?<![\p{L}])(di|tri|tripoli|)phosphates? d'aluminium,\s?(?:di|tri|tripoli)?phosphates? de sodium(?![\p{L}])/giu,
    "$1phosphate d'aluminium et de sodium",
  );
  s = s.replace(/(?<![\p{L}])sels? de sodium,\s?sels? de potassium(?![\p{L}])/giu, "sels de sodium et de potassium");
  return s;
}
