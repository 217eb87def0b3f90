/**
 * The recursive ingredient-list parser (INGREDIENTS.md §3.3–§3.4): splits the preparsed text on
 * separators and brackets, strips percents, origins, labels and processing words from each fragment, and
 * matches what is left against the ingredients taxonomy. Iterative over siblings and bounded in depth and
 * in the number of ingredients, so that pathological text stays cheap.
 */
import { getStringIdForLang } from "../taxonomy/string-id.js";
import type { Taxonomy } from "../taxonomy/types.js";
import { IN_LIST_LABELS } from "./labels.js";
import { canonicalizeMemo } from "./memo.js";
import { alternation, type LanguagePatterns, parseNumber, quantityInGrams } from "./regex.js";
import type { ParsedIngredient } from "./types.js";

/** Limits of foodbase (not OFF's): beyond them the rest of the text is not parsed. */
export const MAX_INGREDIENTS = 500;
export const MAX_DEPTH = 8;
/** Ids of this length or more are dropped, as OFF does. */
const MAX_ID_LENGTH = 500;
/**
 * Fragments longer than this get no "and" split, label or processing heuristics (each of which tries
 * many sub-phrases): real ingredient names are far shorter, and this keeps "a and a and a …" linear.
 */
const MAX_HEURISTIC_LENGTH = 200;

export interface ParserTaxonomies {
  ingredients: Taxonomy;
  ingredients_processing?: Taxonomy;
  origins?: Taxonomy;
  countries?: Taxonomy;
  labels: Taxonomy;
  allergens?: Taxonomy;
  additives_classes?: Taxonomy;
}

export interface ParseState {
  lc: string;
  patterns: LanguagePatterns;
  taxonomies: ParserTaxonomies;
  /** Ingredients created so far (all levels). */
  count: number;
  /** Allergens named alone in parentheses ("butter (milk)"), for `allergens_from_ingredients`. */
  allergens: string[];
  /** Labels found as lone fragments ("organic"), added to the product's labels. */
  labels: Set<string>;
}

const IN_LIST_LABEL_SET: ReadonlySet<string> = new Set(IN_LIST_LABELS);

/** Main allergens that a single word in parentheses names instead of a sub-ingredient (§3.3). */
const MAIN_ALLERGEN_INGREDIENT =
  /^en:(celery|crustacean|egg|fish|gluten|lactose|lupin-bean|lupin|milk|mollusc|mustard|nut|peanut|sesame|sesame-seeds|soy|soya|sulfite|e220)$/;

/**
 * The separators of §3.3. Group 1 is an opening bracket or colon (a group), otherwise a plain separator.
 */
const SEPARATOR = /\s*([[{(（:])\s*|\s*(?:[,﹐，、﹑､،;/／]|[.．。](?=\s|$)|\s·\s|[•‣◦⁃⁌⁍∙⋅・]|\s[-‐‑‒–—―]\s)\s*/u;
const CLOSING: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "（": "）" };

/** End of a bracket group with one inner level allowed (OFF's `([^()]|\([^()]+\))*`), or -1. */
function groupEnd(text: string, open: string): number {
  const close = CLOSING[open] as string;
  let inner = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === open) {
      if (inner) return -1;
      inner = true;
    } else if (c === close) {
      if (!inner) return i;
      inner = false;
    }
  }
  return -1;
}

/** Joins a parent and its single bracketed child that name one ingredient together ("huile (palme)"). */
const COMBINED = "\uE000";
const COMBINED_PATTERN = /^(.*?)\uE000(.*)$/u;

/** End of a ":" group: the next comma, semicolon, colon, spaced dash, or the end. */
const COLON_GROUP_END = /[,;:]|\s[-‐‑‒–—―]\s/u;

interface Attributes {
  percent?: number;
  quantity?: string;
  quantity_g?: number;
  labels: string[];
  origins: string[];
  processing: string[];
  vegan?: string;
  vegetarian?: string;
}

function emptyAttributes(): Attributes {
  return { labels: [], origins: [], processing: [] };
}

function setPercentOrQuantity(target: Attributes, value: string, unit: string): void {
  const n = parseNumber(value);
  if (!Number.isFinite(n)) return;
  if (unit === "%") {
    target.percent = n;
  } else {
    target.quantity = `${value} ${unit}`;
    const grams = quantityInGrams(n, unit);
    if (grams !== undefined) target.quantity_g = grams;
  }
}

