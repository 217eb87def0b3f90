/**
 * The ceiling of the import benchmark: read a JSONL file and JSON.parse every line, doing nothing
 * else, in one thread. Three ways of reading (node:readline; 1 MiB chunks decoded, then split; 1 MiB
 * chunks split at newline bytes, each line decoded on its own, as the import does); the fastest one
 * counts. Run as a child process:
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

/** Lines cut from the bytes, each decoded alone (a flat one-byte string when its text is Latin-1). */
async function withLineBytes(): Promise<number> {
  let count = 0;
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const bytes: Buffer = rest.length === 0 ? (chunk as Buffer) : Buffer.concat([rest, chunk as Buffer]);
    let start = 0;
    let end = bytes.indexOf(0x0a, start);
    while (end !== -1) {
      if (end > start) {
        JSON.parse(bytes.toString("utf8", start, end));
        count++;
      }
      start = end + 1;
      end = bytes.indexOf(0x0a, start);
    }
    rest = bytes.subarray(start);
  }
  if (rest.toString("utf8").trim() !== "") {
    JSON.parse(rest.toString("utf8"));
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
const lineBytes = await timed(withLineBytes);
const best = [readline, chunks, lineBytes].reduce((a, b) => (b.seconds < a.seconds ? b : a));
process.stdout.write(
  `${JSON.stringify({
    products: best.products,
    seconds: best.seconds,
    readlineSeconds: readline.seconds,
    chunksSeconds: chunks.seconds,
    lineBytesSeconds: lineBytes.seconds,
  })}\n`,
);
