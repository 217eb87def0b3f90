/**
 * Issue 22's benchmark, two parts, each against a ceiling measured in the same run:
 *
 * 1. Uploads/s of 2 MP JPEGs through `POST /cgi/product_image_upload.pl` (a new product each, as
 *    `front_en`: OFF stores the upload and selects it, so 3 + 4 files), against the same sharp work
 *    done in-process with no HTTP and no store (processUpload + processSelection), at the same
 *    concurrency. Target ≥ 0.7×. The server's peak RSS is reported.
 * 2. `GET …/front_en.3.400.jpg` at 32 connections against a bare `node:http` server that sends the
 *    same bytes from memory. Target ≥ 0.7×.
 *
 *   npm run bench:images   (UPLOADS_SECONDS=8 UPLOAD_ROUNDS=2 SERVE_SECONDS=5 SERVE_ROUNDS=3 CONCURRENCY=4;
 *                           SERVER_UV_THREADPOOL_SIZE=N sets the server's libuv pool)
 * Serving is measured first, on the fresh server (the uploads leave it a heap to collect).
 * The server runs as its own process (`foodbase serve`, one worker, SQLite), as in production.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { type ImageLimits, processSelection, processUpload, WHOLE_PICTURE } from "../src/images/process.js";
import { ImageFiles } from "../src/storage/image-files.js";
import { serveFoodbase } from "./lib/bench-store.js";
import { type Load, load, loadGeneratorName } from "./lib/load.js";
import { spawnUntil } from "./lib/processes.js";

const UPLOADS_SECONDS = Number(process.env.UPLOADS_SECONDS ?? 8);
const UPLOAD_ROUNDS = Number(process.env.UPLOAD_ROUNDS ?? 2);
const SERVE_SECONDS = Number(process.env.SERVE_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const SERVE_CONNECTIONS = 32;
const SERVE_ROUNDS = Number(process.env.SERVE_ROUNDS ?? 3);
const LIMITS: ImageLimits = { maxBytes: 20 * 1024 * 1024, maxPixels: 100_000_000 };
/** 1632 × 1224 = 2.0 MP, a 4:3 phone picture. */
const WIDTH = 1632;
const HEIGHT = 1224;
const DISTINCT_PICTURES = 16;

/** Photo-like JPEGs (smooth shading, texture, edges), each with different bytes. */
async function makePictures(): Promise<Buffer[]> {
  const pictures: Buffer[] = [];
  for (let n = 0; n < DISTINCT_PICTURES; n++) {
    const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 3;
        const texture = ((x * 31 + y * 17 + n * 7) ^ (x * y)) & 15;
        const box = x > 300 && x < 1300 && y > 200 && y < 1000 ? 80 : 0;
        pixels[i] = (x / 8 + texture + box + n * 5) & 255;
        pixels[i + 1] = (y / 6 + texture) & 255;
        pixels[i + 2] = ((x + y) / 12 + box) & 255;
      }
    }
    pictures.push(
      await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return pictures;
}

interface Throughput {
  perSecond: number;
  count: number;
  errors: number;
  firstError?: string;
}

/** Runs `task` with `concurrency` in flight for `seconds`; completed tasks per second. */
async function throughput(
  seconds: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<Throughput> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let next = 0;
  let count = 0;
  let errors = 0;
  let firstError: string | undefined;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        try {
          await task(i);
          count++;
        } catch (e) {
          errors++;
          firstError ??= (e as Error).message;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: count / elapsed, count, errors, ...(firstError === undefined ? {} : { firstError }) };
}

/** The sharp work of one upload selected as front_en: upload sizes, then the selection's. */
async function inProcessUpload(picture: Buffer): Promise<void> {
  // A fresh copy, as the server gets from each request: libvips may cache work on an input it saw before.
  const upload = await processUpload(Buffer.from(picture), LIMITS);
  const full = upload.files.find((f) => f.size === "full")?.data as Buffer;
  await processSelection(full, WHOLE_PICTURE);
}

function uploadCode(i: number): string {
  // 13 digits, a new product per upload.
  return String(2_100_000_000_000 + i * 11);
}

async function httpUpload(base: string, picture: Buffer, i: number): Promise<void> {
  const form = new FormData();
  form.append("code", uploadCode(i));
  form.append("imagefield", "front_en");
  form.append("imgupload_front_en", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "photo.jpg");
  const res = await fetch(`${base}/cgi/product_image_upload.pl`, { method: "POST", body: form });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"status ok"')) {
    throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
}

/** Whether the server has the upload route (it comes with the photos API). */
async function hasUploadRoute(base: string): Promise<boolean> {
  const res = await fetch(`${base}/cgi/product_image_upload.pl`, { method: "POST", body: new FormData() });
  const text = await res.text();
  return !(res.status === 404 && text.includes("route_not_found"));
}

