/**
 * What the rows an import must keep cost SQLite by themselves, whatever the code computing them
 * (issue #4: the import's 0.5× target). N products are written in transactions of 2,500, as
 * `foodbase import` writes them, each as a revision with a document of DOC_BYTES, its `products` row
 * and its `search_products` row, and nothing else (no postings, values or full text).
 *   - store schema: the real one (SqliteStore's migrations, prepared for a bulk load like an import),
 *     where `products`, the revisions' (code, rev) key and the search rows' code are B-trees keyed by
 *     barcode, which a dump lists in no useful order;
 *   - append only: the same rows in tables keyed by insertion order only (what a load that builds the
 *     barcode keys after the fact, in sorted passes, would write while reading).
 *   npm run bench:store-rows        (N=1000000 by default; N=200000 for a quick run)
 * Prints the time per 100,000 products as the tables grow, and the ratio of the two in the same run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

// From the build, like `foodbase import`: the store's checkpoint thread loads compiled JavaScript
// (from the TypeScript sources it fails to start, and the figures would be those of another load).
type SqliteStoreModule = typeof import("../src/store/sqlite/index.js");
const built = join(import.meta.dirname, "../dist/store/sqlite/index.js");
const { SqliteStore } = (await import(pathToFileURL(built).href)) as SqliteStoreModule;

const N = Number(process.env.N ?? 1_000_000);
const BATCH = 2500;
/** The mean line length of OFF's dump and of `foodbase generate` (12.3 KB; issue 21). DOC_BYTES=4000: the old figure. */
const DOC_BYTES = Number(process.env.DOC_BYTES ?? 12_600);
const STEP = 100_000;

/** Distinct 13-digit barcodes in a scrambled order (multiplication by an odd constant modulo 2^32). */
function barcode(i: number): string {
  return String(3_000_000_000_000 + Number((BigInt(i) * 2654435761n) % 4294967296n));
}

/** The same rows in both schemas (columns with defaults left out). */
const INSERT_REVISION =
  "INSERT INTO revisions (code, rev, t, user_id, comment, changed_fields, doc) VALUES (?, 1, 0, 'import', 'bench', '[]', ?)";
const INSERT_SEARCH_ROW =
  "INSERT INTO search_products (code, terms, numbers, text_hash, nutriscore, nova, name_key, completeness) VALUES (?, x'', '{}', '', 0, 0, '', 0)";

interface RowWriter {
  write(code: string, doc: string): void;
  db: Database.Database;
  close(): Promise<void>;
}

async function storeSchema(path: string): Promise<RowWriter> {
  const store = new SqliteStore(path);
  await store.prepareForBulkLoad({
    onWarning: (message) => {
      console.error(`bench:store-rows stopped: ${message}`);
      process.exit(1);
    },
  });
  const db = store.db;
  const revision = db.prepare(INSERT_REVISION);
  const product = db.prepare("INSERT INTO products (code, rev, revision_id) VALUES (?, 1, ?)");
  const searchRow = db.prepare(INSERT_SEARCH_ROW);
  return {
    db,
    write(code, doc) {
      const { lastInsertRowid } = revision.run(code, doc);
      product.run(code, lastInsertRowid);
      searchRow.run(code);
    },
    close: () => store.close(),
  };
}

async function appendOnly(path: string): Promise<RowWriter> {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("cache_size = -65536");
  db.exec(`
    CREATE TABLE revisions (id INTEGER PRIMARY KEY, code TEXT NOT NULL, rev INTEGER NOT NULL, t INTEGER NOT NULL,
      user_id TEXT NOT NULL, comment TEXT NOT NULL, changed_fields TEXT NOT NULL, doc TEXT NOT NULL);
    CREATE TABLE search_products (pid INTEGER PRIMARY KEY, code TEXT NOT NULL, terms BLOB NOT NULL, numbers TEXT NOT NULL,
      text_hash TEXT NOT NULL, nutriscore REAL NOT NULL, nova REAL NOT NULL, name_key NOT NULL, completeness REAL NOT NULL);
  `);
  const revision = db.prepare(INSERT_REVISION);
  const searchRow = db.prepare(INSERT_SEARCH_ROW);
  return {
    db,
    write(code, doc) {
      revision.run(code, doc);
      searchRow.run(code);
    },
    close: async () => {
      db.close();
    },
  };
}

async function run(name: string, open: (path: string) => Promise<RowWriter>, dir: string): Promise<number> {
  const writer = await open(join(dir, `${name.replaceAll(" ", "-")}.db`));
  const body = "x".repeat(DOC_BYTES - 20);
  const writeBatch = writer.db.transaction((from: number) => {
    for (let i = from; i < from + BATCH; i++) {
      const code = barcode(i);
      writer.write(code, `${body}${code}`);
    }
  });
  const perStep: string[] = [];
  const started = performance.now();
  let stepStarted = started;
  for (let from = 0; from < N; from += BATCH) {
    writeBatch(from);
    if ((from + BATCH) % STEP === 0) {
      const now = performance.now();
      perStep.push(((now - stepStarted) / 1000).toFixed(1));
      stepStarted = now;
    }
  }
  await writer.close();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${name}: ${seconds.toFixed(1)} s, ${Math.round(N / seconds)} products/s`);
  const last = perStep.at(-1);
  if (last !== undefined) {
    console.log(`  s per 100,000 as the tables grow: ${perStep.join(" ")} (last: ${Number(last) * 10} µs/product)`);
  }
  return seconds;
}

const dir = mkdtempSync(join(tmpdir(), "foodbase-bench-rows-"));
try {
  console.log(`${N} products, ${DOC_BYTES}-byte documents, transactions of ${BATCH}`);
  const store = await run("store schema", storeSchema, dir);
  const append = await run("append only", appendOnly, dir);
  console.log(`ratio store schema / append only: ${(store / append).toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