export class IngredientParser {
  private readonly and: RegExp;
  private readonly trailingPercent: RegExp;
  private readonly leadingPercent: RegExp;
  private readonly onlyPercent: RegExp;
  private readonly fromWords: RegExp | undefined;
  /** "dont 4% de bœuf": the inclusion marker before a percent. */
  private readonly inclusion: RegExp | undefined;
  /** The first separator or "and" of a bracketed list (is its first item an origin?). */
  private readonly separatorOrAnd: RegExp;
  /** Between the origins of "origine : France, Italie et Espagne". */
  private readonly originsSeparator: RegExp;
  private readonly originPhrase =
    /(?:^|\s)(?:de\s+|d')?(?:origine?s?|origin|ursprung|herkunft|procedencia|provenienza)\s*:?\s*(.+)$/iu;

  constructor(private readonly state: ParseState) {
    const { patterns } = state;
    this.and = patterns.and;
    this.trailingPercent = patterns.trailingPercent;
    this.leadingPercent = patterns.leadingPercent;
    this.onlyPercent = patterns.onlyPercent;
    const from = patterns.words.from;
    this.fromWords = from.length === 0 ? undefined : new RegExp(`^(.+)\\s+${alternation(from)}\\s*(.{4,})$`, "iu");
    const inclusion = patterns.words.inclusion ?? [];
    this.inclusion = inclusion.length === 0 ? undefined : new RegExp(`^(?:${alternation(inclusion)})\\s+(?=\\d)`, "iu");
    this.separatorOrAnd = new RegExp(`${SEPARATOR.source}|${this.and.source}`, "iu");
    this.originsSeparator = new RegExp(`\\s*,\\s*|${this.and.source}`, "iu");
  }

  private get lc(): string {
    return this.state.lc;
  }

  /** Canonical ingredient id with the E-number + name rule (§3.5). */
  canonicalize(text: string): string {
    const ingredients = this.state.taxonomies.ingredients;
    const id = canonicalizeMemo(ingredients, this.lc, text);
    if (ingredients.has(id)) return id;
    const m = /^(e\d{3,4}[a-z]*)\s*[-–]?\s*(.+)$/iu.exec(text) ?? /^(.+?)\s*[-–(]?\s*(e\d{3,4}[a-z]*)\)?$/iu.exec(text);
    if (m !== null) {
      const [eText, nameText] = /^e\d/i.test(m[1] as string) ? [m[1], m[2]] : [m[2], m[1]];
      const eId = canonicalizeMemo(ingredients, this.lc, eText as string);
      const nameId = canonicalizeMemo(ingredients, this.lc, nameText as string);
      if (ingredients.has(eId) && ingredients.has(nameId) && eId.startsWith(nameId)) return eId;
    }
    return id;
  }

  isKnown(text: string): boolean {
    return this.state.taxonomies.ingredients.has(this.canonicalize(text));
  }

  private knownIn(taxonomy: Taxonomy | undefined, text: string): string | undefined {
    if (taxonomy === undefined || text.trim() === "") return undefined;
    const id = canonicalizeMemo(taxonomy, this.lc, text);
    return taxonomy.has(id) ? id : undefined;
  }

  /** An origin: the origins taxonomy, then the countries (OFF's origins include the countries). */
  private knownOrigin(text: string): string | undefined {
    const id = this.knownIn(this.state.taxonomies.origins, text) ?? this.knownIn(this.state.taxonomies.countries, text);
    return id === "en:unknown" ? undefined : id;
  }

  private knownLabel(text: string): string | undefined {
    return this.knownIn(this.state.taxonomies.labels, text);
  }

  private knownProcessing(text: string): string | undefined {
    return this.knownIn(this.state.taxonomies.ingredients_processing, text);
  }

  /** Parses a whole (preparsed) list. */
  parse(text: string): ParsedIngredient[] {
    return this.parseList(text, 0, undefined);
  }

  private parseList(text: string, level: number, parent: ParsedIngredient | undefined): ParsedIngredient[] {
    const list: ParsedIngredient[] = [];
    let rest = text;
    let inclusionSeen = false;
    while (rest.trim() !== "" && this.state.count < MAX_INGREDIENTS) {
      const m = SEPARATOR.exec(rest);
      let before: string;
      let after: string;
      let between = "";
      if (m === null) {
        before = rest;
        after = "";
      } else {
        before = rest.slice(0, m.index);
        after = rest.slice(m.index + m[0].length);
        const open = m[1];
        if (open === ":") {
          const end = COLON_GROUP_END.exec(after);
          between = end === null ? after : after.slice(0, end.index);
          after = end === null ? "" : after.slice(end.index);
        } else if (open !== undefined) {
          const end = groupEnd(after, open);
          if (end >= 0) {
            between = after.slice(0, end);
            after = after.slice(end + 1);
          }
        }
      }
      between = between.replace(/\.\s*$/u, "").trim();
      const parentAttributes = emptyAttributes();
      let subText = "";
      let allergenInBrackets: string | undefined;
      if (between !== "") {
        // "tomatoes (64%, origin: Spain)": the leading percent is the parent's.
        const leading = this.state.patterns.percentThenSeparator.exec(between);
        if (leading !== null) {
          setPercentOrQuantity(parentAttributes, leading[1] as string, (leading[2] as string).toLowerCase());
          between = between.slice(leading[0].length);
        }
        const hasSeparator = SEPARATOR.test(between) || this.and.test(` ${between} `);
        // "Oranges (Florida, USA)", "Tomatoes (France and Italy)": a list whose first item is an origin is the
        // ingredient's origins (OFF prefixes it with "origins:").
        if (hasSeparator && this.originPhrase.exec(between) === null) {
          const first = this.separatorOrAnd.exec(between);
          if (first !== null && this.knownOrigin(between.slice(0, first.index)) !== undefined) {
            between = `origins: ${between}`;
          }
        }
        const originInBrackets = this.originPhrase.exec(between);
        if (this.onlyPercent.test(between) || (originInBrackets !== null && originInBrackets.index === 0)) {
          const single = this.classifySingle(between, before);
          if (single.kind === "attributes")
            Object.assign(parentAttributes, mergeAttributes(parentAttributes, single.attributes));
        } else if (!hasSeparator && this.combinesWithParent(before, between)) {
          // "huile (palme)", "graisse végétale bio (colza)": parent and child name one ingredient.
          before = `${before}${COMBINED}${between}`;
        } else if (hasSeparator) {
          subText = between;
        } else {
          const single = this.classifySingle(between, before);
          if (single.kind === "sub") subText = between;
          else if (single.kind === "allergen") allergenInBrackets = single.value;
          else Object.assign(parentAttributes, mergeAttributes(parentAttributes, single.attributes));
        }
      }
      // "X, 20%, …": a percent right after the separator belongs to X.
      const afterPercent = this.state.patterns.percentAfterSeparator.exec(after);
      if (afterPercent !== null && before.trim() !== "") {
        setPercentOrQuantity(parentAttributes, afterPercent[1] as string, (afterPercent[2] as string).toLowerCase());
        after = after.slice(afterPercent[0].length);
      }
      if (allergenInBrackets !== undefined) this.state.allergens.push(allergenInBrackets);

      let cleaned = before.replace(/[)\]}]/g, "").replace(/^[\s-]+|[\s-]+$/gu, "");
      // "viande (dont 4% de bœuf, 2% de poulet)": an item naming a share of the parent is the ingredient after the
      // percent; as OFF 2026, the percents of it and of the items after it in the list are not kept.
      const marker = level > 0 ? this.inclusion?.exec(cleaned) : null;
      const share = marker == null ? null : this.leadingPercent.exec(cleaned.slice(marker[0].length));
      if (marker != null && share !== null) {
        cleaned = cleaned.slice(marker[0].length + share[0].length);
        inclusionSeen = true;
      }
      if (inclusionSeen) {
        delete parentAttributes.percent;
        cleaned = cleaned.replace(this.leadingPercent, "").replace(this.trailingPercent, "").trim();
      }
      if (cleaned === "" && subText !== "" && list.length > 0) {
        // "Vegetables (97%) (Potatoes, Tomatoes)": the group belongs to the previous ingredient.
        const previous = list[list.length - 1] as ParsedIngredient;
        if (previous.ingredients === undefined && level < MAX_DEPTH) {
          previous.ingredients = this.parseList(subText, level + 1, previous);
        }
      } else if (cleaned !== "") {
        const created = this.fragments(cleaned, parent, subText !== "");
        const only = created.length === 1 ? created[0] : undefined;
        const label = only !== undefined && only.is_in_taxonomy === 0 ? this.knownLabel(only.text) : undefined;
        if (label !== undefined && IN_LIST_LABEL_SET.has(label) && subText !== "" && level < MAX_DEPTH) {
          // "vegan (orange juice)": the label applies to what the brackets name.
          this.state.count--;
          for (const child of this.parseList(subText, level, parent)) {
            applyAttributes(child, { ...emptyAttributes(), labels: [label] });
            list.push(child);
          }
          rest = after;
          continue;
        }
        for (const [i, ingredient] of created.entries()) {
          const last = i === created.length - 1;
          // "cacao et beurre de cacao (commerce équitable)", "viandes et sous-produits animaux (36%, …)": OFF keeps the
          // percent, origins, labels and vegan/vegetarian values found in the brackets for every ingredient split
          // off "before" by "and" (its variables are not reset between them); only the sub-ingredients go to the last.
          applyAttributes(ingredient, parentAttributes);
          list.push(ingredient);
          if (last && subText !== "" && level < MAX_DEPTH) {
            const children = this.parseList(subText, level + 1, ingredient);
            if (children.length > 0) ingredient.ingredients = children;
          }
        }
      } else if (subText !== "" && list.length === 0 && level < MAX_DEPTH) {
        // A group with nothing before it ("(a, b)") is read at the same level.
        list.push(...this.parseList(subText, level, parent));
      }
      rest = after;
    }
    return list;
  }

  /** The text naming a parent and a single child as one ingredient ("palm oil", "huile de palme"), if known. */
  private combinedName(parentText: string, childText: string): string | undefined {
    const parent = this.stripLabels(parentText.replace(/[)\]}]/g, "").trim(), emptyAttributes());
    const child = childText.trim();
    if (parent === "" || child === "") return undefined;
    const candidates =
      this.lc === "en"
        ? [`${child} ${parent}`]
        : [
            `${parent} ${child}`,
            ...this.state.patterns.words.of.map((of) => `${parent} ${of.endsWith("'") ? of : `${of} `}${child}`),
          ];
    // A name that is the child's own ingredient ("cheese (parmigiano reggiano)": "parmigiano reggiano cheese" is
    // en:parmigiano-reggiano) adds nothing: the parent stays, with the child under it, as OFF's parser reads it.
    const childId = this.isKnown(child) ? this.canonicalize(child) : undefined;
    const names = (candidate: string): boolean => this.isKnown(candidate) && this.canonicalize(candidate) !== childId;
    for (const candidate of candidates) {
      if (names(candidate)) return candidate;
      const stripped = this.stripLabels(candidate, emptyAttributes());
      if (stripped !== candidate && names(stripped)) return candidate;
    }
    // "graisse végétale bio (huile de colza)": a category and the one type the preparse developed under it
    // (INGREDIENTS.md §3.2 step 10) name one ingredient, the type.
    const lower = parent.toLowerCase();
    const isCategory = this.state.patterns.words.categories_and_types.some((table) =>
      table.categories.some((category) => category.toLowerCase() === lower),
    );
    return isCategory && this.isKnown(child) ? child : undefined;
  }

  private combinesWithParent(parentText: string, childText: string): boolean {
    if (parentText.trim() === "" || this.onlyPercent.test(childText)) return false;
    return this.combinedName(parentText, childText) !== undefined;
  }

  /** What a single item in brackets is (§3.3 "Classify between"). */
  private classifySingle(
    between: string,
    parentText: string,
  ): { kind: "attributes"; attributes: Attributes } | { kind: "allergen"; value: string } | { kind: "sub" } {
    const attributes = emptyAttributes();
    const percent = this.onlyPercent.exec(between);
    if (percent !== null) {
      setPercentOrQuantity(attributes, percent[1] as string, (percent[2] as string).toLowerCase());
      return { kind: "attributes", attributes };
    }
    const origin = this.originPhrase.exec(between);
    if (origin !== null) {
      const value = origin[1] as string;
      if (/v[ée]g[ée]tal/iu.test(value)) {
        attributes.vegan = "yes";
        attributes.vegetarian = "yes";
      } else {
        for (const part of value.split(this.originsSeparator)) {
          const id = this.knownOrigin(part);
          if (id !== undefined) attributes.origins.push(id);
        }
      }
      return { kind: "attributes", attributes };
    }
    const originId = this.knownOrigin(between);
    if (originId !== undefined && !this.isKnown(between)) {
      attributes.origins.push(originId);
      return { kind: "attributes", attributes };
    }
    const allergens = this.state.taxonomies.allergens;
    if (allergens !== undefined && this.knownLabel(parentText) === undefined) {
      const allergen = canonicalizeMemo(allergens, this.lc, between);
      if (allergens.has(allergen) && MAIN_ALLERGEN_INGREDIENT.test(this.canonicalize(between))) {
        return { kind: "allergen", value: between };
      }
    }
    if (between.length >= 3 && !this.isKnown(between)) {
      const label = this.knownLabel(between);
      if (label !== undefined) {
        attributes.labels.push(label);
        return { kind: "attributes", attributes };
      }
      const processing = this.knownProcessing(between);
      if (processing !== undefined) {
        attributes.processing.push(processing);
        return { kind: "attributes", attributes };
      }
    }
    return { kind: "sub" };
  }

  /** `before` → one or two ingredients (the first "and" pass, §3.3 step 4), skipped fragments dropped. */
  private fragments(before: string, parent: ParsedIngredient | undefined, hasChildren = false): ParsedIngredient[] {
    const queue: { text: string; carried?: Attributes }[] = [{ text: before }];
    const andMatch = before.length > MAX_HEURISTIC_LENGTH ? null : this.and.exec(before);
    if (andMatch !== null && !this.isKnown(before)) {
      const first = before.slice(0, andMatch.index);
      const second = before.slice(andMatch.index + andMatch[0].length);
      if (this.recognisable(first) && this.recognisable(second)) queue.splice(0, 1, { text: first }, { text: second });
    }
    const result: ParsedIngredient[] = [];
    while (queue.length > 0 && this.state.count < MAX_INGREDIENTS) {
      const fragment = queue.shift() as { text: string; carried?: Attributes };
      const outcome = this.fragment(fragment.text, parent, hasChildren && queue.length === 0, fragment.carried);
      if (outcome === undefined) continue;
      result.push(outcome.ingredient);
      this.state.count++;
      if (outcome.pushBack !== undefined) queue.unshift(outcome.pushBack);
    }
    return result;
  }

  /** Known after removing a percent and processing words. */
  private recognisable(text: string): boolean {
    let s = text.trim();
    if (s.length > MAX_HEURISTIC_LENGTH) return false;
    const trailing = this.trailingPercent.exec(s);
    if (trailing !== null) s = s.slice(0, trailing.index);
    if (this.isKnown(s)) return true;
    return this.removeProcessing(s).known;
  }

  /** One fragment → an ingredient, or undefined when it is skipped (§3.3 step 6). */
  private fragment(
    raw: string,
    parent: ParsedIngredient | undefined,
    hasChildren = false,
    carried?: Attributes,
  ): { ingredient: ParsedIngredient; pushBack?: { text: string; carried: Attributes } } | undefined {
    const attributes = emptyAttributes();
    if (carried !== undefined) {
      attributes.labels.push(...carried.labels);
      attributes.origins.push(...carried.origins);
    }
    // A comma between digits was kept out of the split ("Tert-butyl-1,4-benzenediol", see index.ts).
    let text = raw.replace(/\u201A/g, ",");
    let pushBack: { text: string; carried: Attributes } | undefined;
    let id: string | undefined;
    if (raw.length > MAX_HEURISTIC_LENGTH) {
      const ingredient = this.unknown(raw.trim(), attributes);
      return ingredient.id.length >= MAX_ID_LENGTH ? undefined : { ingredient };
    }
    const combined = COMBINED_PATTERN.exec(raw);
    if (combined !== null) {
      const name = this.combinedName(combined[1] as string, combined[2] as string);
      if (name !== undefined) {
        // The parent's labels stay when the child alone names the ingredient ("graisse végétale bio (huile de colza)").
        if (name === (combined[2] as string).trim()) this.stripLabels(combined[1] as string, attributes);
        text = this.stripLabels(name, attributes);
        // "saumon (msc)": a label in the brackets qualifies the parent, whose text stays.
        const child = combined[2] as string;
        const shown = this.knownLabel(child) !== undefined ? (combined[1] as string).trim() : child;
        return { ingredient: this.known(this.canonicalize(text), shown, attributes) };
      }
      text = `${combined[1]} ${combined[2]}`;
    }
    for (let round = 0; round < 4 && id === undefined; round++) {
      const start = text;
      const trailing = this.trailingPercent.exec(text);
      if (trailing !== null) {
        setPercentOrQuantity(attributes, trailing[1] as string, (trailing[2] as string).toLowerCase());
        text = text.slice(0, trailing.index);
      }
      const leading = this.leadingPercent.exec(text);
      if (leading !== null && leading[0].length < text.length) {
        setPercentOrQuantity(attributes, leading[1] as string, (leading[2] as string).toLowerCase());
        text = text.slice(leading[0].length);
      }
      text = text
        // Emphasis underscores around words ("_lait_ écrémé" → "lait écrémé"), as OFF's current parser.
        .replace(/_+([^_\s][^_]*?)_+/gu, "$1")
        .replace(/^[\s*°¹²³()[\]{}.\-_'"]+|[\s*°¹²³()[\]{}.\-_'"]+$/gu, "")
        .replace(/\(\d\)/g, "")
        .trim();
      const origin = this.originPhrase.exec(text);
      if (origin !== null && origin.index > 0) {
        const value = origin[1] as string;
        if (/v[ée]g[ée]tal/iu.test(value)) {
          attributes.vegan = "yes";
          attributes.vegetarian = "yes";
        } else {
          const originId = this.knownOrigin(value);
          if (originId !== undefined) attributes.origins.push(originId);
        }
        text = text.slice(0, origin.index).trim();
      }
      text = this.stripLabels(text, attributes);
      if (text === "") return undefined;
      if (this.isKnown(text)) {
        id = this.canonicalize(text);
        break;
      }
      if (text === start) break;
    }
    if (id === undefined) {
      // Origin suffix "X from Y" / prefix "California almonds".
      const from = this.fromWords?.exec(text);
      if (from != null) {
        const originId = this.knownOrigin(from[2] as string);
        if (originId !== undefined && this.isKnown(from[1] as string)) {
          attributes.origins.push(originId);
          text = from[1] as string;
        }
      }
      if (this.lc === "en" && !this.isKnown(text)) {
        const wordsOfText = text.split(/\s+/u);
        for (let n = Math.min(3, wordsOfText.length - 1); n >= 1; n--) {
          const head = wordsOfText.slice(0, n).join(" ");
          const tail = wordsOfText.slice(n).join(" ");
          const originId = head.length >= 4 ? this.knownOrigin(head) : undefined;
          if (originId !== undefined && this.isKnown(tail)) {
            attributes.origins.push(originId);
            text = tail;
            break;
          }
        }
      }
      if (this.isKnown(text)) {
        id = this.canonicalize(text);
      } else {
        const processed = this.removeProcessing(text);
        if (processed.known) {
          attributes.processing.push(...processed.processing);
          text = processed.text;
          id = this.canonicalize(text);
        }
      }
    }
    if (id === undefined) {
      // A lone label ("organic", "sans gluten") is a product label, not an ingredient.
      const label = text.length > 5 && !hasChildren ? this.knownLabel(text) : undefined;
      if (label !== undefined) {
        this.state.labels.add(label);
        const labelIngredient = this.state.taxonomies.labels.property(label, "ingredients:en");
        if (labelIngredient === undefined) return undefined;
        const ingredientId = canonicalizeMemo(this.state.taxonomies.ingredients, "en", labelIngredient);
        return { ingredient: this.known(ingredientId, text, { ...attributes, labels: [...attributes.labels, label] }) };
      }
      if (this.state.patterns.ignore?.test(text)) return undefined;
      // Second "and" pass: keep the first half when one of the halves is known.
      const andMatch = this.and.exec(text);
      if (andMatch !== null) {
        const first = text.slice(0, andMatch.index);
        const second = text.slice(andMatch.index + andMatch[0].length);
        if (this.recognisable(first) || this.recognisable(second)) {
          // OFF keeps the labels and origins found on the whole fragment for its second half ("oregano Organic
          // and garlic Organic": the trailing label is garlic's); the processing is the first half's only.
          pushBack = {
            text: second,
            carried: { ...emptyAttributes(), labels: [...attributes.labels], origins: [...attributes.origins] },
          };
          const again = this.fragment(first, parent);
          if (again === undefined) return { ingredient: this.unknown(second, attributes) };
          // What was found on the whole fragment before the split ("oregano organic and garlic organic": the first
          // label) stays with the first half, as OFF's variables do.
          applyAttributes(again.ingredient, attributes);
          return { ingredient: again.ingredient, pushBack };
        }
      }
    }
    // Parent + child: "oil (palm)" → "palm oil" (en) / "huile palme" (others).
    if (parent !== undefined && id === undefined) {
      const name = this.combinedName(parent.text, text);
      if (name !== undefined) id = this.canonicalize(name);
    }
    const ingredient = id === undefined ? this.unknown(text, attributes) : this.known(id, text, attributes);
    if (ingredient.id.length >= MAX_ID_LENGTH || ingredient.id.endsWith(":")) return undefined;
    return pushBack === undefined ? { ingredient } : { ingredient, pushBack };
  }

  private known(id: string, text: string, attributes: Attributes): ParsedIngredient {
    const ingredient: ParsedIngredient = { id, text, is_in_taxonomy: 1 };
    applyAttributes(ingredient, attributes);
    return ingredient;
  }

  private unknown(text: string, attributes: Attributes): ParsedIngredient {
    const ingredient: ParsedIngredient = {
      id: `${this.lc}:${getStringIdForLang(this.lc, text)}`,
      text,
      is_in_taxonomy: 0,
    };
    applyAttributes(ingredient, attributes);
    return ingredient;
  }

  /**
   * In-list labels anywhere in a fragment (§3.3 step 6.5): "sucre bio", "cacao issu de l'agriculture biologique de
   * Madagascar", "Légumes issus de l'agriculture durable". As OFF, each label of the list is tried once, from the last
   * to the first (so "commerce équitable bio" gives en:fair-trade then en:organic, not the composed label); the words
   * naming it are removed with the label stopwords just before them ("issus de l'…"), the words after it stay ("de
   * Madagascar", read as an origin next). Works on words as written, so that `text` keeps the original spelling.
   */
  private stripLabels(text: string, attributes: Attributes): string {
    let words = text.split(/\s+/u).filter((w) => w !== "");
    for (let k = IN_LIST_LABELS.length - 1; k >= 0 && words.length >= 2; k--) {
      const label = IN_LIST_LABELS[k] as string;
      const found = this.labelWindow(words, label);
      if (found === undefined) continue;
      let [i, j] = found;
      // The label stopwords before it ("issus", "de", "l'") go with it, as long as something is left.
      while (i > 0 && (i > 1 || j < words.length) && this.knownLabel(words.slice(i - 1, j).join(" ")) === label) i--;
      const rest = [...words.slice(0, i), ...words.slice(j)];
      if (rest.length === 0) continue;
      if (!attributes.labels.includes(label)) attributes.labels.push(label);
      words = rest
        .join(" ")
        .replace(/^[\s,-]+|[\s,-]+$/gu, "")
        .split(/\s+/u)
        .filter((w) => w !== "");
    }
    // A whole fragment that is a label ("Bio" left by a symbol legend) stays as written.
    return words.join(" ");
  }

  /**
   * The leftmost words [i, j) naming `label` (at most 6 words, fewer than all of them), without the words at the end
   * that the label's canonical form ignores (a trailing "de" stopword stays in the text).
   */
  private labelWindow(words: readonly string[], label: string): [number, number] | undefined {
    const longest = Math.min(6, words.length - 1);
    for (let i = 0; i < words.length; i++) {
      for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
        if (this.knownLabel(words.slice(i, i + n).join(" ")) !== label) continue;
        let j = i + n;
        while (j - 1 > i && this.knownLabel(words.slice(i, j - 1).join(" ")) === label) j--;
        return [i, j];
      }
    }
    return undefined;
  }

  /**
   * §3.4: processing words at the start or end (then inside) until a known ingredient is left.
   * Works on words as written, so that `text` keeps the original spelling.
   */
  removeProcessing(text: string): { known: boolean; text: string; processing: string[] } {
    const processing: string[] = [];
    let words = text.split(/\s+/u).filter((w) => w !== "");
    const andWords = new Set(this.state.patterns.words.and.map((w) => w.toLowerCase()));
    const ofWords = new Set(this.state.patterns.words.of.map((w) => w.toLowerCase()));
    const trim = (list: string[]): string[] => {
      let out = list;
      while (out.length > 0 && (andWords.has((out[0] as string).toLowerCase()) || out[0] === "-")) out = out.slice(1);
      while (out.length > 0 && (andWords.has((out[out.length - 1] as string).toLowerCase()) || out.at(-1) === "-")) {
        out = out.slice(0, -1);
      }
      return out;
    };
    for (let round = 0; round < 6 && words.length > 1; round++) {
      let removed = false;
      for (let n = Math.min(4, words.length - 1); n >= 1 && !removed; n--) {
        const head = words.slice(0, n).join(" ");
        const tail = words.slice(-n).join(" ");
        const tailId = this.knownProcessing(tail);
        if (tailId !== undefined) {
          processing.push(tailId);
          words = trim(words.slice(0, -n));
          removed = true;
          break;
        }
        const headId = this.knownProcessing(head);
        if (headId !== undefined) {
          processing.push(headId);
          words = trim(words.slice(n));
          // "dés de jambon": the "of" word after a leading processing word goes too.
          if (words.length > 1 && ofWords.has((words[0] as string).toLowerCase())) words = words.slice(1);
          removed = true;
        }
      }
      if (!removed) {
        // Pass 2: inside ("soupe déshydratée de légumes").
        for (let i = 1; i < words.length - 1 && !removed; i++) {
          for (let n = Math.min(3, words.length - 1 - i); n >= 1; n--) {
            const inner = words.slice(i, i + n).join(" ");
            const innerId = this.knownProcessing(inner);
            if (innerId !== undefined) {
              processing.push(innerId);
              words = [...words.slice(0, i), ...words.slice(i + n)];
              removed = true;
              break;
            }
          }
        }
      }
      if (!removed) break;
      const candidate = words.join(" ");
      if (candidate !== "" && this.isKnown(candidate)) {
        return { known: true, text: candidate, processing: processing.reverse() };
      }
    }
    return { known: false, text, processing: [] };
  }
}

