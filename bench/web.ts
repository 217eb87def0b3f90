/**
 * Issue 23 benchmark: web pages against the JSON answers they are made from, measured in the same run.
 *   npm run bench:web          (PRODUCTS=20000 DURATION=5 CONNECTIONS=8 by default)
 *
 * A SQLite database of PRODUCTS generated products (as contributors write them, bench/lib/bench-store.ts)
 * served by `foodbase serve` (one worker); then, each for DURATION seconds:
 * - product: `/product/{code}` (HTML) vs `/api/v2/product/{code}` (JSON), the same random codes;
 * - search: `/search?categories_tags=…` (HTML: results, facets, sort, pages) vs
 *   `/api/v2/search?categories_tags=…` (JSON), the same frequent categories.
 * Targets (issue 23): each page at ≥ 0.5× the requests/s of its JSON counterpart; a product page under
 * 100 KB before its photos.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { populateSqlite, serveFoodbase } from "./lib/bench-store.js";
import { type Load, load, loadGeneratorName } from "./lib/load.js";
import { seededRandom } from "./lib/random.js";

const PRODUCTS = Number(process.env.PRODUCTS ?? 20_000);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const PATHS = 500;

function line(name: string, l: Load): string {
  return `${name.padEnd(34)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms${
    l.errors + l.non2xx > 0 ? `  (${l.errors} errors, ${l.non2xx} non-2xx)` : ""
  }`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-bench-web-"));
  try {
    const codes = await populateSqlite(join(dir, "bench.db"), PRODUCTS, {
      userId: "bench",
      password: "bench-password",
    });
    const { child, match } = await serveFoodbase(`sqlite:${join(dir, "bench.db")}`, { FOODBASE_WORKERS: "1" });
    try {
      const url = match[1] as string;
      const rnd = seededRandom(23);
      const sample = Array.from({ length: PATHS }, () => codes[Math.floor(rnd() * codes.length)] as string);
      const facets = (await (await fetch(`${url}/facets/categories.json?page_size=30`)).json()) as {
        tags: Array<{ id: string }>;
      };
      const categories = facets.tags.map((t) => encodeURIComponent(t.id));
      const searches = Array.from({ length: PATHS }, () => categories[Math.floor(rnd() * categories.length)] as string);

      const page = await (await fetch(`${url}/product/${sample[0]}`)).text();
      console.log(
        `foodbase ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s each, ${loadGeneratorName()}`,
      );
      console.log(`product page weight: ${(Buffer.byteLength(page) / 1024).toFixed(1)} KB (target < 100 KB)`);
      const options = { connections: CONNECTIONS, duration: DURATION };
      // Warm-up of both kinds (taxonomy names, caches), not reported.
      await load(url, sample.map((c) => `/product/${c}`).slice(0, 50), { ...options, duration: 1 });
      const productJson = await load(
        url,
        sample.map((c) => `/api/v2/product/${c}`),
        options,
      );
      const productHtml = await load(
        url,
        sample.map((c) => `/product/${c}`),
        options,
      );
      const searchJson = await load(
        url,
        searches.map((c) => `/api/v2/search?categories_tags=${c}`),
        options,
      );
      const searchHtml = await load(
        url,
        searches.map((c) => `/search?categories_tags=${c}`),
        options,
      );
      console.log(line("JSON product read", productJson));
      console.log(line("product page", productHtml));
      console.log(line("JSON search (category)", searchJson));
      console.log(line("search page (category, facets)", searchHtml));
      const ratio = (a: Load, b: Load) => (a.rps / b.rps).toFixed(2);
      console.log(`product page / JSON read: ${ratio(productHtml, productJson)}x (target ≥ 0.5x)`);
      console.log(`search page / JSON search: ${ratio(searchHtml, searchJson)}x (target ≥ 0.5x)`);
    } finally {
      await child.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
