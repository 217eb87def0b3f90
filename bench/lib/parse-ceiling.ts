/**
 * The ceiling of the import benchmark: read a JSONL file and JSON.parse every line, doing nothing
 * else, in one thread. Two ways of reading (node:readline, and 1 MiB chunks split by hand); the
 * faster one counts. Run as a child process:
 *   node --import tsx bench/lib/parse-ceiling.ts <file.jsonl>   → prints one JSON line of results
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

const file = process.argv[2] as string;

async function withReadline(): Promise<number> {
  let count = 0;
  const lines = createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line !== "") {
      JSON.parse(line);
      count++;
    }
  }
  return count;
}

async function withChunks(): Promise<number> {
  let count = 0;
  let rest = "";
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20, encoding: "utf8" })) {
    const text = rest + (chunk as string);
    let start = 0;
    let end = text.indexOf("\n", start);
    while (end !== -1) {
      if (end > start) {
        JSON.parse(text.slice(start, end));
        count++;
      }
      start = end + 1;
      end = text.indexOf("\n", start);
    }
    rest = text.slice(start);
  }
  if (rest.trim() !== "") {
    JSON.parse(rest);
    count++;
  }
  return count;
}

async function timed(read: () => Promise<number>): Promise<{ products: number; seconds: number }> {
  const started = performance.now();
  const products = await read();
  return { products, seconds: (performance.now() - started) / 1000 };
}

const readline = await timed(withReadline);
const chunks = await timed(withChunks);
const best = readline.seconds <= chunks.seconds ? readline : chunks;
process.stdout.write(
  `${JSON.stringify({
    products: best.products,
    seconds: best.seconds,
    readlineSeconds: readline.seconds,
    chunksSeconds: chunks.seconds,
  })}\n`,
);
