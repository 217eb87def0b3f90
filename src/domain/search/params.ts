/**
 * Search parameters (API.md §5.1–§5.7) → a {@link SearchQuery}: validation, tag canonicalisation,
 * nutrient conditions, paging and sorting. Pure; the HTTP layer turns a {@link SearchParamError} into a
 * 400 body with one entry per problem.
 */
import { normalizeBarcode } from "../barcode.js";
import { parseLanguageList } from "../language.js";
import { canonicalizeTagForField } from "../tags.js";
import { countryFromCode } from "../taxonomy/index.js";
import type { Taxonomies } from "../taxonomy/types.js";
import type {
  NumericCondition,
  NumericOperator,
  SearchQuery,
  SortOrder,
  TagClause,
  TagLiteral,
  TextCondition,
} from "./query.js";
import { isSearchTagType, tagTypeFromUrl } from "./tag-types.js";
import { TooManyKeywordsError, textCondition } from "./text.js";

export interface SearchParamProblem {
  parameter: string;
  value: string;
  message: string;
}

export class SearchParamError extends Error {
  constructor(readonly problems: SearchParamProblem[]) {
    super(problems.map((p) => p.message).join("; "));
  }
}

export interface ParsedSearch {
  query: SearchQuery;
  page: number;
  pageSize: number;
  /** The `fields` parameter as sent. */
  fields: string | undefined;
}

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 1000;

/** `sort_by` values (API.md §5.5) → sort order; absent or empty → popularity (relevance with full text). */
const SORT_BY: Readonly<Record<string, SortOrder>> = {
  popularity: "popularity",
  popularity_key: "popularity",
  last_modified_t_complete_first: "popularity",
  nutriscore_score: "nutriscore_score",
  nova_score: "nova_score",
  ecoscore_score: "ecoscore_score",
  created_t: "created_t",
  last_modified_t: "last_modified_t",
  scans_n: "scans_n",
  unique_scans_n: "unique_scans_n",
  product_name: "product_name",
  completeness: "completeness",
  nothing: "nothing",
};

/** v1 numbers that are top-level fields of the product rather than `nutriments` keys (API.md §5.7). */
const TOP_LEVEL_NUMBERS: ReadonlySet<string> = new Set([
  "ingredients_n",
  "additives_n",
  "known_ingredients_n",
  "unknown_ingredients_n",
]);

const V1_COMPARE: Readonly<Record<string, NumericOperator>> = { lt: "lt", lte: "lte", gt: "gt", gte: "gte", eq: "eq" };

const TAG_PARAM = /^([a-z0-9_]+?)_tags(?:_([a-z]{2}))?$/;
/** `<nid>_100g`, `<nid>_prepared_serving`, … optionally followed by `<` or `>` and a number (§5.3). */
const NUTRIENT_PARAM = /^([a-z0-9][a-z0-9-]*?(?:_prepared)?_(?:100g|serving))([<>])?(.*)$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const POSITIVE_INTEGER = /^\d+$/;

