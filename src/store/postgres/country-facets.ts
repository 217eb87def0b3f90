/**
 * Facets within one country (`/facets/{tagtype}.json?cc=…`, API.md §5.8) on PostgreSQL: product counts
 * per (country, tag), kept up to date by every write instead of counted on read.
 *
 * Counting on read unnested the tag arrays of every product of the country: 1.7 s for the categories
 * of France's 27,807 products among 100,000 realistic ones (and ten times that at 1M), where the issue
 * asks for 100 ms at 1M. Here a read is one index range: the rows of (country, tag type), one per tag
 * and shard (France's categories at 100,000 products: 4,148 rows, 65 ms for the whole request, the time
 * of the same facet without cc). A write adds, for each country of the product, +1 or −1 to the tags it gained or
 * lost (all of its tags when it gains or loses the country): about 160 rows for a new product sold in
 * two countries, in one statement.
 *
 * Writers add to their connection's shard row, as the term counts do (search-schema.ts, migration 5),
 * so that writers do not queue on the rows of a big country's common tags; a count is the sum of its
 * shards (at most TERM_SHARDS rows). Bulk loads, whose one writer gains nothing from shards, use shard 0.
 */
import type pg from "pg";

export const POSTGRES_COUNTRY_FACETS_MIGRATION: { name: string; sql: string } = {
  name: "search index: tag counts per country, for facets with cc",
  sql: `
    -- country_id: the term of (countries, <country>); type_id: the term of (<tag type>, ''), so that
    -- one tag type of one country is one range of the primary key; term_id: the tag's term.
    CREATE TABLE search_country_terms (
      country_id INTEGER NOT NULL,
      type_id INTEGER NOT NULL,
      term_id INTEGER NOT NULL,
      shard SMALLINT NOT NULL,
      products INTEGER NOT NULL,
      PRIMARY KEY (country_id, type_id, term_id, shard)
    ) WITH (fillfactor = 70);

    -- The counts of the products already indexed, in key order: a facet's rows share pages. About 160
    -- (country, tag) pairs a product are grouped into a few million counts at 1M products: enough
    -- memory keeps the grouping off disk (this migration's transaction only).
    SET LOCAL work_mem = '256MB';
    INSERT INTO search_country_terms (country_id, type_id, term_id, shard, products)
    SELECT c.term_id, ty.term_id, t.term_id, 0, count(*)
    FROM search_products sp
    CROSS JOIN LATERAL unnest(sp.terms) AS pc(term_id)
    JOIN search_terms c ON c.term_id = pc.term_id AND c.field = 'countries' AND c.tag <> ''
    CROSS JOIN LATERAL unnest(sp.terms) AS pt(term_id)
    JOIN search_terms t ON t.term_id = pt.term_id AND t.tag <> ''
    JOIN search_terms ty ON ty.field = t.field AND ty.tag = ''
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3;
  `,
};

/** What the country counts need to know of a term: its type's term, and whether it is a country. */
export interface TagTermInfo {
  typeId: number;
  country: boolean;
}

/** Term id → info, for tag terms only (a type's own term and the every-product term are absent). */
export type TagTermInfos = Map<number, TagTermInfo>;

/** Country count changes: `${country},${type},${term}` → change. */
export type CountryTermDeltas = Map<string, number>;

/**
 * Infos met before, by term id, so that a write rarely asks for those of the tags a product lost. An id
 * always names the same term (identity values are never reused, even those of a transaction that rolled
 * back), so any id seen may be kept. Bounded: emptied when full.
 */
const rememberedInfos: TagTermInfos = new Map();
const MAX_REMEMBERED_INFOS = 1_000_000;

/** Forgets the remembered infos, as a process that just started (tests of the read from search_terms). */
export function forgetTagTermInfos(): void {
  rememberedInfos.clear();
}

function remember(id: number, info: TagTermInfo): void {
  if (rememberedInfos.size >= MAX_REMEMBERED_INFOS) rememberedInfos.clear();
  rememberedInfos.set(id, info);
}

/** Adds to `infos` the tag terms among `keys` (term keys whose ids `ids` gives). */
export function addTagTermInfos(
  infos: TagTermInfos,
  keys: Iterable<string>,
  ids: { get(key: string): number | undefined },
): void {
  for (const key of keys) {
    const at = key.indexOf("\u0000");
    if (at === key.length - 1) continue;
    const id = ids.get(key);
    const field = key.slice(0, at);
    // The type's own key: the field and an empty tag (search-index.ts termKey).
    const typeId = ids.get(key.slice(0, at + 1));
    if (id === undefined || typeId === undefined || infos.has(id)) continue;
    const info = rememberedInfos.get(id) ?? { typeId, country: field === "countries" };
    infos.set(id, info);
    remember(id, info);
  }
}

