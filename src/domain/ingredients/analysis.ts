/**
 * Vegan / vegetarian / palm-oil analysis (INGREDIENTS.md §6): per-ingredient values from the parser or
 * the inherited taxonomy property, combined into `ingredients_analysis_tags`, then label overrides.
 */
import type { Taxonomy } from "../taxonomy/types.js";
import type { ParsedIngredient } from "./types.js";

const PROPERTIES = ["from_palm_oil", "vegan", "vegetarian"] as const;
type Property = (typeof PROPERTIES)[number];

/** Share of unknown ingredients up to which a product is still palm-oil free. */
const UNKNOWN_SHARE_FOR_PALM_OIL_FREE = 0.3;

export interface IngredientsAnalysis {
  ingredients_analysis_tags?: string[];
  ingredients_analysis?: Record<string, string[]>;
}

interface Walk {
  n: number;
  unknown: string[];
  ignored: number;
  byValue: Map<string, string[]>;
}

function walk(
  list: ParsedIngredient[],
  property: Property,
  ingredients: Taxonomy,
  additivesClasses: Taxonomy | undefined,
  state: Walk,
): void {
  for (const x of list) {
    let value: string | undefined = x[property];
    if (value === undefined) {
      value = ingredients.inheritedProperty(x.id, `${property}:en`)?.value;
      if (value !== undefined) x[property] = value;
      else if (!ingredients.has(x.id)) state.unknown.push(x.id);
      else if (additivesClasses?.has(x.id)) value = "ignore";
    }
    const hasChildren = x.ingredients !== undefined && x.ingredients.length > 0;
    if ((value === undefined || value === "maybe") && hasChildren) value = "ignore";
    const key = value ?? "undef";
    if (key === "ignore") state.ignored++;
    const ids = state.byValue.get(key) ?? [];
    ids.push(x.id);
    state.byValue.set(key, ids);
    state.n++;
    if (hasChildren) walk(x.ingredients as ParsedIngredient[], property, ingredients, additivesClasses, state);
  }
}

function productValue(property: Property, state: Walk): string {
  const has = (v: string): boolean => state.byValue.has(v);
  if (property === "from_palm_oil") {
    if (has("yes")) return "en:palm-oil";
    if (has("maybe")) return "en:may-contain-palm-oil";
    const unknown = state.unknown.length - state.ignored;
    if (unknown > 0) {
      return unknown / state.n <= UNKNOWN_SHARE_FOR_PALM_OIL_FREE ? "en:palm-oil-free" : "en:palm-oil-content-unknown";
    }
    return "en:palm-oil-free";
  }
  if (has("no")) return `en:non-${property}`;
  if (has("undef")) return `en:${property}-status-unknown`;
  if (has("maybe")) return `en:maybe-${property}`;
  return `en:${property}`;
}

/** `analyze_ingredients_service`: tags in the order palm, vegan, vegetarian. */
export function analyzeIngredients(
  list: ParsedIngredient[],
  labelsTags: readonly string[],
  ingredients: Taxonomy,
  additivesClasses: Taxonomy | undefined,
): IngredientsAnalysis {
  const values = new Map<Property, string>();
  const details: Record<string, string[]> = {};
  if (list.length > 0) {
    for (const property of PROPERTIES) {
      const state: Walk = { n: 0, unknown: [], ignored: 0, byValue: new Map() };
      walk(list, property, ingredients, additivesClasses, state);
      const value = productValue(property, state);
      values.set(property, value);
      const causes =
        property === "from_palm_oil"
          ? { "en:palm-oil": "yes", "en:may-contain-palm-oil": "maybe" }
          : { [`en:non-${property}`]: "no", [`en:maybe-${property}`]: "maybe" };
      for (const [tag, raw] of Object.entries(causes)) {
        const ids = state.byValue.get(raw);
        if (ids !== undefined && ids.length > 0) details[tag] = [...ids];
      }
      if (state.unknown.length > 0) {
        const unknownTag =
          property === "from_palm_oil" ? "en:palm-oil-content-unknown" : `en:${property}-status-unknown`;
        details[unknownTag] = [...state.unknown];
      }
    }
  }
  const labels = new Set(labelsTags);
  if (labels.has("en:palm-oil-free")) {
    values.set(
      "from_palm_oil",
      values.get("from_palm_oil") === "en:palm-oil" ? "en:may-contain-palm-oil" : "en:palm-oil-free",
    );
  }
  if (labels.has("en:vegan")) {
    if (values.get("vegetarian") === "en:non-vegetarian") {
      values.set("vegan", "en:maybe-vegan");
      values.set("vegetarian", "en:maybe-vegetarian");
    } else {
      values.set("vegan", "en:vegan");
      values.set("vegetarian", "en:vegetarian");
    }
  } else if (labels.has("en:non-vegan")) {
    values.set("vegan", "en:non-vegan");
  }
  if (labels.has("en:vegetarian")) {
    values.set(
      "vegetarian",
      values.get("vegetarian") === "en:non-vegetarian" ? "en:maybe-vegetarian" : "en:vegetarian",
    );
  }
  if (labels.has("en:non-vegetarian")) {
    values.set("vegetarian", "en:non-vegetarian");
    values.set("vegan", "en:non-vegan");
  }
  const tags = PROPERTIES.map((p) => values.get(p)).filter((v): v is string => v !== undefined);
  const result: IngredientsAnalysis = {};
  if (tags.length > 0) result.ingredients_analysis_tags = tags;
  if (Object.keys(details).length > 0) result.ingredients_analysis = details;
  return result;
}