/** A number as users write it: `,` accepted as decimal separator. */
export function parseNumber(text: string): number | undefined {
  const t = text.trim().replace(",", ".");
  if (!NUMBER.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

class Problems {
  readonly list: SearchParamProblem[] = [];
  add(parameter: string, value: string, message: string): void {
    this.list.push({ parameter, value, message });
  }
}

function positiveInteger(
  problems: Problems,
  name: string,
  raw: string | undefined,
  fallback: number,
): number | undefined {
  if (raw === undefined || raw.trim() === "") return fallback;
  const t = raw.trim();
  const n = Number(t);
  if (!POSITIVE_INTEGER.test(t) || !Number.isSafeInteger(n) || n < 1) {
    problems.add(name, raw, `${name} must be a positive integer`);
    return undefined;
  }
  return n;
}

/** `a,b|-c,unknown` → clauses (`,` = and, `|` = or, leading `-` = not). */
/** A tag text that normalises to nothing (`!!!`, `🙂`) names no tag: refused, not dropped (which found all). */
function namesNoTag(problems: Problems, parameter: string, value: string, text: string): void {
  problems.add(parameter, value, `${parameter}: "${text}" names no tag (it has no letter or digit)`);
}

/** `""` (free tags) or a bare language prefix `en:` (taxonomy fields): nothing was left of the text. */
function isEmptyTag(tag: string): boolean {
  return tag === "" || tag.endsWith(":");
}

function tagClauses(
  problems: Problems,
  key: string,
  tagtype: string,
  value: string,
  lc: string,
  taxonomies: Taxonomies,
): TagClause[] {
  const clauses: TagClause[] = [];
  for (const andItem of value.split(",")) {
    const anyOf: TagLiteral[] = [];
    for (const orItem of andItem.split("|")) {
      let text = orItem.trim();
      const negated = text.startsWith("-");
      if (negated) text = text.slice(1).trim();
      if (text === "") continue;
      if (text.toLowerCase() === "unknown") {
        anyOf.push({ kind: "unknown", negated });
        continue;
      }
      const tag = canonicalizeTagForField(tagtype, lc, text, taxonomies);
      if (isEmptyTag(tag)) namesNoTag(problems, key, value, text);
      else anyOf.push({ kind: "tag", tag, negated });
    }
    if (anyOf.length > 0) clauses.push({ tagtype, anyOf });
  }
  return clauses;
}

const OPERATOR_PREFIX = /^(<=|>=|<|>|=)?\s*(.*)$/s;
const OPERATORS: Readonly<Record<string, NumericOperator>> = {
  "<": "lt",
  "<=": "lte",
  ">": "gt",
  ">=": "gte",
  "=": "eq",
};

/** `<5`, `>=5`, `5`, `>10,<=20` (commas before an operator separate conditions; others are decimals). */
function nutrientConditions(field: string, value: string): NumericCondition[] | undefined {
  const conditions: NumericCondition[] = [];
  for (const item of value.split(/,(?=\s*[<>=])/)) {
    const m = OPERATOR_PREFIX.exec(item.trim()) as RegExpExecArray;
    const number = parseNumber(m[2] ?? "");
    if (number === undefined) return undefined;
    conditions.push({ field, op: OPERATORS[m[1] ?? "="] ?? "eq", value: number });
  }
  return conditions;
}

/**
 * The nutrient conditions of one parameter, in the `name=<op><n>` form or the operator-in-name forms
 * `name<n` (no value), `name<=n` (read as name `name<` and value `n`). Undefined when the name is not a
 * nutrient; an empty list when there is nothing to apply.
 */
function nutrientParam(problems: Problems, key: string, value: string): NumericCondition[] | undefined {
  const m = NUTRIENT_PARAM.exec(key);
  if (m === null) return undefined;
  const name = m[1] as string;
  const operator = m[2];
  const rest = m[3] ?? "";
  const field = `nutriments.${name}`;
  // The condition as the user wrote it, for the message.
  const written = operator === undefined ? value : `${operator}${rest === "" ? "=" : rest}${value}`;
  const invalid = () => {
    problems.add(key, value, `invalid nutrient condition for ${name}: ${written}`);
    return [];
  };
  if (operator === undefined) {
    if (rest !== "") return undefined;
    if (value.trim() === "") return [];
    return nutrientConditions(field, value) ?? invalid();
  }
  const op: NumericOperator = operator === "<" ? "lt" : "gt";
  if (rest === "") {
    // `salt_100g<=10` arrives as name `salt_100g<`, value `10`: ≤ (and ≥ for `>`).
    const number = parseNumber(value);
    if (number === undefined) return invalid();
    return [{ field, op: op === "lt" ? "lte" : "gte", value: number }];
  }
  if (value !== "") return invalid();
  const number = parseNumber(rest);
  if (number === undefined) return invalid();
  return [{ field, op, value: number }];
}

function codeList(raw: string): string[] {
  const codes = new Set<string>();
  for (const item of raw.split(/[,|+\s]+/)) {
    if (item === "") continue;
    const code = normalizeBarcode(item);
    if (code !== "") codes.add(code);
  }
  return [...codes];
}

/** Ascending `N` of the parameters named `<prefix>N`. */
function indexesOf(params: Readonly<Record<string, string>>, prefix: string): number[] {
  const out: number[] = [];
  for (const key of Object.keys(params)) {
    if (!key.startsWith(prefix)) continue;
    const n = key.slice(prefix.length);
    if (/^\d{1,4}$/.test(n)) out.push(Number(n));
  }
  return out.sort((a, b) => a - b);
}

/** v1 `tagtype_N`, `tag_contains_N`, `tag_N` (API.md §5.7). */
function v1TagClauses(
  problems: Problems,
  params: Readonly<Record<string, string>>,
  lc: string,
  taxonomies: Taxonomies,
): TagClause[] {
  const clauses: TagClause[] = [];
  for (const n of indexesOf(params, "tagtype_")) {
    const rawType = (params[`tagtype_${n}`] ?? "").trim();
    const tag = (params[`tag_${n}`] ?? "").trim();
    if (rawType === "" || tag === "") continue;
    const tagtype = tagTypeFromUrl(rawType.replace(/_tags$/, ""));
    if (tagtype === undefined) {
      problems.add(`tagtype_${n}`, rawType, `unknown tag type: ${rawType}`);
      continue;
    }
    const negated = (params[`tag_contains_${n}`] ?? "").trim() === "does_not_contain";
    if (tag.toLowerCase() === "unknown") {
      clauses.push({ tagtype, anyOf: [{ kind: "unknown", negated }] });
      continue;
    }
    const canonical = canonicalizeTagForField(tagtype, lc, tag, taxonomies);
    if (isEmptyTag(canonical)) namesNoTag(problems, `tag_${n}`, tag, tag);
    else clauses.push({ tagtype, anyOf: [{ kind: "tag", tag: canonical, negated }] });
  }
  return clauses;
}

/** v1 `nutriment_N`, `nutriment_compare_N`, `nutriment_value_N` (API.md §5.7). */
function v1NumericConditions(problems: Problems, params: Readonly<Record<string, string>>): NumericCondition[] {
  const conditions: NumericCondition[] = [];
  for (const n of indexesOf(params, "nutriment_")) {
    const nutrient = (params[`nutriment_${n}`] ?? "").trim();
    const rawValue = params[`nutriment_value_${n}`] ?? "";
    if (nutrient === "" || rawValue.trim() === "") continue;
    const compare = (params[`nutriment_compare_${n}`] ?? "").trim();
    const op = V1_COMPARE[compare];
    if (op === undefined) {
      problems.add(`nutriment_compare_${n}`, compare, `invalid nutriment_compare_${n}: ${compare}`);
      continue;
    }
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(nutrient)) {
      problems.add(`nutriment_${n}`, nutrient, `not a nutrient name: ${nutrient} (lowercase letters, digits, - and _)`);
      continue;
    }
    const value = parseNumber(rawValue);
    if (value === undefined) {
      problems.add(`nutriment_value_${n}`, rawValue, `invalid nutrient condition for ${nutrient}: ${rawValue}`);
      continue;
    }
    const field = TOP_LEVEL_NUMBERS.has(nutrient)
      ? nutrient
      : `nutriments.${/_(100g|serving)$/.test(nutrient) ? nutrient : `${nutrient}_100g`}`;
    conditions.push({ field, op, value });
  }
  return conditions;
}

export interface SearchParseOptions {
  taxonomies: Taxonomies;
  /** `/cgi/search.pl`: also `search_terms2`, `tagtype_N`…, `nutriment_N`… */
  v1?: boolean;
}

/** Parses and validates search parameters; throws {@link SearchParamError} listing every problem. */
export function parseSearchParams(params: Readonly<Record<string, string>>, options: SearchParseOptions): ParsedSearch {
  const { taxonomies } = options;
  const problems = new Problems();
  const lc = parseLanguageList(params.lc)[0] ?? "en";
  const page = positiveInteger(problems, "page", params.page, 1);
  const requestedSize = positiveInteger(problems, "page_size", params.page_size, DEFAULT_PAGE_SIZE);
  const pageSize = Math.min(requestedSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

  const rawSort = (params.sort_by ?? "").trim();
  let sort: SortOrder | undefined = rawSort === "" ? undefined : SORT_BY[rawSort];
  if (rawSort !== "" && sort === undefined) problems.add("sort_by", rawSort, `unknown sort_by value: ${rawSort}`);

  const tags: TagClause[] = [];
  const numbers: NumericCondition[] = [];
  for (const [key, value] of Object.entries(params)) {
    const tagMatch = TAG_PARAM.exec(key);
    if (tagMatch) {
      const tagtype = tagMatch[1] as string;
      if (!isSearchTagType(tagtype)) {
        problems.add(key, value, `unknown tag type: ${tagtype}`);
        continue;
      }
      tags.push(...tagClauses(problems, key, tagtype, value, tagMatch[2] ?? lc, taxonomies));
      continue;
    }
    const conditions = nutrientParam(problems, key, value);
    if (conditions !== undefined) numbers.push(...conditions);
  }
  if (options.v1) {
    tags.push(...v1TagClauses(problems, params, lc, taxonomies));
    numbers.push(...v1NumericConditions(problems, params));
  }

  const rawCodes = params.code;
  const codes = rawCodes === undefined || rawCodes.trim() === "" ? undefined : codeList(rawCodes);
  if (codes === undefined && params.cc !== undefined) {
    const country = countryFromCode(taxonomies, params.cc);
    if (country !== undefined)
      tags.push({ tagtype: "countries", anyOf: [{ kind: "tag", tag: country, negated: false }] });
  }

  const terms = params.search_terms ?? (options.v1 ? params.search_terms2 : undefined);
  let text: TextCondition | undefined;
  try {
    text = terms === undefined ? undefined : textCondition(terms, lc);
  } catch (e) {
    if (!(e instanceof TooManyKeywordsError)) throw e;
    problems.add(params.search_terms === undefined ? "search_terms2" : "search_terms", terms ?? "", e.message);
  }
  sort ??= text === undefined ? "popularity" : "relevance";

  if (problems.list.length > 0) throw new SearchParamError(problems.list);
  const pageNumber = page as number;
  return {
    query: {
      tags,
      numbers,
      ...(codes === undefined ? {} : { codes }),
      ...(text === undefined ? {} : { text }),
      sort,
      skip: (pageNumber - 1) * pageSize,
      limit: pageSize,
    },
    page: pageNumber,
    pageSize,
    fields: params.fields,
  };
}
