/**
 * Full text on PostgreSQL with the matching rules of the SQLite store (API.md §5.4, issue #5). SQLite
 * indexes the normalised words of domain/search/text.ts with FTS5's `unicode61 remove_diacritics 2`
 * tokenizer; here the same tokenizer is reproduced in JavaScript and applied to both sides, and the
 * tokens are handed to PostgreSQL as ready-made lexemes (a `tsvector` / `tsquery` literal), so no text
 * search configuration of the server (stemming, stop words, its own parser) takes part:
 * - a token starts with a letter, a digit or a private-use character and goes on with those and
 *   combining diacritics; everything else separates tokens;
 * - tokens are lowercased and lose diacritics when what is left is an ASCII letter (`é` → `e`, but
 *   Greek `ά` stays, as in FTS5);
 * - a keyword of several words is a phrase (`<->`), the last keyword may also be a prefix (`:*`);
 * - positions of the columns of one product are kept apart, so a phrase never spans two of them;
 *   weights tell the columns apart for relevance: name A, brands B, generic name C, the others D.
 */
import type { TextCondition } from "../../domain/search/query.js";
import type { ProductSearchText } from "../../domain/search/text.js";

const TOKEN = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\u0300-\u036f]*/gu;
const PLAIN_TOKEN = /^[a-z0-9]+$/;
const COMBINING_DIACRITIC = /[\u0300-\u036f]/u;
const ASCII_LETTER_WITH_MARKS = /^[a-zA-Z][\u0300-\u036f]+$/u;

/** PostgreSQL's limits: lexeme length in bytes, positions per lexeme, largest position. */
const MAX_LEXEME_BYTES = 2046;
const MAX_POSITIONS_PER_LEXEME = 256;
const MAX_POSITION = 16383;

const foldedChars = new Map<string, string>();

/** One character as FTS5 folds it: lowercase, and a Latin letter without its diacritics. */
function foldChar(c: string): string {
  let folded = foldedChars.get(c);
  if (folded === undefined) {
    if (COMBINING_DIACRITIC.test(c)) {
      folded = "";
    } else {
      const lower = c.toLowerCase();
      const decomposed = lower.normalize("NFD");
      folded = ASCII_LETTER_WITH_MARKS.test(decomposed) ? (decomposed[0] as string) : lower;
    }
    if (foldedChars.size < 50_000) foldedChars.set(c, folded);
  }
  return folded;
}

function foldToken(token: string): string {
  if (PLAIN_TOKEN.test(token)) return token;
  let out = "";
  for (const c of token) out += foldChar(c);
  return out;
}

/** The tokens of a text, as FTS5's unicode61 tokenizer with `remove_diacritics 2` gives them. */
export function textTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = foldToken(match[0]);
    if (token !== "") tokens.push(token);
  }
  return tokens;
}

/** Tsvector weight of each indexed column (A is the highest). */
const COLUMN_WEIGHTS: ReadonlyArray<readonly [keyof ProductSearchText, string]> = [
  ["name", "A"],
  ["brands", "B"],
  ["generic", "C"],
  ["categories", "D"],
  ["labels", "D"],
  ["origins", "D"],
];

/** Lexemes are letters and digits only, so quoting them needs no escapes. */
function quoted(lexeme: string): string {
  return `'${lexeme}'`;
}

function fitsLexeme(token: string): boolean {
  return token.length * 3 <= MAX_LEXEME_BYTES || Buffer.byteLength(token) <= MAX_LEXEME_BYTES;
}

/**
 * The `tsvector` literal of a product's texts ('' when it has none): each column's tokens at
 * consecutive positions, one position left empty between columns.
 */
export function searchVector(text: ProductSearchText): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const [column, weight] of COLUMN_WEIGHTS) {
    const value = text[column];
    if (value === "") continue;
    for (const token of textTokens(value)) {
      if (position < MAX_POSITION) position++;
      if (!fitsLexeme(token)) continue;
      let list = positions.get(token);
      if (list === undefined) {
        list = [];
        positions.set(token, list);
      }
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${position}${weight}`);
    }
    if (position < MAX_POSITION) position++;
  }
  const parts: string[] = [];
  for (const [lexeme, list] of positions) parts.push(`${quoted(lexeme)}:${list.join(",")}`);
  return parts.join(" ");
}

/** The tokens of one keyword of a search, a phrase when there are several (`coca-cola`). */
export function keywordTokens(keyword: string): string[] {
  return textTokens(keyword.split("-").join(" ")).filter(fitsLexeme);
}

/** `a <-> b <-> c` for the tokens of one keyword, restricted to `weights`; undefined for no token. */
function phrase(keyword: string, weights: string, prefix: boolean): string | undefined {
  const tokens = keywordTokens(keyword);
  if (tokens.length === 0) return undefined;
  const last = tokens.length - 1;
  const parts = tokens.map((token, i) => {
    const label = `${i === last && prefix ? "*" : ""}${weights}`;
    return label === "" ? quoted(token) : `${quoted(token)}:${label}`;
  });
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(" <-> ")})`;
}

/**
 * The `tsquery` literal of a full-text condition: every keyword as a phrase, the last also as a prefix;
 * `weights` ('' = any column) restricts every token to some columns (`A` = name, `AB` = name or
 * brands). Undefined when the condition can match nothing (a keyword without tokens, as in FTS5).
 */
export function searchQuery(text: TextCondition, weights = ""): string | undefined {
  const parts: string[] = [];
  const lastIndex = text.keywords.length - 1;
  for (const [i, keyword] of text.keywords.entries()) {
    const exact = phrase(keyword, weights, false);
    if (i === lastIndex && text.prefixLast) {
      const typed = text.lastAsTyped ?? keyword;
      const prefix = phrase(typed, weights, true);
      const alternatives = typed === keyword ? [prefix] : [prefix, exact];
      const present = alternatives.filter((a): a is string => a !== undefined);
      if (present.length === 0) return undefined;
      parts.push(present.length === 1 ? (present[0] as string) : `(${present.join(" | ")})`);
    } else {
      if (exact === undefined) return undefined;
      parts.push(exact);
    }
  }
  return parts.join(" & ");
}
