/**
 * A compute floor for the import benchmark (issue 21, item 3): the work every product of an import needs
 * whatever the storage design, spread over every core, with nothing stored. The main thread reads the file
 * and cuts it into blocks of lines, as the import does; one worker thread per core then, for each line:
 * - `parse`: JSON.parse alone, the ceiling's work on every core;
 * - `import`: JSON.parse, the search index entry (search must find the product) and zstd compression of
 *   the line (the database must stay within 0.5x of the JSONL);
 * - `recompute`: the same, with foodbase's enrichment pipeline (tags, ingredients analysis, Nutri-Score)
 *   between the parse and the index entry, as `import --recompute` runs it.
 * No checks, no canonical JSON, no rows, no transactions. An import doing at least this work cannot be
 * faster on this machine, so its ratio to the ceiling bounds the import's.
 * The workers run the built modules (dist/, as the import does): worker threads do not inherit tsx.
 *   node --import tsx bench/lib/compute-floor.ts <file.jsonl> <parse|import|recompute>   → prints one JSON line
 */
import { availableParallelism } from "node:os";
import { lineBlocks } from "../../src/import/blocks.js";
import { mapInOrder, WorkerPool } from "../../src/import/parallel.js";
import { openInput } from "../../src/import/source.js";

type Work = "parse" | "import" | "recompute";

interface Block {
  bytes: Uint8Array;
}

const [file, work] = process.argv.slice(2) as [string, Work];
// THREADS=1 shows how the work scales with the cores.
const threads = Number(process.env.THREADS ?? availableParallelism());
// 512 MB heaps: the floor gives the work its best case (with --recompute a worker holds about 105 MB of
// taxonomies, and a tight limit makes V8 collect the whole heap over and over).
const pool = new WorkerPool<Block, number>(
  new URL("./compute-floor-worker.mjs", import.meta.url),
  { work },
  threads,
  512,
);
// Timed from when every worker has its taxonomies (and, for recompute, the analysis' own) loaded: the
// floor is the work per product, not a start-up that a long import pays once.
const warmUp = new TextEncoder().encode(
  `${JSON.stringify({ code: "3017620422003", ingredients_text: "sugar, salt" })}\n`,
);
await Promise.all(Array.from({ length: threads }, () => pool.run({ bytes: warmUp })));
const started = performance.now();
const input = await openInput(file);
let products = 0;
const counts = mapInOrder(
  lineBlocks(input.chunks()),
  (block) => pool.run({ bytes: block.bytes }, [block.bytes.buffer as ArrayBuffer]),
  threads * 3,
);
for await (const count of counts) products += count;
const seconds = (performance.now() - started) / 1000;
await pool.close();
console.log(JSON.stringify({ products, threads, seconds }));
