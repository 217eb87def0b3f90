/**
 * Maintenance of the SQLite search index (tables in search-schema.ts). The store calls it for every
 * document it stores, inside the same transaction, so a search never sees half a write. Only what
 * changed is touched: terms the product gained or lost, changed numbers, and the full-text row when
 * its text changed. Batches (imports) gather posting changes and write each chunk once.
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import type { Product } from "../../domain/product.js";
import { indexedMembers, type ProductIndexEntry, productIndexEntry } from "../../domain/search/index-entry.js";
import { SEARCH_TEXT_COLUMNS } from "../../domain/search/text.js";
import type { Taxonomies } from "../../domain/taxonomy/types.js";
import { loadTaxonomies } from "../../storage/taxonomy-files.js";
import { binOf, COARSE_BOUNDS, coarseBinTag, FINE_BOUNDS, fineBinTag } from "../search-bins.js";
import { CHUNK_BITS, CHUNK_SIZE, CHUNK_WORDS, decodeContainer, encodeContainer } from "../search-bitmap.js";
import { documentText, type StoredDocument } from "./document-codec.js";
import type { LocalWrites } from "./search-columns.js";

/** Term keys (see search-schema.ts). */
export const ALL_PRODUCTS: readonly [string, string] = ["", ""];
export function numberField(field: string): string {
  return `#${field}`;
}

/**
 * Term names made once and reused: a string seen again has its hash cached, so the dictionary lookups
 * of a product's number terms (three per value) hash nothing new and allocate nothing.
 */
const COARSE_TAGS = Array.from({ length: COARSE_BOUNDS.length + 1 }, (_, bin) => coarseBinTag(bin));
const FINE_TAGS = Array.from({ length: FINE_BOUNDS.length + 1 }, (_, bin) => fineBinTag(bin));
const numberFieldNames = new Map<string, string>();
const MAX_CACHED_NUMBER_FIELDS = 10_000;

function cachedNumberField(field: string): string {
  let name = numberFieldNames.get(field);
  if (name === undefined) {
    name = numberField(field);
    if (numberFieldNames.size < MAX_CACHED_NUMBER_FIELDS) numberFieldNames.set(field, name);
  }
  return name;
}

/** Cached term ids beyond this many are dropped (the dictionary is read again as needed). */
const MAX_CACHED_TERMS = 500_000;

/**
 * Term ids by (field, tag). Ids are cached only once their row is known to be committed: an id created
 * by a transaction that rolls back may be given to another term later. New ids stay "pending" until a
 * microtask, which runs after the synchronous transaction has ended, checks they still exist.
 */
class TermIds {
  /** field → tag → id. */
  private readonly committed = new Map<string, Map<string, number>>();
  private committedCount = 0;
  private readonly pending: Array<{ id: number; field: string; tag: string }> = [];
  private readonly pendingIds = new Map<string, Map<string, number>>();
  private verifying = false;
  private readonly select;
  private readonly insert;
  private readonly check;

  constructor(private readonly db: Database.Database) {
    this.select = db.prepare("SELECT term_id FROM search_terms WHERE field = ? AND tag = ?").pluck();
    this.insert = db.prepare("INSERT INTO search_terms (field, tag) VALUES (?, ?)");
    this.check = db.prepare("SELECT field, tag FROM search_terms WHERE term_id = ?");
  }

  id(field: string, tag: string): number {
    const cached = this.committed.get(field)?.get(tag) ?? this.pendingIds.get(field)?.get(tag);
    if (cached !== undefined) return cached;
    const found = this.select.get(field, tag) as number | undefined;
    if (found !== undefined) {
      this.remember(this.committed, field, tag, found);
      if (++this.committedCount >= MAX_CACHED_TERMS) {
        this.committed.clear();
        this.committedCount = 0;
      }
      return found;
    }
    const id = Number(this.insert.run(field, tag).lastInsertRowid);
    this.pending.push({ id, field, tag });
    this.remember(this.pendingIds, field, tag, id);
    if (!this.verifying) {
      this.verifying = true;
      queueMicrotask(() => this.verifyPending());
    }
    return id;
  }

  private remember(map: Map<string, Map<string, number>>, field: string, tag: string, id: number): void {
    let tags = map.get(field);
    if (tags === undefined) {
      tags = new Map();
      map.set(field, tags);
    }
    tags.set(tag, id);
  }

  private verifyPending(): void {
    if (this.db.inTransaction) {
      setImmediate(() => this.verifyPending());
      return;
    }
    this.verifying = false;
    if (this.db.open) {
      for (const { id, field, tag } of this.pending) {
        const row = this.check.get(id) as { field: string; tag: string } | undefined;
        if (row !== undefined && row.field === field && row.tag === tag) {
          this.remember(this.committed, field, tag, id);
          this.committedCount++;
        }
      }
    }
    this.pending.length = 0;
    this.pendingIds.clear();
  }
}