/**
 * The info of term ids not in `infos` (tags a product lost): remembered, or read from search_terms. A
 * tag term's type term exists: it is created with the tag's first product.
 */
export async function readTagTermInfos(
  client: pg.ClientBase,
  infos: TagTermInfos,
  ids: Iterable<number>,
): Promise<void> {
  const unknown: number[] = [];
  for (const id of new Set(ids)) {
    if (infos.has(id)) continue;
    const info = rememberedInfos.get(id);
    if (info === undefined) unknown.push(id);
    else infos.set(id, info);
  }
  if (unknown.length === 0) return;
  const { rows } = await client.query<{ term_id: number; field: string; type_id: number | null }>(
    `SELECT t.term_id, t.field, ty.term_id AS type_id FROM search_terms t
     LEFT JOIN search_terms ty ON ty.field = t.field AND ty.tag = ''
     WHERE t.term_id = ANY($1::int[]) AND t.tag <> ''`,
    [unknown],
  );
  for (const row of rows) {
    if (row.type_id === null) continue;
    const info = { typeId: row.type_id, country: row.field === "countries" };
    infos.set(row.term_id, info);
    remember(row.term_id, info);
  }
}

/** The term ids of `before` that `after` lacks (both sorted): the tags a product lost. */
export function lostTerms(before: readonly number[], after: readonly number[]): number[] {
  const kept = new Set(after);
  return before.filter((id) => !kept.has(id));
}

/**
 * Adds to `deltas` the country count changes of a product whose terms go from `before` to `after`:
 * for a country it keeps, −1 for each tag lost and +1 for each tag gained; for a country it loses,
 * −1 for each of its former tags; for a country it gains, +1 for each of its tags.
 */
export function countryTermChanges(
  deltas: CountryTermDeltas,
  before: readonly number[],
  after: readonly number[],
  infos: TagTermInfos,
): void {
  const oldSet = new Set(before);
  const newSet = new Set(after);
  const oldTags = before.filter((id) => infos.has(id));
  const newTags = after.filter((id) => infos.has(id));
  const add = (country: number, term: number, change: number) => {
    const key = `${country},${(infos.get(term) as TagTermInfo).typeId},${term}`;
    deltas.set(key, (deltas.get(key) ?? 0) + change);
  };
  for (const country of oldTags) {
    if (!(infos.get(country) as TagTermInfo).country) continue;
    const kept = newSet.has(country);
    for (const term of oldTags) if (!kept || !newSet.has(term)) add(country, term, -1);
  }
  for (const country of newTags) {
    if (!(infos.get(country) as TagTermInfo).country) continue;
    const kept = oldSet.has(country);
    for (const term of newTags) if (!kept || !oldSet.has(term)) add(country, term, 1);
  }
}

/**
 * Adds `deltas` to the counts, in (country, type, term) order, the order every writer takes the rows
 * in. `shard` is the SQL of the shard number: the connection's for writes, 0 for bulk loads.
 */
export async function addCountryTermCounts(
  client: pg.ClientBase,
  deltas: CountryTermDeltas,
  shard: { name: string; sql: string },
): Promise<void> {
  const entries: Array<[number, number, number, number]> = [];
  for (const [key, change] of deltas) {
    if (change === 0) continue;
    const [country, type, term] = key.split(",").map(Number) as [number, number, number];
    entries.push([country, type, term, change]);
  }
  if (entries.length === 0) return;
  entries.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const columns = [0, 1, 2, 3].map((i) => entries.map((entry) => entry[i] as number));
  await client.query({
    name: `country_terms_add_${shard.name}`,
    text: `INSERT INTO search_country_terms (country_id, type_id, term_id, shard, products)
      SELECT d.country_id, d.type_id, d.term_id, ${shard.sql}, d.delta
      FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS d(country_id, type_id, term_id, delta)
      ORDER BY d.country_id, d.type_id, d.term_id
      ON CONFLICT (country_id, type_id, term_id, shard)
      DO UPDATE SET products = search_country_terms.products + EXCLUDED.products`,
    values: columns,
  });
}

/** The tags of one type among one country's products, with their counts, most frequent first, ties by tag. */
export const COUNTRY_FACET_SQL = `
  SELECT t.tag, c.products FROM (
    SELECT term_id, sum(products)::int AS products FROM search_country_terms
    WHERE country_id = $1 AND type_id = $2 GROUP BY term_id
  ) c JOIN search_terms t ON t.term_id = c.term_id
  WHERE c.products > 0 ORDER BY c.products DESC, t.tag`;