function mergeAttributes(target: Attributes, source: Attributes): Attributes {
  const merged: Attributes = {
    labels: [...target.labels, ...source.labels],
    origins: [...target.origins, ...source.origins],
    processing: [...target.processing, ...source.processing],
  };
  const percent = source.percent ?? target.percent;
  if (percent !== undefined) merged.percent = percent;
  const quantity = source.quantity ?? target.quantity;
  if (quantity !== undefined) merged.quantity = quantity;
  const grams = source.quantity_g ?? target.quantity_g;
  if (grams !== undefined) merged.quantity_g = grams;
  const vegan = source.vegan ?? target.vegan;
  if (vegan !== undefined) merged.vegan = vegan;
  const vegetarian = source.vegetarian ?? target.vegetarian;
  if (vegetarian !== undefined) merged.vegetarian = vegetarian;
  return merged;
}

function applyAttributes(ingredient: ParsedIngredient, attributes: Attributes): void {
  if (attributes.percent !== undefined && ingredient.percent === undefined) ingredient.percent = attributes.percent;
  if (attributes.quantity !== undefined && ingredient.quantity === undefined) {
    ingredient.quantity = attributes.quantity;
    if (attributes.quantity_g !== undefined) ingredient.quantity_g = attributes.quantity_g;
  }
  const join = (existing: string | undefined, added: string[]): string | undefined => {
    const all = [...(existing === undefined ? [] : existing.split(/,\s*/)), ...added];
    const unique = [...new Set(all)].filter((x) => x !== "");
    return unique.length === 0 ? undefined : unique.join(",");
  };
  const labels = join(ingredient.labels, attributes.labels);
  if (labels !== undefined) ingredient.labels = labels.replace(/,/g, ", ");
  const origins = join(ingredient.origins, attributes.origins);
  if (origins !== undefined) ingredient.origins = origins;
  const processing = join(ingredient.processing, attributes.processing);
  if (processing !== undefined) ingredient.processing = processing;
  if (attributes.vegan !== undefined) ingredient.vegan = attributes.vegan;
  if (attributes.vegetarian !== undefined) ingredient.vegetarian = attributes.vegetarian;
  // A vegan or vegetarian label on the ingredient overrides its taxonomy values (INGREDIENTS.md §2.3): "Gelatin
  // (vegetal)". A vegetarian label says nothing sure about vegan: OFF's fixtures give "maybe" unless the parser
  // already set it.
  const labelIds = ingredient.labels?.split(/,\s*/) ?? [];
  if (labelIds.includes("en:vegan")) {
    ingredient.vegan = "yes";
    ingredient.vegetarian = "yes";
  } else if (labelIds.includes("en:vegetarian")) {
    ingredient.vegetarian = "yes";
    ingredient.vegan ??= "maybe";
  }
}
