/**
 * Tag types that search filters and facets know (API.md §5.2, §5.8): `<tagtype>_tags` arrays of the
 * product document. The tag fields written by foodbase, the computed ones of §5.8, and the other tag
 * arrays of OFF dumps that OFF lets users filter on, so that imported products can be searched too.
 */
import { TAG_FIELDS } from "../tags.js";

/**
 * Computed tag types named by API.md §5.8, and `users`: OFF's tag type of a product's `creator` (its
 * URL name is `contributor`, issue 26), indexed from the `creator` field.
 */
const COMPUTED_TAG_TYPES = ["nutrition_grades", "misc", "editors", "entry_dates", "last_edit_dates", "users"] as const;

/** The tag type whose tag is the product's `creator` (OFF's `/contributor/{user_id}`). */
export const CREATOR_TAG_TYPE = "users";

/** Further `<tagtype>_tags` arrays of OFF products (kept by imports). */
const OFF_TAG_TYPES = [
  "additives",
  "amino_acids",
  "checkers",
  "cities",
  "codes",
  "correctors",
  "data_quality",
  "data_quality_bugs",
  "data_quality_errors",
  "data_quality_info",
  "data_quality_warnings",
  "data_sources",
  "ecoscore",
  "food_groups",
  "informers",
  "ingredients",
  "ingredients_analysis",
  "languages",
  "last_check_dates",
  "minerals",
  "nova_groups",
  "nucleotides",
  "nutrient_levels",
  "nutriscore",
  "nutriscore_2021",
  "nutriscore_2023",
  "other_nutritional_substances",
  "owners",
  "packaging_materials",
  "packaging_recycling",
  "packaging_shapes",
  "periods_after_opening",
  "photographers",
  "popularity",
  "states",
  "teams",
  "vitamins",
  "weighers",
] as const;

/** Every tag type a filter may name, in a stable order. */
export const SEARCH_TAG_TYPES: readonly string[] = [
  ...Object.keys(TAG_FIELDS),
  ...COMPUTED_TAG_TYPES,
  ...OFF_TAG_TYPES,
];

const KNOWN: ReadonlySet<string> = new Set(SEARCH_TAG_TYPES);

export function isSearchTagType(tagtype: string): boolean {
  return KNOWN.has(tagtype);
}

/** Singular of a tag type as OFF writes it in URLs (`categories` → `category`), with `_`. */
function singular(tagtype: string): string {
  if (tagtype === "periods_after_opening") return "period_after_opening";
  if (tagtype.endsWith("sis")) return tagtype;
  if (tagtype.endsWith("ies")) return `${tagtype.slice(0, -3)}y`;
  if (tagtype.endsWith("s")) return tagtype.slice(0, -1);
  return tagtype;
}

/** Names a URL may use for a tag type: plural or singular, `_` or `-`, plus `packager-codes`. */
export function tagTypeUrlNames(tagtype: string): string[] {
  const names = new Set<string>();
  for (const form of [tagtype, singular(tagtype)]) {
    names.add(form);
    names.add(form.replaceAll("_", "-"));
  }
  if (tagtype === CREATOR_TAG_TYPE) {
    names.add("contributor");
    names.add("contributors");
  }
  if (tagtype === "emb_codes") {
    names.add("packager-codes");
    names.add("packager-code");
    names.add("packager_codes");
    names.add("packager_code");
  }
  return [...names];
}

const URL_NAMES: ReadonlyMap<string, string> = new Map(
  SEARCH_TAG_TYPES.flatMap((tagtype) => tagTypeUrlNames(tagtype).map((name) => [name, tagtype] as const)),
);

/** The tag type a URL names (`category`, `manufacturing-places`, `packager-codes`), or undefined. */
export function tagTypeFromUrl(name: string): string | undefined {
  return URL_NAMES.get(name.toLowerCase());
}

/** The URL form OFF links to: singular with `-` (`category`, `manufacturing-place`). */
export function tagTypeUrlName(tagtype: string): string {
  if (tagtype === "emb_codes") return "packager-code";
  if (tagtype === CREATOR_TAG_TYPE) return "contributor";
  return singular(tagtype).replaceAll("_", "-");
}