interface IndexedRow {
  pid: number;
  terms: Buffer;
  numbers: string;
  text_hash: string;
}

/**
 * Posting changes within one batch: term → pid × 2 + 1 (added) or pid × 2 (removed), in order (a later
 * change of the same pid wins).
 */
type PostingChanges = Map<number, number[]>;

/**
 * Exact values to write or delete within one batch, as (fine-bin term, pid, value). They are written
 * at the end of the batch in key order: one product's values fall in bins all over `search_values`,
 * and written product by product every insert descended to another leaf page.
 */
interface ValueChanges {
  puts: Array<{ term: number; pid: number; value: number }>;
  deletes: Array<{ term: number; pid: number }>;
}

function byTermThenPid(a: { term: number; pid: number }, b: { term: number; pid: number }): number {
  return a.term - b.term || a.pid - b.pid;
}

function sortedUnique(ids: number[]): Int32Array {
  const sorted = Int32Array.from(ids).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i] as number;
  }
  return sorted.subarray(0, n);
}

export function idsOfBlob(blob: Buffer): Int32Array {
  const copy = new Int32Array(blob.length >>> 2);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
}

const EMPTY_BLOB = Buffer.alloc(0);

/**
 * `search_products.numbers`: `{"<fine bin term>":value,…}`, terms in ascending order, as JSON.stringify
 * writes an object with integer keys (written here: such an object is a sparse array in V8, slow to
 * fill and to stringify).
 */
export function numbersJson(numbers: ReadonlyMap<number, number>): string {
  const terms = Float64Array.from(numbers.keys()).sort();
  let out = "{";
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as number;
    out += `${i === 0 ? "" : ","}"${term}":${JSON.stringify(numbers.get(term))}`;
  }
  return `${out}}`;
}

function textHash(text: ProductIndexEntry["text"]): string {
  if (SEARCH_TEXT_COLUMNS.every((c) => text[c] === "")) return "";
  return createHash("sha1")
    .update(SEARCH_TEXT_COLUMNS.map((c) => text[c]).join("\u0001"))
    .digest("base64");
}

export class SqliteSearchIndex {
  private readonly termIds: TermIds;
  private readonly stmts;
  private taxonomiesCache?: Taxonomies;

