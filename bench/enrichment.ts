/**
 * Issue #3 figures: server start time with the taxonomies loaded, the enrichment pipeline's throughput
 * on one core, pathological tag texts, and the memory the taxonomies hold.
 *   npm run bench:enrichment
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { enrichProduct } from "../src/domain/enrich.js";
import { analyzeProductIngredients } from "../src/domain/ingredients/index.js";
import type { Product } from "../src/domain/product.js";
import { applyProductEdit } from "../src/domain/product-edit.js";
import { computeTagFields } from "../src/domain/tags.js";
import { buildCatalog } from "../src/generate/catalog.js";
import { rawProduct } from "../src/generate/product.js";
import { loadTaxonomies, loadTaxonomiesWithReport } from "../src/storage/taxonomy-files.js";
import { spawnUntil } from "./lib/processes.js";
import { seededRandom } from "./lib/random.js";
import { contributorWriteParams } from "./lib/write-params.js";

const COUNT = Number(process.env.PRODUCTS ?? 20_000);

/** CPU time (user + system) a process has used so far, from /proc (Linux), in ms. */
function cpuMilliseconds(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function startTimes(workers: number | undefined): Promise<{ wall: number[]; cpu: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-start-"));
  const times: number[] = [];
  const cpu: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const { child } = await spawnUntil(
        process.execPath,
        ["dist/cli/main.js", "serve", "--port", "0"],
        /listening on/,
        {
          DATABASE_URL: join(dir, `start-${i}.db`),
          LOG_LEVEL: "warn",
          ...(workers === undefined ? {} : { FOODBASE_WORKERS: String(workers) }),
        },
      );
      times.push(performance.now() - started);
      cpu.push(cpuMilliseconds(child.process.pid));
      await child.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { wall: times, cpu };
}

/** The ingredient list of a generated product as write parameters. */
function ingredientParams(product: Product): Record<string, string> {
  const lc = product.lang as string;
  return { lang: lc, [`ingredients_text_${lc}`]: product[`ingredients_text_${lc}`] as string };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  // The default (one worker per core) and one process: a cluster's primary prepares the database while
  // its workers load their modules; no taxonomy is read before the first request that needs one.
  for (const workers of [undefined, 1]) {
    const starts = await startTimes(workers);
    const label = workers === undefined ? `default, ${availableParallelism()} workers` : `${workers} process`;
    console.log(
      `server start to "listening" (${label}, new database): median ${median(starts.wall).toFixed(0)} ms wall, runs ${starts.wall.map((t) => t.toFixed(0)).join(", ")} ms (target < 1000)`,
    );
    // CPU time does not grow when other processes compete for the cores: the work the start itself does.
    const whose = workers === undefined ? "the cluster's primary (its workers not counted)" : "the server";
    console.log(`  CPU time used by ${whose} until then: median ${median(starts.cpu).toFixed(0)} ms`);
  }

  // Both parts of the taxonomies load on first use from their compact forms: their load time and memory.
  const taxonomies = loadTaxonomies();
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const coreStarted = performance.now();
  const coreCount = taxonomies.categories.size + taxonomies.labels.size;
  const coreLoad = performance.now() - coreStarted;
  global.gc?.();
  const held = process.memoryUsage().heapUsed - before;
  console.log(
    `core taxonomies (categories, labels, countries, nutrients), loaded on first use: ${coreLoad.toFixed(0)} ms, heap ${(held / 1024 / 1024).toFixed(1)} MB (${coreCount} categories and labels)${global.gc ? "" : " (run with --expose-gc for an exact figure)"}`,
  );

  global.gc?.();
  const beforeIngredients = process.memoryUsage().heapUsed;
  const ingredientsStarted = performance.now();
  const ingredientTaxonomyCount = taxonomies.ingredients.size + taxonomies.additives.size;
  const ingredientsLoad = performance.now() - ingredientsStarted;
  global.gc?.();
  const heldByIngredients = process.memoryUsage().heapUsed - beforeIngredients;
  console.log(
    `ingredient-analysis taxonomies, loaded on first use: ${ingredientsLoad.toFixed(0)} ms, heap ${(heldByIngredients / 1024 / 1024).toFixed(1)} MB (${ingredientTaxonomyCount} ingredients and additives)`,
  );
  console.log(`  (compact forms up to date: ${loadTaxonomiesWithReport().source === "cache" ? "yes" : "no, rebuilt"})`);

  // Ingredients analysis alone, on the generator's ingredient lists in the five languages.
  const catalog = buildCatalog(taxonomies, 1);
  const lists: Product[] = [];
  for (let i = 0; lists.length < 5_000 && i < 100_000; i++) {
    const raw = rawProduct(catalog, 1, i);
    const lc = raw.lang;
    if (typeof lc === "string" && ["en", "fr", "de", "es", "it"].includes(lc) && raw[`ingredients_text_${lc}`]) {
      lists.push(raw);
    }
  }
  for (const p of lists.slice(0, 500)) analyzeProductIngredients(p, taxonomies); // warm-up
  const analysisStarted = performance.now();
  let ingredientsParsed = 0;
  for (const p of lists)
    ingredientsParsed += (analyzeProductIngredients(p, taxonomies)?.fields.ingredients_n as number) ?? 0;
  const analysisSeconds = (performance.now() - analysisStarted) / 1000;
  console.log(
    `ingredients analysis alone: ${(lists.length / analysisSeconds).toFixed(0)} products/s on one core (${lists.length} generated lists in en/fr/de/es/it, ${(ingredientsParsed / lists.length).toFixed(1)} ingredients each)`,
  );

  const rnd = seededRandom(1);
  const now = Math.floor(Date.now() / 1000);
  const products: Product[] = [];
  for (let i = 0; i < COUNT; i++) {
    const edit = applyProductEdit(
      undefined,
      {
        code: String(3_000_000_000_000 + i),
        params: { ...contributorWriteParams(rnd, i), ...ingredientParams(lists[i % lists.length] as Product) },
        userId: "bench",
        now,
      },
      { taxonomies, nutriscoreHeadlineVersion: "2021" },
    );
    if (!edit.ok) throw new Error(edit.message);
    products.push(edit.product);
  }
  const ctx = { taxonomies, nutriscoreHeadlineVersion: "2021" as const };
  for (const p of products.slice(0, 2000)) enrichProduct(p, ctx); // warm-up
  const started = performance.now();
  for (const p of products) enrichProduct(p, ctx);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `enrichment pipeline (tags, ingredients analysis, keywords, Nutri-Score 2021+2023, misc_tags): ${(COUNT / seconds).toFixed(0)} products/s on one core (${COUNT} products with ingredient lists)`,
  );

  for (const [name, text] of [
    ["10,000 commas", ",".repeat(10_000)],
    ["1 MiB of category text", "Orange juice, ".repeat(80_000).slice(0, 1024 * 1024)],
    ["1 MiB without separators", "x".repeat(1024 * 1024)],
  ] as const) {
    const t0 = performance.now();
    computeTagFields({ categories: text, lc: "en" }, taxonomies);
    console.log(`tags of ${name}: ${(performance.now() - t0).toFixed(1)} ms (target < 100)`);
  }
}

await main();
