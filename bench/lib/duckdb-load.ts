/**
 * The peer a data user would otherwise reach for: DuckDB's read_json of the same JSONL file into a
 * table of a database file. Run as a child process (so that its memory is measured apart):
 *   node --import tsx bench/lib/duckdb-load.ts <file.jsonl> <database.duckdb>   → prints one JSON line
 */
import { DuckDBInstance } from "@duckdb/node-api";

const [file, database] = process.argv.slice(2) as [string, string];
const instance = await DuckDBInstance.create(database);
const connection = await instance.connect();
const started = performance.now();
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
await connection.run(
  `CREATE TABLE products AS SELECT * FROM read_json(${quoted(file)}, format = 'newline_delimited', union_by_name = true)`,
);
const seconds = (performance.now() - started) / 1000;
const count = await connection.runAndReadAll("SELECT count(*) FROM products");
const columns = await connection.runAndReadAll(
  "SELECT count(*) FROM information_schema.columns WHERE table_name = 'products'",
);
connection.closeSync();
instance.closeSync();
process.stdout.write(
  `${JSON.stringify({ products: Number(count.getRows()[0]?.[0]), columns: Number(columns.getRows()[0]?.[0]), seconds })}\n`,
);