  constructor(
    private readonly db: Database.Database,
    private readonly localWrites: LocalWrites,
    taxonomies?: Taxonomies,
  ) {
    this.taxonomiesCache = taxonomies;
    this.termIds = new TermIds(db);
    this.stmts = {
      row: db.prepare("SELECT pid, terms, numbers, text_hash FROM search_products WHERE code = ?"),
      // Positional parameters, in the order of `rowValues` (binding by name looks each one up).
      insertProduct: db.prepare(
        `INSERT INTO search_products (terms, numbers, text_hash, popularity, recency, nutriscore, nova, ecoscore,
           created, modified, scans, unique_scans, name_key, completeness, code)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateProduct: db.prepare(
        `UPDATE search_products SET terms = ?, numbers = ?, text_hash = ?, popularity = ?, recency = ?,
           nutriscore = ?, nova = ?, ecoscore = ?, created = ?, modified = ?, scans = ?, unique_scans = ?,
           name_key = ?, completeness = ?
         WHERE pid = ?`,
      ),
      chunk: db.prepare("SELECT bits FROM search_postings WHERE term_id = ? AND chunk = ?").pluck(),
      insertChunk: db.prepare("INSERT INTO search_postings (term_id, chunk, bits) VALUES (?, ?, ?)"),
      // An UPDATE of `bits` alone leaves the (term, chunk) index as it is; INSERT OR REPLACE deleted
      // and inserted its entry again, for every term of every batch.
      updateChunk: db.prepare("UPDATE search_postings SET bits = ? WHERE chunk = ? AND term_id = ?"),
      deleteChunk: db.prepare("DELETE FROM search_postings WHERE term_id = ? AND chunk = ?"),
      bumpChunk: db.prepare(
        "INSERT INTO search_chunks (chunk, version) VALUES (?, 1) ON CONFLICT (chunk) DO UPDATE SET version = version + 1",
      ),
      countTerm: db.prepare("UPDATE search_terms SET products = products + ? WHERE term_id = ?"),
      putValue: db.prepare("INSERT OR REPLACE INTO search_values (term_id, pid, value) VALUES (?, ?, ?)"),
      deleteValue: db.prepare("DELETE FROM search_values WHERE term_id = ? AND pid = ?"),
      deleteText: db.prepare("DELETE FROM search_text WHERE rowid = ?"),
      insertText: db.prepare(
        `INSERT INTO search_text (rowid, ${SEARCH_TEXT_COLUMNS.join(", ")}) VALUES (?, ${SEARCH_TEXT_COLUMNS.map(() => "?").join(", ")})`,
      ),
      missing: db.prepare(
        `SELECT p.code, r.doc FROM products p JOIN revisions r ON r.id = p.revision_id
         WHERE p.code > ? AND NOT EXISTS (SELECT 1 FROM search_products s WHERE s.code = p.code)
         ORDER BY p.code LIMIT ?`,
      ),
      productCount: db.prepare("SELECT count(*) FROM products").pluck(),
      indexedCount: db.prepare("SELECT count(*) FROM search_products").pluck(),
    };
  }

  private get taxonomies(): Taxonomies {
    this.taxonomiesCache ??= loadTaxonomies();
    return this.taxonomiesCache;
  }

  /** Indexes one stored document (the caller's transaction must be open). */
  indexProduct(code: string, product: Product): void {
    this.indexEntries([{ code, entry: this.entry(product) }]);
  }

  /** What the index keeps of a document, to index later in the same transaction (indexEntries). */
  entry(product: Product): ProductIndexEntry {
    return productIndexEntry(product, this.taxonomies);
  }

  /**
   * Indexes the entries of stored documents (bulk loads), each posting chunk written once. `isNew`:
   * the product was not stored before this transaction, so the index has no row for it to update.
   */
  indexEntries(items: ReadonlyArray<{ code: string; entry: ProductIndexEntry; isNew?: boolean }>): void {
    const changes: PostingChanges = new Map();
    const values: ValueChanges = { puts: [], deletes: [] };
    const chunks = new Set<number>();
    const seen = new Set<string>();
    for (const { code, entry, isNew } of items) {
      // A code twice in a batch: the second sees the first's row, so its postings must be written first.
      if (seen.has(code)) {
        this.writeChanges(changes, values);
        seen.clear();
      }
      seen.add(code);
      this.indexOne(code, entry, isNew === true, changes, values, chunks);
    }
    this.writeChanges(changes, values);
    this.bumpChunks(chunks);
  }

  /** Writes the batch's posting and value changes, then forgets them. */
  private writeChanges(changes: PostingChanges, values: ValueChanges): void {
    this.writePostings(changes);
    changes.clear();
    // One product's deletes and puts name different terms, and two products of a batch different pids.
    for (const { term, pid } of values.deletes.sort(byTermThenPid)) this.stmts.deleteValue.run(term, pid);
    for (const { term, pid, value } of values.puts.sort(byTermThenPid)) this.stmts.putValue.run(term, pid, value);
    values.puts.length = 0;
    values.deletes.length = 0;
  }

  private bumpChunks(chunks: ReadonlySet<number>): void {
    for (const chunk of chunks) this.stmts.bumpChunk.run(chunk);
    if (chunks.size > 0) this.localWrites.count++;
  }

  /**
   * Indexes the current products the index does not have yet (a database created before the search
   * index existed), in transactions of `batchSize`. Returns how many were indexed.
   */
  indexMissingProducts(batchSize = 2000): number {
    if ((this.stmts.productCount.get() as number) === (this.stmts.indexedCount.get() as number)) return 0;
    let after = "";
    let total = 0;
    for (;;) {
      const rows = this.stmts.missing.all(after, batchSize) as Array<{ code: string; doc: StoredDocument }>;
      if (rows.length === 0) return total;
      const entries = rows.map(({ code, doc }) => ({
        code,
        entry: productIndexEntry(indexedMembers(documentText(doc)), this.taxonomies),
      }));
      this.db.transaction(() => this.indexEntries(entries)).immediate();
      total += rows.length;
      after = (rows[rows.length - 1] as { code: string }).code;
    }
  }

  private indexOne(
    code: string,
    entry: ProductIndexEntry,
    isNew: boolean,
    changes: PostingChanges,
    values: ValueChanges,
    chunks: Set<number>,
  ): void {
    const ids: number[] = [this.termIds.id(...ALL_PRODUCTS)];
    for (const [tagtype, tags] of entry.tags) {
      ids.push(this.termIds.id(tagtype, ""));
      for (const tag of tags) ids.push(this.termIds.id(tagtype, tag));
    }
    // Each value under the term of its fine bin, which tells both the field and the bin.
    const numbers = new Map<number, number>();
    for (const [field, value] of entry.numbers) {
      const name = cachedNumberField(field);
      const fineBin = this.termIds.id(name, FINE_TAGS[binOf(FINE_BOUNDS, value)] as string);
      numbers.set(fineBin, value);
      ids.push(
        this.termIds.id(name, ""),
        this.termIds.id(name, COARSE_TAGS[binOf(COARSE_BOUNDS, value)] as string),
        fineBin,
      );
    }
    const terms = sortedUnique(ids);
    const hash = textHash(entry.text);
    const { sort } = entry;
    const rowValues = [
      Buffer.from(terms.buffer, terms.byteOffset, terms.byteLength),
      numbersJson(numbers),
      hash,
      sort.popularity ?? null,
      sort.recency ?? null,
      sort.nutriscore ?? Number.POSITIVE_INFINITY,
      sort.nova ?? Number.POSITIVE_INFINITY,
      sort.ecoscore ?? null,
      sort.created ?? null,
      sort.modified ?? null,
      sort.scans ?? null,
      sort.uniqueScans ?? null,
      // A BLOB sorts after every text: products without a name come last.
      sort.name ?? EMPTY_BLOB,
      sort.completeness ?? Number.POSITIVE_INFINITY,
    ];

    const row = isNew ? undefined : (this.stmts.row.get(code) as IndexedRow | undefined);
    let pid: number;
    let oldTerms: Int32Array;
    let oldNumbers: Record<string, number> | undefined;
    if (row === undefined) {
      pid = Number(this.stmts.insertProduct.run(...rowValues, code).lastInsertRowid);
      oldTerms = new Int32Array(0);
    } else {
      pid = row.pid;
      this.stmts.updateProduct.run(...rowValues, pid);
      oldTerms = idsOfBlob(row.terms);
      oldNumbers = JSON.parse(row.numbers) as Record<string, number>;
    }

    chunks.add(pid >>> CHUNK_BITS);

    // Both lists are sorted: one merge gives the terms gained and lost.
    let i = 0;
    let j = 0;
    while (i < oldTerms.length || j < terms.length) {
      const a = i < oldTerms.length ? (oldTerms[i] as number) : Number.POSITIVE_INFINITY;
      const b = j < terms.length ? (terms[j] as number) : Number.POSITIVE_INFINITY;
      if (a === b) {
        i++;
        j++;
      } else if (a < b) {
        this.change(changes, a, pid, false);
        i++;
      } else {
        this.change(changes, b, pid, true);
        j++;
      }
    }

    if (oldNumbers !== undefined) {
      for (const term of Object.keys(oldNumbers)) {
        if (!numbers.has(Number(term))) values.deletes.push({ term: Number(term), pid });
      }
    }
    for (const [term, value] of numbers) {
      if (oldNumbers?.[term] !== value) values.puts.push({ term, pid, value });
    }

    const oldHash = row?.text_hash ?? "";
    if (hash !== oldHash) {
      if (oldHash !== "") this.stmts.deleteText.run(pid);
      if (hash !== "") this.stmts.insertText.run(pid, ...SEARCH_TEXT_COLUMNS.map((c) => entry.text[c]));
    }
  }

  private change(changes: PostingChanges, term: number, pid: number, member: boolean): void {
    const list = changes.get(term);
    const change = pid * 2 + (member ? 1 : 0);
    if (list === undefined) changes.set(term, [change]);
    else list.push(change);
  }

  /** Writes each changed chunk once and adjusts the terms' product counts by what really changed. */
  private writePostings(changes: PostingChanges): void {
    const words = new Uint32Array(CHUNK_WORDS);
    // In term order, as the rows of a chunk and the terms' counts are stored: each write lands on or
    // beside the page of the one before.
    const terms = Float64Array.from(changes.keys()).sort();
    for (const term of terms) {
      const list = changes.get(term) as number[];
      const byChunk = new Map<number, number[]>();
      for (const change of list) {
        const chunk = change >>> (CHUNK_BITS + 1);
        const inChunk = byChunk.get(chunk);
        if (inChunk === undefined) byChunk.set(chunk, [change]);
        else inChunk.push(change);
      }
      let delta = 0;
      for (const [chunk, inChunk] of byChunk) {
        const stored = this.stmts.chunk.get(term, chunk) as Buffer | undefined;
        if (stored === undefined) words.fill(0);
        else decodeContainer(stored, words);
        for (const change of inChunk) {
          const member = (change & 1) === 1;
          const offset = (change >>> 1) & (CHUNK_SIZE - 1);
          const mask = 1 << (offset & 31);
          const word = words[offset >>> 5] as number;
          const present = (word & mask) !== 0;
          if (member && !present) {
            words[offset >>> 5] = word | mask;
            delta++;
          } else if (!member && present) {
            words[offset >>> 5] = word & ~mask;
            delta--;
          }
        }
        const blob = encodeContainer(chunk, words);
        if (blob === undefined) {
          if (stored !== undefined) this.stmts.deleteChunk.run(term, chunk);
        } else if (stored === undefined) this.stmts.insertChunk.run(term, chunk, blob);
        else this.stmts.updateChunk.run(blob, chunk, term);
      }
      if (delta !== 0) this.stmts.countTerm.run(delta, term);
    }
  }
}
