/**
 * NOVA group (INGREDIENTS.md §9, OFF's `compute_nova_group`): group 1, raised by markers found in the
 * categories, ingredients and additives tags (OFF's configured markers, then the taxonomies' direct
 * `nova:en` properties); unknown without ingredients, with too many unknown ingredients, or without a
 * category.
 */
import type { Taxonomy } from "../taxonomy/types.js";
import type { NovaMarkers } from "./words.js";

export interface NovaInput {
  categoriesTags: readonly string[];
  /** The `categories` text; empty means no category. */
  categories: string;
  ingredientsTags: readonly string[];
  additivesTags: readonly string[];
  hasIngredientsText: boolean;
  ingredientsN: number;
  unknownIngredientsN: number;
}

export interface NovaResult {
  nova_group?: number;
  nova_groups?: string;
  nova_groups_tags: string[];
  nova_groups_markers?: Record<string, [string, string][]>;
  nova_group_error?: string;
}

const GROUP_TAGS: Readonly<Record<number, string>> = {
  1: "en:1-unprocessed-or-minimally-processed-foods",
  2: "en:2-processed-culinary-ingredients",
  3: "en:3-processed-foods",
  4: "en:4-ultra-processed-food-and-drink-products",
};

interface Marker {
  tagtype: string;
  tag: string;
  group: number;
}

const sortedMarkerLists = new WeakMap<NovaMarkers, Marker[]>();

/** Configured markers, sorted by (group, key) as OFF iterates them; computed once per marker table. */
function sortedMarkers(markers: NovaMarkers): Marker[] {
  let sorted = sortedMarkerLists.get(markers);
  if (sorted === undefined) {
    sorted = Object.entries(markers)
      .sort(([ka, ga], [kb, gb]) => ga - gb || (ka < kb ? -1 : ka > kb ? 1 : 0))
      .map(([key, group]) => {
        const slash = key.indexOf("/");
        return { tagtype: key.slice(0, slash), tag: key.slice(slash + 1), group };
      });
    sortedMarkerLists.set(markers, sorted);
  }
  return sorted;
}

export function computeNova(
  input: NovaInput,
  markers: NovaMarkers,
  taxonomies: { categories: Taxonomy; ingredients?: Taxonomy; additives?: Taxonomy },
): NovaResult {
  const categories = new Set(input.categoriesTags);
  if (categories.has("en:non-food-products")) return { nova_groups_tags: ["not-applicable"] };
  const tagsOf: Record<string, ReadonlySet<string>> = {
    categories,
    ingredients: new Set(input.ingredientsTags),
    additives: new Set(input.additivesTags),
  };
  const byGroup = new Map<number, [string, string][]>([
    [2, []],
    [3, []],
    [4, []],
  ]);
  for (const { tagtype, tag, group } of sortedMarkers(markers)) {
    if (tagsOf[tagtype]?.has(tag)) byGroup.get(group)?.push([tagtype, tag]);
  }
  const taxonomyOf: Record<string, Taxonomy | undefined> = {
    categories: taxonomies.categories,
    ingredients: taxonomies.ingredients,
    additives: taxonomies.additives,
  };
  for (const [tagtype, list] of [
    ["categories", input.categoriesTags],
    ["ingredients", input.ingredientsTags],
    ["additives", input.additivesTags],
  ] as const) {
    const taxonomy = taxonomyOf[tagtype];
    if (taxonomy === undefined) continue;
    for (const tag of list) {
      const value = taxonomy.property(tag, "nova:en");
      const group = value === undefined ? Number.NaN : Number.parseInt(value, 10);
      if (group >= 2 && group <= 4) byGroup.get(group)?.push([tagtype, tag]);
    }
  }
  let novaGroup = 1;
  const recorded: Record<string, [string, string][]> = {};
  for (const group of [2, 3, 4]) {
    const seen = new Set<string>();
    for (const marker of byGroup.get(group) ?? []) {
      const key = marker.join("/");
      if (seen.has(key)) continue;
      if (group >= novaGroup && !(group === 3 && novaGroup === 2)) {
        novaGroup = group;
        seen.add(key);
        const list = recorded[String(group)] ?? [];
        list.push(marker);
        recorded[String(group)] = list;
      }
    }
  }
  const unknown = (error: string): NovaResult => ({ nova_groups_tags: ["unknown"], nova_group_error: error });
  if (!input.hasIngredientsText) {
    const waters =
      categories.has("en:waters") && !categories.has("en:flavored-waters") && !categories.has("en:flavoured-waters");
    if (waters) novaGroup = 1;
    else if (novaGroup !== 2) return unknown("missing_ingredients");
  } else if (novaGroup !== 4) {
    if (input.unknownIngredientsN > input.ingredientsN / 2) return unknown("too_many_unknown_ingredients");
    if (input.categories.trim() === "") return unknown("missing_category");
  }
  const result: NovaResult = {
    nova_group: novaGroup,
    nova_groups: String(novaGroup),
    nova_groups_tags: [GROUP_TAGS[novaGroup] as string],
  };
  if (Object.keys(recorded).length > 0) result.nova_groups_markers = recorded;
  return result;
}