/** Peak resident memory of a process (Linux VmHWM), MiB. */
function peakRssMiB(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** A bare node:http server answering every request with the same JPEG bytes from memory. */
function bareServer(file: string) {
  const script = `
    const http = require("node:http");
    const bytes = require("node:fs").readFileSync(process.argv[1]);
    http.createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": bytes.length });
      res.end(bytes);
    }).listen(0, "127.0.0.1", function () { console.log("listening on http://127.0.0.1:" + this.address().port); });
  `;
  return spawnUntil(process.execPath, ["-e", script, file], /listening on (http:\/\/\S+)/);
}

function loadLine(name: string, r: Load, ceiling?: Load): string {
  const ratio = ceiling === undefined ? "" : `, ratio ${(r.rps / ceiling.rps).toFixed(2)} (target ≥ 0.70)`;
  return `  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}${ratio}`;
}

/** Part 2: GET …/front_en.3.400.jpg against a bare node:http server sending the same bytes. */
async function benchServing(base: string, pictures: Buffer[], dir: string, imagesDir: string): Promise<void> {
  console.log(
    `\n2. GET …/front_en.3.400.jpg, ${SERVE_CONNECTIONS} connections, ${SERVE_SECONDS} s, ${loadGeneratorName()}`,
  );
  const files = new ImageFiles(imagesDir);
  const upload = await processUpload(pictures[0] as Buffer, LIMITS);
  const selection = await processSelection(upload.files.find((f) => f.size === "full")?.data as Buffer, WHOLE_PICTURE);
  await files.writeSelection("3017620422003", "front_en", 3, selection);
  const bytes = selection.files.find((f) => f.size === "400")?.data as Buffer;
  const file = join(dir, "front_en.3.400.jpg");
  await writeFile(file, bytes);
  console.log(`  file of ${bytes.length} bytes`);
  const path = "/images/products/301/762/042/2003/front_en.3.400.jpg";
  const check = await fetch(`${base}${path}`);
  if (check.status !== 200 || !Buffer.from(await check.arrayBuffer()).equals(bytes)) {
    throw new Error(`GET ${path}: HTTP ${check.status} or other bytes`);
  }
  const bare = await bareServer(file);
  try {
    const bareUrl = bare.match[1] as string;
    const options = { connections: SERVE_CONNECTIONS, duration: SERVE_SECONDS };
    await load(bareUrl, [path], { ...options, duration: 2 });
    await load(base, [path], { ...options, duration: 2 });
    // Alternated rounds: on a shared machine the load of other processes changes between runs.
    for (let round = 1; round <= SERVE_ROUNDS; round++) {
      const bareLoad = await load(bareUrl, [path], options);
      const servedLoad = await load(base, [path], options);
      console.log(`  round ${round}`);
      console.log(loadLine("bare node:http, same bytes from memory", bareLoad));
      console.log(loadLine("foodbase GET /images/products/…", servedLoad, bareLoad));
    }
  } finally {
    await bare.child.stop();
  }
}

/** Part 1: uploads through the server against the same sharp work in-process. */
async function benchUploads(base: string, pictures: Buffer[]): Promise<void> {
  console.log(`\n1. uploads of 2 MP JPEGs, ${CONCURRENCY} in flight, ${UPLOADS_SECONDS} s each`);
  const picture = (i: number) => pictures[i % DISTINCT_PICTURES] as Buffer;
  const printCeiling = (ceiling: Throughput) =>
    console.log(
      `  ceiling (sharp in-process, no HTTP, no store) ${ceiling.perSecond.toFixed(1).padStart(6)} uploads/s`,
    );
  if (!(await hasUploadRoute(base))) {
    printCeiling(await throughput(UPLOADS_SECONDS, CONCURRENCY, (i) => inProcessUpload(picture(i))));
    console.log("  POST /cgi/product_image_upload.pl: this build has no upload route yet (skipped)");
    return;
  }
  // Warm-up: sharp's thread pool and the JIT, in both places.
  await throughput(2, CONCURRENCY, (i) => inProcessUpload(picture(i)));
  await throughput(2, CONCURRENCY, (i) => httpUpload(base, picture(i), i));
  // Alternated rounds; codes the warm-up did not use, so that every measured upload creates its product.
  for (let round = 1; round <= UPLOAD_ROUNDS; round++) {
    const ceiling = await throughput(UPLOADS_SECONDS, CONCURRENCY, (i) => inProcessUpload(picture(i)));
    const offset = round * 1_000_000;
    const served = await throughput(UPLOADS_SECONDS, CONCURRENCY, (i) => httpUpload(base, picture(i), offset + i));
    console.log(`  round ${round}`);
    printCeiling(ceiling);
    console.log(
      `  POST /cgi/product_image_upload.pl             ${served.perSecond.toFixed(1).padStart(6)} uploads/s, ` +
        `ratio ${(served.perSecond / ceiling.perSecond).toFixed(2)} (target ≥ 0.70), errors ${served.errors}` +
        (served.firstError === undefined ? "" : ` (first: ${served.firstError})`),
    );
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "foodbase-bench-images-"));
  const imagesDir = join(dir, "images");
  try {
    console.log(`generating ${DISTINCT_PICTURES} JPEGs of ${WIDTH}×${HEIGHT} (2.0 MP)…`);
    const pictures = await makePictures();
    const averageKb = pictures.reduce((sum, p) => sum + p.length, 0) / pictures.length / 1024;
    console.log(`  average ${averageKb.toFixed(0)} KB`);
    const { child, match } = await serveFoodbase(join(dir, "bench.db"), {
      FOODBASE_WORKERS: "1",
      FOODBASE_IMAGES_DIR: imagesDir,
      FOODBASE_BODY_LIMIT: String(32 * 1024 * 1024),
      ...(process.env.SERVER_UV_THREADPOOL_SIZE ? { UV_THREADPOOL_SIZE: process.env.SERVER_UV_THREADPOOL_SIZE } : {}),
    });
    const base = match[1] as string;
    const pid = child.process.pid as number;
    try {
      await benchServing(base, pictures, dir, imagesDir);
      const afterServing = peakRssMiB(pid);
      console.log(`  server peak RSS ${afterServing === undefined ? "unknown" : `${afterServing.toFixed(0)} MiB`}`);
      await benchUploads(base, pictures);
      const rss = peakRssMiB(pid);
      console.log(`  server peak RSS over the uploads ${rss === undefined ? "unknown" : `${rss.toFixed(0)} MiB`}`);
    } finally {
      await child.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
