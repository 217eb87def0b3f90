/**
 * `foodbase generate` (realistic profile, the default): products with the size distribution and field
 * mix of OFF's 2026 dump (issue 21: 12.3 KB a product on average, a tail past 40 KB; nested ingredients,
 * images, packagings, environmental score data, many languages, 1 in 4 products at schema 1003). The
 * field list is checked against real dump records (test/fixtures/off-products-2026.jsonl).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeneratorProfile, generateProducts } from "../../src/generate/generate.js";
import type { SizeSummary } from "../../src/generate/size-stats.js";
import { CLI_MAIN } from "../helpers/processes.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { exportText, FIXTURES, importFile, tempFile } from "../import/helpers.js";

async function generate(
  count: number,
  seed: number,
  profile: GeneratorProfile = "realistic",
): Promise<{ text: string; sizes: SizeSummary; writes: number }> {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const sizes = await generateProducts({
    count,
    seed,
    profile,
    keyOrder: "sorted",
    nutriscoreHeadlineVersion: "2021",
    out,
    workers: 0,
    chunkSize: 250,
  });
  return { text: chunks.join(""), sizes, writes: chunks.length };
}

const lines = (text: string) => text.split("\n").filter((line) => line !== "");
const KB = 1024;

const realProducts: Array<Record<string, unknown>> = lines(
  readFileSync(join(FIXTURES, "off-products-2026.jsonl"), "utf8"),
).map((line) => JSON.parse(line));

let text: string;
let sizes: SizeSummary;
let writes: number;
let products: Array<Record<string, any>>;
beforeAll(async () => {
  ({ text, sizes, writes } = await generate(2000, 1));
  products = lines(text).map((line) => JSON.parse(line));
}, 120_000);

describe("realistic generated products", () => {
  it("have the dump's mean size (12.3 KB), a long right tail past 40 KB, and sparse records below", () => {
    const bytes = lines(text)
      .map((line) => Buffer.byteLength(line))
      .sort((a, b) => a - b);
    const mean = bytes.reduce((a, b) => a + b, 0) / bytes.length;
    expect(mean).toBeGreaterThan(11.3 * KB);
    expect(mean).toBeLessThan(13.3 * KB);
    const at = (p: number) => bytes[Math.ceil(p * bytes.length) - 1] as number;
    // Skewed right: the median under the mean, the 99th percentile more than twice the median.
    expect(at(0.5)).toBeLessThan(mean);
    expect(at(0.99)).toBeGreaterThan(2 * at(0.5));
    expect(at(1)).toBeGreaterThan(40 * KB);
    // Real records of 14-21 KB (the fixtures) are in the upper part of the distribution, not outliers.
    expect(at(0.9)).toBeGreaterThan(16 * KB);
    expect(at(0.1)).toBeLessThan(8 * KB);
  });

  it("are twice the size of the small profile's", async () => {
    const small = await generate(300, 1, "small");
    expect(sizes.mean).toBeGreaterThan(1.8 * small.sizes.mean);
  });

  it("report their size statistics: count, mean and max exact, percentiles to 64 bytes", () => {
    const bytes = lines(text)
      .map((line) => Buffer.byteLength(line))
      .sort((a, b) => a - b);
    expect(sizes.count).toBe(2000);
    expect(sizes.totalBytes).toBe(bytes.reduce((a, b) => a + b, 0));
    expect(sizes.mean).toBe(sizes.totalBytes / 2000);
    expect(sizes.max).toBe(bytes[1999]);
    for (const [p, value] of [
      [0.5, sizes.p50],
      [0.9, sizes.p90],
      [0.99, sizes.p99],
    ] as const) {
      const exact = bytes[Math.ceil(p * 2000) - 1] as number;
      expect(value).toBeGreaterThanOrEqual(exact);
      expect(value).toBeLessThan(exact + 64);
    }
  });

  it("are written as they are made, chunk by chunk, not all at the end", () => {
    expect(writes).toBeGreaterThanOrEqual(2000 / 250);
  });

  it("carry every field that all the real dump records carry", () => {
    const inAllReal = Object.keys(realProducts[0] as object).filter((key) => realProducts.every((p) => key in p));
    expect(inAllReal.length).toBeGreaterThan(80);
    const generatedKeys = new Set(products.flatMap((p) => Object.keys(p)));
    expect(inAllReal.filter((key) => !generatedKeys.has(key))).toEqual([]);
  });

  it("mix schema versions as the dump does: about 1 in 4 at 1003, some at 1001 and 1002, the rest classic", () => {
    const byVersion = new Map<unknown, number>();
    for (const p of products) byVersion.set(p.schema_version, (byVersion.get(p.schema_version) ?? 0) + 1);
    expect(byVersion.get(1003)).toBeGreaterThan(0.2 * 2000);
    expect(byVersion.get(1003)).toBeLessThan(0.3 * 2000);
    expect(byVersion.get(1002)).toBeGreaterThan(0);
    expect(byVersion.get(1001)).toBeGreaterThan(0);
    expect(byVersion.get(undefined)).toBeGreaterThan(0.55 * 2000);
  });

  it("have 1003 nutrition (input sets, aggregated set) at 1003 and classic nutriments before (SCHEMA.md §2)", () => {
    const at1003 = products.filter((p) => p.schema_version === 1003);
    const withNutrition = at1003.filter((p) => Array.isArray(p.nutrition?.input_sets) && p.nutrition.input_sets.length);
    expect(withNutrition.length).toBeGreaterThan(0.3 * at1003.length);
    for (const p of withNutrition) {
      const set = p.nutrition.input_sets[0];
      expect(set.preparation).toBe("as_sold");
      expect(["100g", "100ml", "serving"]).toContain(set.per);
      expect(typeof set.nutrients.fat.value).toBe("number");
      expect(typeof p.nutrition.aggregated_set.nutrients.fat.value).toBe("number");
      expect(p.nutriments?.fat_100g).toBeUndefined();
    }
    const classic = products.filter((p) => p.schema_version === undefined);
    expect(classic.filter((p) => typeof p.nutriments?.fat_100g === "number").length).toBeGreaterThan(
      0.3 * classic.length,
    );
    for (const p of classic) expect(p.nutrition).toBeUndefined();
  });

  it("have images metadata: flat in classic records, split into uploaded and selected from 1002", () => {
    const classic = products.filter((p) => p.schema_version === undefined && p.images !== undefined);
    expect(classic.length).toBeGreaterThan(0.85 * products.filter((p) => p.schema_version === undefined).length);
    for (const p of classic) {
      expect(p.images["1"].sizes.full.w).toBeGreaterThan(0);
      expect(Number(p.max_imgid)).toBeGreaterThanOrEqual(1);
    }
    expect(classic.some((p) => Object.keys(p.images).some((k) => /^front_[a-z]{2}$/.test(k)))).toBe(true);
    const split = products.filter((p) => p.schema_version >= 1002 && p.images !== undefined);
    expect(split.length).toBeGreaterThan(100);
    for (const p of split) expect(Object.keys(p.images).sort()).toEqual(["selected", "uploaded"]);
    const uploaded = products.map((p) => Number(p.max_imgid ?? 0)).sort((a, b) => a - b);
    expect(uploaded[1999]).toBeGreaterThan(20);
  });

  it("have nested ingredients, packaging components and environmental score data per country", () => {
    const nested = products.filter((p) =>
      (p.ingredients ?? []).some((i: { ingredients?: unknown[] }) => i.ingredients),
    );
    expect(nested.length).toBeGreaterThan(100);
    for (const p of nested.slice(0, 50)) {
      for (const i of p.ingredients) {
        for (const sub of i.ingredients ?? []) {
          expect(typeof sub.id).toBe("string");
          expect(typeof sub.text).toBe("string");
          expect(sub.percent_estimate).toBeGreaterThanOrEqual(0);
        }
      }
    }
    const packaged = products.filter((p) => p.packagings.length > 0);
    expect(packaged.length).toBeGreaterThan(0.3 * 2000);
    for (const p of packaged) {
      expect(p.packagings_n).toBe(p.packagings.length);
      for (const c of p.packagings) expect(c.shape).toMatch(/^en:/);
    }
    for (const p of products) {
      const data = p.environmental_score_data;
      expect(Object.keys(data.adjustments.origins_of_ingredients.values).length).toBeGreaterThan(60);
      expect(p.environmental_score_grade).toBe(data.grade);
    }
    const graded = products.filter((p) => p.environmental_score_data.status === "known");
    expect(graded.length).toBeGreaterThan(200);
    for (const p of graded) expect(p.environmental_score_data.grades.fr).toMatch(/^[a-e]$/);
  });

  it("are written in many languages, several on the richer products", () => {
    const described = new Set<string>();
    let multilingual = 0;
    for (const p of products) {
      const withName = Object.keys(p).filter((k) => /^product_name_[a-z]{2}$/.test(k) && p[k] !== "");
      for (const k of withName) described.add(k.slice(-2));
      if (withName.length >= 3) multilingual++;
      expect(Object.keys(p.languages_codes)).toContain(p.lang);
    }
    expect(described.size).toBeGreaterThanOrEqual(10);
    expect(multilingual).toBeGreaterThan(100);
  });
});

describe("realistic generated file imported, then exported", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ users: [] });
  });
  afterAll(async () => t.close());

  it("imports with no rejected line and comes back byte for byte", async () => {
    const { text: file } = await generate(300, 7);
    const { summary, rejects } = await importFile(t.server.store, tempFile("realistic.jsonl", file));
    expect(rejects).toEqual([]);
    expect(summary).toEqual({ imported: 300, updated: 0, unchanged: 0, rejected: 0 });
    const exported = await exportText(t.server.store);
    const sortedByCode = lines(file).sort((a, b) => (JSON.parse(a).code < JSON.parse(b).code ? -1 : 1));
    expect(exported).toBe(`${sortedByCode.join("\n")}\n`);
  });

  it("serves a 1003 product's nutrition to a v2 client as classic nutriments", async () => {
    const { text: file } = await generate(300, 7);
    const at1003 = lines(file)
      .map((line) => JSON.parse(line))
      .find((p) => p.schema_version === 1003 && p.nutrition?.input_sets?.length);
    const response = await fetch(`${t.url}/api/v2/product/${at1003.code}.json`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.product.nutriments.fat_100g).toBe(at1003.nutrition.aggregated_set.nutrients.fat.value);
  });
});

describe("foodbase generate (the built CLI)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "foodbase-generate-realistic-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints the size statistics of what it wrote, realistic by default and small on request", () => {
    const run = (extra: string[]) => {
      const out = join(dir, `${extra.join("-") || "default"}.jsonl`);
      const r = spawnSync(
        process.execPath,
        [CLI_MAIN, "generate", "--count", "60", "--workers", "1", "--no-progress", "--out", out, ...extra],
        { encoding: "utf8", timeout: 120_000 },
      );
      expect(r.status).toBe(0);
      const bytes = lines(readFileSync(out, "utf8")).map((line) => Buffer.byteLength(line));
      const mean = bytes.reduce((a, b) => a + b, 0) / bytes.length;
      const m =
        /generated 60 products, .* mean ([\d.]+) KB, p50 ([\d.]+) KB, p90 ([\d.]+) KB, p99 ([\d.]+) KB, max ([\d.]+) KB/.exec(
          r.stderr,
        );
      expect(m, r.stderr).not.toBeNull();
      expect(Number(m?.[1])).toBeCloseTo(mean / KB, 1);
      expect(Number(m?.[5])).toBeCloseTo(Math.max(...bytes) / KB, 1);
      return mean;
    };
    const realistic = run([]);
    const small = run(["--profile", "small"]);
    expect(realistic).toBeGreaterThan(1.8 * small);
  });
});
