/**
 * Tag types that search filters and facets know (API.md §5.2, §5.8): `<tagtype>_tags` arrays of the
 * product document. The tag fields written by foodbase, the computed ones of §5.8, and the other tag
 * arrays of OFF dumps that OFF lets users filter on, so that imported products can be searched too.
 */
import { TAG_FIELDS } from "../tags.js";
import { LOCALIZED_TAG_TYPE_NAMES } from "./tag-type-names.js";

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

/** The English names a URL may use for a tag type: plural or singular, `_` or `-`, plus `packager-codes`. */
function englishUrlNames(tagtype: string): string[] {
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

/** Every (name, tag type, language) a URL may use: English ones under `en`, then OFF's translations. */
function allUrlNames(): { name: string; tagtype: string; lc: string }[] {
  const all = SEARCH_TAG_TYPES.flatMap((tagtype) =>
    englishUrlNames(tagtype).map((name) => ({ name, tagtype, lc: "en" })),
  );
  for (const [lc, names] of Object.entries(LOCALIZED_TAG_TYPE_NAMES)) {
    for (const [tagtype, forms] of Object.entries(names)) {
      if (!KNOWN.has(tagtype)) continue;
      for (const name of new Set(forms)) all.push({ name, tagtype, lc });
    }
  }
  return all;
}

/**
 * URL name → tag type, and → the one language it belongs to when it is not English. A name that two
 * languages give to different tag types is left out, as neither reading could be trusted.
 */
const { URL_NAMES, NAME_LANGUAGES } = (() => {
  const types = new Map<string, Set<string>>();
  const languages = new Map<string, Set<string>>();
  for (const { name, tagtype, lc } of allUrlNames()) {
    const key = name.toLowerCase();
    types.set(key, (types.get(key) ?? new Set()).add(tagtype));
    languages.set(key, (languages.get(key) ?? new Set()).add(lc));
  }
  const urlNames = new Map<string, string>();
  const nameLanguages = new Map<string, string>();
  for (const [name, tagtypes] of types) {
    if (tagtypes.size !== 1) continue;
    urlNames.set(name, [...tagtypes][0] as string);
    const lcs = languages.get(name) ?? new Set();
    if (lcs.size === 1 && !lcs.has("en")) nameLanguages.set(name, [...lcs][0] as string);
  }
  return {
    URL_NAMES: urlNames as ReadonlyMap<string, string>,
    NAME_LANGUAGES: nameLanguages as ReadonlyMap<string, string>,
  };
})();

/** Names a URL may use for a tag type: English forms, and OFF's names in the other languages shipped. */
export function tagTypeUrlNames(tagtype: string): string[] {
  return [...URL_NAMES].filter(([, t]) => t === tagtype).map(([name]) => name);
}

/** The tag type a URL names (`category`, `manufacturing-places`, `packager-codes`, `categorie`), or undefined. */
export function tagTypeFromUrl(name: string): string | undefined {
  return URL_NAMES.get(name.toLowerCase());
}

/**
 * The language a tag-type name of a URL belongs to when only one language uses it and that is not
 * English (`categorie` → fr, `kategorie` → de); undefined for English and shared names (`label`, `marca`).
 */
export function languageOfTagTypeName(name: string): string | undefined {
  return NAME_LANGUAGES.get(name.toLowerCase());
}

/** The URL form OFF links to: singular with `-` (`category`, `manufacturing-place`). */
export function tagTypeUrlName(tagtype: string): string {
  if (tagtype === "emb_codes") return "packager-code";
  if (tagtype === CREATOR_TAG_TYPE) return "contributor";
  return singular(tagtype).replaceAll("_", "-");
}
