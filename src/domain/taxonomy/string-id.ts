/**
 * Tag ids (TAXONOMY.md §3): the normalisation through which every taxonomy name, synonym, parent
 * reference and user input is compared.
 */

/** Languages whose ids are unaccented (§3.1); every other code only lowercases. */
const UNACCENTED_LANGUAGES: ReadonlySet<string> = new Set(["en", "fr", "es", "it", "pt", "ca", "no_language"]);

/** The explicit unaccent map of §3.2 step 3 (deliberately not "NFD + strip marks"). */
const UNACCENT: Readonly<Record<string, string>> = {
  à: "a",
  á: "a",
  â: "a",
  ã: "a",
  ä: "a",
  å: "a",
  ç: "c",
  è: "e",
  é: "e",
  ê: "e",
  ë: "e",
  ì: "i",
  í: "i",
  î: "i",
  ï: "i",
  ñ: "n",
  ò: "o",
  ó: "o",
  ô: "o",
  õ: "o",
  ö: "o",
  ù: "u",
  ú: "u",
  û: "u",
  ü: "u",
  ý: "y",
  ÿ: "y",
  œ: "oe",
  Œ: "oe",
  æ: "ae",
  Æ: "ae",
  ß: "ss",
  ẞ: "ss",
};
const UNACCENT_PATTERN = new RegExp(`[${Object.keys(UNACCENT).join("")}]`, "gu");

const NON_ASCII = /[^\p{ASCII}]/u;

/** App user ids (`yuka.VFpGWk5h…`) are not lowercased by OFF (§3.2 step 2). */
const APP_USER_ID = /^[a-z-]+\.[A-Za-z0-9_-]{9,}$/;

/**
 * Steps 4 and 6 in one class: control characters, the zero-width space, Unicode White_Space (an explicit
 * list: JavaScript's `\s` includes U+FEFF and misses U+0085) and the punctuation set of §3.2 step 6.
 */
const SEPARATORS = new RegExp(
  "[" +
    "\\u0000-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200b\\u2028\\u2029\\u202f\\u205f\\u3000" +
    "!\"#$%&'()*+,/:;<=>?@\\[\\\\\\]^_`{|}~" +
    "¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼⅓½⅔¾¿×ˆ˜–—‘’‚“”„†‡•…‰‹›€™" +
    "]+",
  "gu",
);

/**
 * `get_string_id_for_lang` (TAXONOMY.md §3.2). `lc` may be a two-letter code or `no_language`.
 */
export function getStringIdForLang(lc: string, text: string | undefined | null): string {
  if (text === undefined || text === null || text === "") return "";
  const ascii = !NON_ASCII.test(text);
  let s = ascii ? text : text.normalize("NFC");
  if (!APP_USER_ID.test(s)) {
    // Upper-case sigma is mapped first so that JavaScript's final-sigma rule cannot produce `ς`
    // (OFF always yields `σ`); `ẞ` lowercases to `ß` as in Perl.
    s = s.replace(/ẞ/g, "ß").replace(/Σ/g, "σ").toLowerCase().replace(/\./g, "-");
  }
  if (!ascii && UNACCENTED_LANGUAGES.has(lc)) s = s.replace(UNACCENT_PATTERN, (c) => UNACCENT[c] ?? c);
  if (s.includes("&")) s = s.replace(/&quot;|&lt;|&gt;/g, "-");
  s = s.replace(SEPARATORS, "-");
  // Runs are already collapsed except around characters that were kept as `-` in the input.
  if (s.includes("--")) s = s.replace(/-{2,}/g, "-");
  if (s.startsWith("-")) s = s.slice(1);
  if (s.endsWith("-")) s = s.slice(0, -1);
  return s;
}

/** Perl's `\w` for language prefixes: letters of any script, marks, decimal digits, connectors. */
export const WORD_CHAR = "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}]";

/** `xx:` language prefix at the start of an item: exactly two word characters and a colon. */
export const LANGUAGE_PREFIX = new RegExp(`^(${WORD_CHAR}{2}):`, "u");

/** Splits `fr:Jus d'orange` into `["fr", "Jus d'orange"]`; undefined without a prefix. */
export function splitLanguagePrefix(text: string): [lc: string, rest: string] | undefined {
  const m = LANGUAGE_PREFIX.exec(text);
  if (m === null) return undefined;
  const prefix = m[1] as string;
  return [prefix, text.slice(m[0].length)];
}

/**
 * `get_taxonomyid` (TAXONOMY.md §3.4): `fr:Jus d'orange bio` → `fr:jus-d-orange-bio`; a string without a
 * prefix → its id in `defaultLc`, without prefix.
 */
export function getTaxonomyId(defaultLc: string, tag: string): string {
  const prefixed = splitLanguagePrefix(tag);
  if (prefixed === undefined) return getStringIdForLang(defaultLc, tag);
  const lc = prefixed[0].toLowerCase();
  return `${lc}:${getStringIdForLang(lc, prefixed[1])}`;
}

/** Characters whose title case differs from their upper case (Perl's `ucfirst` uses title case). */
const TITLE_CASE: Readonly<Record<string, string>> = {
  ǆ: "ǅ",
  ǅ: "ǅ",
  Ǆ: "ǅ",
  ǉ: "ǈ",
  ǈ: "ǈ",
  Ǉ: "ǈ",
  ǌ: "ǋ",
  ǋ: "ǋ",
  Ǌ: "ǋ",
  ǳ: "ǲ",
  ǲ: "ǲ",
  Ǳ: "ǲ",
};
/** Georgian Mkhedruli letters are their own title case (their upper case is Mtavruli). */
const GEORGIAN_MKHEDRULI = /^[\u10d0-\u10fa\u10fd-\u10ff]$/;

/** First code point to title case, rest unchanged (Perl `ucfirst`). */
export function upperCaseFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const firstChar = String.fromCodePoint(first);
  const rest = text.slice(firstChar.length);
  const title = TITLE_CASE[firstChar];
  if (title !== undefined) return title + rest;
  if (GEORGIAN_MKHEDRULI.test(firstChar)) return text;
  const upper = firstChar.toUpperCase();
  // Characters that expand (`ß` → `SS`, `ﬁ` → `FI`) keep only the first letter upper case: `Ss`, `Fi`.
  const expanded = [...upper];
  return expanded.length > 1 ? (expanded[0] as string) + expanded.slice(1).join("").toLowerCase() + rest : upper + rest;
}
