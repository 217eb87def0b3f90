import { FINE_BOUNDS } from "../search-bins.js";

/**
 * Tables of the SQLite search index (issue #5), kept up to date in the transaction of every write
 * (search-index.ts) and read by search-query.ts:
 * - `search_products`: one row per product with a small integer id (`pid`) for the index tables, the
 *   sort keys of API.md §5.5 (an index for the default order and for names, ties by code; the numeric
 *   keys are ordered in memory, search-columns.ts), and what the product was indexed under (to update
 *   only what changed). Missing keys sort last: NULL in descending keys, +∞ (numbers)
 *   or a BLOB (text, which sorts after every string) in ascending ones.
 * - `search_chunks`: a version per chunk of 4096 pids, so that in-memory copies of the sort keys
 *   (search-columns.ts) know what to read again.
 * - `search_terms`: dictionary of terms with their product counts (facets read it): a tag is
 *   (`<tagtype>`, `<tag>`); (`<tagtype>`, '') = has at least one such tag; ('', '') = every product;
 *   ('#<number field>', '') = has the number, ('#<field>', 'c<i>'|'f<i>') = value in a coarse or fine bin.
 * - `search_postings`: posting lists in chunks (search-bitmap.ts).
 * - `search_values`: exact values of numbers, for bounds that fall inside a bin (search-bins.ts).
 * - `search_text`: FTS5 over normalised words (domain/search/text.ts), accents folded, prefix indexes.
 * Migration 4 (SEARCH_SCHEMA_LAYOUT_SQL) reorders postings and values by time of writing, so that
 * loading new products appends to them instead of rewriting pages all over the tables.
 */
export const SEARCH_SCHEMA_SQL = `
  CREATE TABLE search_products (
    pid INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    terms BLOB NOT NULL,
    numbers TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    popularity REAL,
    recency REAL,
    nutriscore REAL NOT NULL,
    nova REAL NOT NULL,
    ecoscore REAL,
    created REAL,
    modified REAL,
    scans REAL,
    unique_scans REAL,
    name_key NOT NULL,
    completeness REAL NOT NULL
  );
  -- The default order and names are walked in index order; the other keys are compared in memory.
  CREATE INDEX search_by_popularity ON search_products (popularity DESC, recency DESC, code);
  CREATE INDEX search_by_name ON search_products (name_key, code);
  -- Version of each chunk of 4096 pids, bumped by every write to one of its products (search-columns.ts).
  CREATE TABLE search_chunks (
    chunk INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
  );
  CREATE TABLE search_terms (
    term_id INTEGER PRIMARY KEY,
    field TEXT NOT NULL,
    tag TEXT NOT NULL,
    products INTEGER NOT NULL DEFAULT 0,
    UNIQUE (field, tag)
  );
  CREATE INDEX search_terms_by_products ON search_terms (field, products DESC, tag);
  CREATE TABLE search_postings (
    term_id INTEGER NOT NULL,
    chunk INTEGER NOT NULL,
    bits BLOB NOT NULL,
    PRIMARY KEY (term_id, chunk)
  ) WITHOUT ROWID;
  CREATE TABLE search_values (
    term_id INTEGER NOT NULL,
    value REAL NOT NULL,
    pid INTEGER NOT NULL,
    PRIMARY KEY (term_id, value, pid)
  ) WITHOUT ROWID;
  CREATE VIRTUAL TABLE search_text USING fts5 (
    name, generic, brands, categories, labels, origins,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
  );
  INSERT INTO search_text (search_text, rank) VALUES ('rank', 'bm25(10.0, 4.0, 6.0, 2.0, 1.0, 1.0)');
`;

/**
 * Migration 4. New products get ever larger pids, but both tables were keyed by term first, so every
 * batch of an import rewrote pages all over them (a million products wrote gigabytes):
 * - `search_postings` is keyed by (chunk, term): the chunk being filled is one run of rows at the end;
 *   the (term, chunk) index that queries read a term by is small (no bits in it).
 * - `search_values` holds each value under the term of its fine bin (term, pid): new products append
 *   to each bin's run. A bound inside a fine bin reads that bin's values (search-query.ts).
 *   `search_products.numbers` maps those bin terms to values, as the index maintenance now expects.
 * The fine bin of an existing value is the number of FINE_BOUNDS at or below it (search-bins.ts `binOf`).
 * The bounds are those of this release: bins that change later need a migration that reindexes anyway.
 */
export const SEARCH_SCHEMA_LAYOUT_SQL = `
  CREATE TEMP TABLE fine_bounds (b REAL NOT NULL);
  INSERT INTO fine_bounds (b) VALUES ${FINE_BOUNDS.map((b) => `(${b})`).join(", ")};

  CREATE TABLE search_postings_by_chunk (
    chunk INTEGER NOT NULL,
    term_id INTEGER NOT NULL,
    bits BLOB NOT NULL,
    PRIMARY KEY (chunk, term_id)
  ) WITHOUT ROWID;
  INSERT INTO search_postings_by_chunk (chunk, term_id, bits)
    SELECT chunk, term_id, bits FROM search_postings ORDER BY chunk, term_id;
  DROP TABLE search_postings;
  ALTER TABLE search_postings_by_chunk RENAME TO search_postings;
  CREATE INDEX search_postings_by_term ON search_postings (term_id, chunk);

  CREATE TABLE search_values_by_bin (
    term_id INTEGER NOT NULL,
    pid INTEGER NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (term_id, pid)
  ) WITHOUT ROWID;
  INSERT INTO search_values_by_bin (term_id, pid, value)
    SELECT fine.term_id, v.pid, v.value
    FROM search_values v
    JOIN search_terms presence ON presence.term_id = v.term_id
    JOIN search_terms fine ON fine.field = presence.field
      AND fine.tag = 'f' || (SELECT count(*) FROM fine_bounds WHERE b <= v.value)
    ORDER BY 1, 2;
  DROP TABLE search_values;
  ALTER TABLE search_values_by_bin RENAME TO search_values;

  UPDATE search_products SET numbers = (
    SELECT json_group_object(fine.term_id, n.value)
    FROM json_each(search_products.numbers) n
    JOIN search_terms presence ON presence.term_id = CAST(n.key AS INTEGER)
    JOIN search_terms fine ON fine.field = presence.field
      AND fine.tag = 'f' || (SELECT count(*) FROM fine_bounds WHERE b <= n.value)
  ) WHERE numbers <> '{}';

  DROP TABLE temp.fine_bounds;
`;

/**
 * The sort indexes of `search_products` (as migration 3 made them). A bulk load drops them and builds
 * them again at its end, in one sorted pass (about 2 s a million products): kept up to date row by
 * row, their random inserts cost a load of a million products a fifth of its time. Every store open
 * builds them when missing (a load that was interrupted); searches work without them, slower.
 */
export const SEARCH_SORT_INDEXES_SQL = `
  CREATE INDEX IF NOT EXISTS search_by_popularity ON search_products (popularity DESC, recency DESC, code);
  CREATE INDEX IF NOT EXISTS search_by_name ON search_products (name_key, code);
`;
export const DROP_SEARCH_SORT_INDEXES_SQL = `
  DROP INDEX IF EXISTS search_by_popularity;
  DROP INDEX IF EXISTS search_by_name;
`;
