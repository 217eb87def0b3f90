/**
 * An extract of a taxonomy for some of its entries, as OFF's `/api/v2/taxonomy` answers it: per
 * requested id, the names in the request languages, direct parents and children, and the properties
 * defined in those languages. Pure; the children index is built once per taxonomy.
 */
import type { Taxonomy } from "./types.js";

export interface TaxonomyExtractOptions {
  /** Languages of names and properties (OFF: the `lc` list; default `en`). */
  languages: readonly string[];
  /**
   * Fields to include (`name`, `parents`, `children`, a property `wikidata` or `wikidata:en`, an
   * inherited property `inherited:vegan:en`); undefined = names, parents, children and every property.
   */
  fields?: readonly string[];
  /** Also include the direct parents of the requested entries. */
  includeParents?: boolean;
  /** Also include the direct children of the requested entries. */
  includeChildren?: boolean;
  /** Also include every entry without parents. */
  includeRootEntries?: boolean;
}

/** One entry of the extract: `name`, `parents`, `children`, `<property>`, each per language where relevant. */
export type TaxonomyExtractEntry = Record<string, Record<string, string> | string[]>;

const childrenIndexes = new WeakMap<Taxonomy, Map<string, string[]>>();

/** Direct children of every entry, in code-point order (ids() is in that order). */
function childrenIndex(taxonomy: Taxonomy): Map<string, string[]> {
  let index = childrenIndexes.get(taxonomy);
  if (index === undefined) {
    index = new Map();
    for (const id of taxonomy.ids()) {
      for (const parent of taxonomy.parents(id)) {
        const children = index.get(parent);
        if (children === undefined) index.set(parent, [id]);
        else children.push(id);
      }
    }
    childrenIndexes.set(taxonomy, index);
  }
  return index;
}

export function taxonomyChildren(taxonomy: Taxonomy, id: string): readonly string[] {
  return childrenIndex(taxonomy).get(id) ?? [];
}

function rootEntries(taxonomy: Taxonomy): string[] {
  const roots: string[] = [];
  for (const id of taxonomy.ids()) if (taxonomy.parents(id).length === 0) roots.push(id);
  return roots;
}

/**
 * The extract for `ids` (kept as given: unknown ids get an empty entry, as OFF). Parents and children
 * are added only for the requested ids, not recursively.
 */
export function taxonomyExtract(
  taxonomy: Taxonomy,
  ids: readonly string[],
  options: TaxonomyExtractOptions,
): Record<string, TaxonomyExtractEntry> {
  const requested = [...ids, ...(options.includeRootEntries ? rootEntries(taxonomy) : [])];
  const all = options.fields === undefined;
  const fields = new Set(options.fields ?? []);
  const inherited = (options.fields ?? []).flatMap((field) => {
    const m = /^inherited:(.+):([a-z]{2})$/.exec(field);
    return m === null ? [] : [{ property: m[1] as string, lc: m[2] as string }];
  });
  const wanted = (field: string) => all || fields.has(field);

  const included = new Set(requested);
  const queue = [...included];
  const extract: Record<string, TaxonomyExtractEntry> = {};
  const requestedSet = new Set(requested);
  for (const id of queue) {
    const entry: TaxonomyExtractEntry = {};
    extract[id] = entry;
    if (!taxonomy.has(id)) continue;
    const related = (list: readonly string[], include: boolean | undefined) => {
      if (include && requestedSet.has(id)) {
        for (const other of list) {
          if (!included.has(other)) {
            included.add(other);
            queue.push(other);
          }
        }
      }
      return [...list];
    };
    const parents = related(taxonomy.parents(id), options.includeParents);
    const children = related(taxonomyChildren(taxonomy, id), options.includeChildren);
    if (parents.length > 0 && wanted("parents")) entry.parents = parents;
    if (children.length > 0 && wanted("children")) entry.children = children;
    if (wanted("name")) {
      const names: Record<string, string> = {};
      for (const lc of options.languages) {
        const name = taxonomy.name(id, lc);
        if (name !== undefined) names[lc] = name;
      }
      entry.name = names;
    }
    for (const [key, value] of Object.entries(taxonomy.properties(id))) {
      const colon = key.lastIndexOf(":");
      if (colon <= 0) continue;
      const property = key.slice(0, colon);
      const lc = key.slice(colon + 1);
      if ((wanted(property) && options.languages.includes(lc)) || fields.has(key)) {
        setLocalized(entry, property, lc, value);
      }
    }
    for (const { property, lc } of inherited) {
      const found = taxonomy.inheritedProperty(id, `${property}:${lc}`);
      if (found !== undefined) setLocalized(entry, property, lc, found.value);
    }
  }
  return extract;
}

function setLocalized(entry: TaxonomyExtractEntry, property: string, lc: string, value: string): void {
  const current = entry[property];
  if (current === undefined || Array.isArray(current)) entry[property] = { [lc]: value };
  else current[lc] = value;
}
