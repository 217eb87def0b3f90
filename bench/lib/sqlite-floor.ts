/**
 * A floor for the import benchmark: the least an import into foodbase's SQLite schema must do. One
 * thread reads the file as the ceiling does, JSON.parse-s each line for its code, and stores the line
 * as it is: one `revisions` row and one `products` row, in transactions of the import's batch size,
 * with the store's own settings for bulk loads (WAL, background checkpoints). No type checks, no
 * canonical JSON, no search index. What it takes beyond the ceiling is the cost of the rows alone.
 *   node --import tsx bench/lib/sqlite-floor.ts <file.jsonl> <database>   → prints one JSON line
 */
import { createReadStream, rmSync } from "node:fs";
import { DEFAULT_BATCH_SIZE } from "../../src/import/importer.js";
import { SqliteStore } from "../../src/store/sqlite/index.js";

const [file, database] = process.argv.slice(2) as [string, string];
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });

const started = performance.now();
const store = new SqliteStore(database);
await store.prepareForBulkLoad();
const insertRevision = store.db.prepare(
  "INSERT INTO revisions (code, rev, t, user_id, comment, doc) VALUES (?, 1, 0, 'import', 'floor', ?)",
);
const insertProduct = store.db.prepare("INSERT INTO products (code, rev, revision_id) VALUES (?, 1, ?)");
let storeSeconds = 0;
const storeBatch = (batch: Array<[string, string]>) => {
  const batchStarted = performance.now();
  store.db
    .transaction(() => {
      for (const [code, doc] of batch) insertProduct.run(code, insertRevision.run(code, doc).lastInsertRowid);
    })
    .immediate();
  storeSeconds += (performance.now() - batchStarted) / 1000;
};

let products = 0;
let batch: Array<[string, string]> = [];
let rest: Buffer = Buffer.alloc(0);
const take = (line: string) => {
  batch.push([(JSON.parse(line) as { code: string }).code, line]);
  products++;
  if (batch.length >= DEFAULT_BATCH_SIZE) {
    storeBatch(batch);
    batch = [];
  }
};
for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
  const bytes: Buffer = rest.length === 0 ? (chunk as Buffer) : Buffer.concat([rest, chunk as Buffer]);
  let start = 0;
  let end = bytes.indexOf(0x0a, start);
  while (end !== -1) {
    if (end > start) take(bytes.toString("utf8", start, end));
    start = end + 1;
    end = bytes.indexOf(0x0a, start);
  }
  rest = bytes.subarray(start);
}
if (rest.toString("utf8").trim() !== "") take(rest.toString("utf8"));
storeBatch(batch);
// Closing waits for the last checkpoint, as the import's does.
const closeStarted = performance.now();
await store.close();
storeSeconds += (performance.now() - closeStarted) / 1000;
console.log(JSON.stringify({ products, seconds: (performance.now() - started) / 1000, storeSeconds }));
