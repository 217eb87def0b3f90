/**
 * `foodbase import` of the shipped sample (OFF-shaped records), read back through the HTTP API as a
 * user would. Expected values come from the fixture's text and from API.md, not from the import.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { ImportInputError } from "../../src/import/importer.js";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";
import { DIRTY_SAMPLE, importFile, SAMPLE, tempFile } from "./helpers.js";

let servers: TestServer[] = [];
async function server(): Promise<TestServer> {
  const t = await startTestServer({ users: [] });
  servers.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(servers.map((t) => t.close()));
  servers = [];
});

async function product(t: TestServer, code: string, query = ""): Promise<Record<string, any>> {
  const { status, body } = await getJson(`${t.url}/api/v2/product/${code}${query}`);
  expect(status).toBe(200);
  return body.product;
}

function sampleRecords(): Array<Record<string, any>> {
  return readFileSync(SAMPLE, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

function isSortedDeep(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isSortedDeep);
  if (value === null || typeof value !== "object") return true;
  const keys = Object.keys(value);
  const sorted = [...keys].sort();
  return keys.every((k, i) => k === sorted[i]) && Object.values(value).every(isSortedDeep);
}

describe("import of the OFF sample", () => {
  it("imports every record and serves it as it was in the dump, under its normalised code", async () => {
    const t = await server();
    const { summary, rejects } = await importFile(t.server.store, SAMPLE);
    expect(summary).toEqual({ imported: 10, updated: 0, unchanged: 0, rejected: 0 });
    expect(rejects).toEqual([]);

    // 12-digit UPC: stored under 0 + the UPC (API.md §2 #4); numbers given as strings stay strings.
    const { body } = await getJson(`${t.url}/api/v2/product/041570054161`);
    expect(body.code).toBe("0041570054161");
    const almond = body.product;
    expect([almond.code, almond._id, almond.id]).toEqual(["0041570054161", "0041570054161", "0041570054161"]);
    expect(almond.rev).toBe(22);
    // v2 rebuilds `nutriments` from the aggregated set (SCHEMA.md §5): the dump's "1.04" is served as a
    // number; `fields=raw` still gives the text as imported.
    expect(almond.nutriments.fat_100g).toBe(1.04);
    expect((await product(t, "041570054161", "?fields=raw")).nutriments.fat_100g).toBe("1.04");
    expect(almond.nutriments.sugars_100g).toBe(0);
    expect(almond.product_quantity).toBe("1890");
    expect(almond.nova_group).toBe("3");

    // 8-digit code, unicode, nested Nutri-Score object as in the dump.
    const kinder = await product(t, "40084107");
    expect(kinder.generic_name_de).toBe("Milchschokolade mit Milchfüllung");
    expect(kinder.countries).toBe("Deutschland, Österreich");
    expect(kinder.nutriscore["2021"].data.energy_points).toBe(6);
    expect(kinder.nutriscore["2023"]).toEqual({ grade: "e", score: 30 });

    // \u escapes in the line (including a surrogate pair) are the characters they stand for.
    const crisps = await product(t, "0012345678");
    expect(crisps.code).toBe("12345678");
    expect(crisps.product_name).toBe("ポテトチップス うすしお味 🥔");

    // Deeply nested objects and arrays come back whole.
    const water = await product(t, "3274080005003");
    expect(water.images.front_fr.sizes["400"]).toEqual({ h: 400, w: 224 });
    expect(water.ecoscore_data.adjustments.packaging.packagings[0].shape).toBe("en:bottle");
    const biscuits = await product(t, "5901234123457");
    expect(biscuits.ingredients[0].ingredients).toEqual([{ id: "en:wheat", text: "pszenica" }]);
    expect(biscuits.ingredients_text_pl).toBe("Mąka pszenna 55%, cukier, masło 12%, sól");

    // A record without rev is revision 1; null stays null; a record with only a few fields is kept as is.
    const cheese = await product(t, "7612345678900");
    expect(cheese.rev).toBe(1);
    expect(cheese.generic_name).toBeNull();
    const stroopwafels = await product(t, "8712345678906", "?fields=raw");
    expect(stroopwafels).toEqual({ code: "8712345678906", lang: "nl", product_name: "Stroopwafels", rev: 1 });
  });

  it("stores every record with all its keys, sorted at every level", async () => {
    const t = await server();
    await importFile(t.server.store, SAMPLE);
    for (const record of sampleRecords()) {
      const stored = await product(t, record.code, "?fields=raw");
      expect(isSortedDeep(stored)).toBe(true);
      const expectedKeys = new Set([...Object.keys(record), "rev"]);
      expect(new Set(Object.keys(stored))).toEqual(expectedKeys);
    }
  });

  it("keeps OFF's computed fields by default, and with --recompute computes them as foodbase does", async () => {
    const kept = await server();
    await importFile(kept.server.store, SAMPLE);
    const keptProduct = await product(kept, "200000000034");
    expect(keptProduct.categories_tags).toEqual(["en:stale-biscuits-tag"]);
    expect(keptProduct._keywords).toEqual(["stale"]);
    expect((await product(kept, "3017620422003")).nutrition_grades).toBe("a");

    const recomputed = await server();
    const { summary } = await importFile(recomputed.server.store, SAMPLE, { recompute: true });
    expect(summary.imported).toBe(10);
    const some = await product(recomputed, "200000000034");
    // API.md §3.1: "Biscuits" in English gives these tags; §5.4: keywords of "Some product" + "Biscuits".
    expect(some.categories_tags).toEqual(["en:snacks", "en:sweet-snacks", "en:biscuits-and-cakes", "en:biscuits"]);
    expect(some._keywords).toEqual(["biscuit", "product", "some"]);
    expect(some.product_name).toBe("Some product");
    expect(some.rev).toBe(3);
    // README: the sample Nutella (same nutrients, same categories) has Nutri-Score E.
    const nutella = await product(recomputed, "3017620422003");
    expect(nutella.nutrition_grades).toBe("e");
    expect(nutella.rev).toBe(120);
  });

  it("skips bad lines, reports each with its line number and reason, and imports the rest", async () => {
    const t = await server();
    const { summary, rejects } = await importFile(t.server.store, DIRTY_SAMPLE);
    expect(rejects.map((r) => [r.line, r.reason.replace(/ \(.*$/, "")])).toEqual([
      [2, "not JSON"],
      [3, "not a JSON object"],
      [4, "no code"],
      [6, 'invalid code "abc"'],
      [7, "wrong type: nutriments is a string, expected an object"],
      [9, "wrong type: code is a number, expected a string"],
      [10, "duplicate code 3000000000014"],
      [11, "wrong type: categories_tags is a string, expected an array of strings"],
    ]);
    expect(rejects[0]?.text).toBe('{"code":"4012345000016","product_name":"broken');
    expect(summary).toEqual({ imported: 3, updated: 0, unchanged: 0, rejected: 8 });
    // The first of two lines with the same code wins; the last line has no newline and is imported.
    expect((await product(t, "3000000000014")).product_name).toBe("Line one");
    expect((await product(t, "8712345678906")).product_name).toBe("Last line, no newline");
    expect((await product(t, "8000000000019")).product_name_it).toBe("Riga cinque");
  });

  it("adds no revision when the same file is imported again", async () => {
    const t = await server();
    await importFile(t.server.store, SAMPLE);
    const again = await importFile(t.server.store, SAMPLE);
    expect(again.summary).toEqual({ imported: 0, updated: 0, unchanged: 10, rejected: 0 });
    for (const record of sampleRecords()) {
      const code = (await product(t, record.code)).code as string;
      expect((await t.server.store.listRevisions(code)).length).toBe(1);
    }
    expect((await getJson(`${t.url}/api/v2/product/041570054161?rev=23`)).status).toBe(404);
  });

  it("records a changed product as a new revision by `import`, keeping the one before", async () => {
    const t = await server();
    await importFile(t.server.store, SAMPLE);
    const nutella = sampleRecords().find((r) => r.code === "3017620422003") as Record<string, any>;
    const changed = tempFile(
      "nutella-update.jsonl",
      `${JSON.stringify({ ...nutella, product_name: "Nutella B-ready" })}\n`,
    );
    const { summary } = await importFile(t.server.store, changed);
    expect(summary).toEqual({ imported: 0, updated: 1, unchanged: 0, rejected: 0 });

    expect((await product(t, "3017620422003")).product_name).toBe("Nutella B-ready");
    expect((await product(t, "3017620422003", "?rev=120")).product_name).toBe("Nutella");
    const revisions = await t.server.store.listRevisions("3017620422003");
    expect(revisions.map((r) => r.rev)).toEqual([120, 121]);
    expect(revisions[1]).toMatchObject({
      userId: "import",
      comment: "import nutella-update.jsonl",
      changedFields: ["product_name"],
    });

    // A dump whose own rev is ahead gives its number to the new revision.
    const ahead = tempFile("ahead.jsonl", `${JSON.stringify({ ...nutella, quantity: "750 g", rev: 130 })}\n`);
    await importFile(t.server.store, ahead);
    expect((await product(t, "3017620422003")).rev).toBe(130);
  });

  it("imports products with very long names and tags (PostgreSQL stopped the import: index entry too large)", async () => {
    const t = await server();
    // Text that does not compress (PostgreSQL compresses index entries: repeated text would fit).
    let seed = 7;
    const noise = (length: number, alphabet: string) =>
      Array.from({ length }, () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return alphabet[seed % alphabet.length];
      }).join("");
    const longName = `chocolate ${noise(3000, "abcdefghijklmnopqrstuvwxyz ")}`;
    const cjk = noise(1200, "巧克力饼干牛奶茶咖啡糖果面包米饭鸡蛋");
    const longTag = `en:${noise(3000, "abcdefghijklmnopqrstuvwxyz-")}`;
    const file = tempFile(
      "long.jsonl",
      [
        { code: "5000000000031", product_name: longName, brands_tags: ["acme"] },
        { code: "5000000000048", product_name: cjk, categories_tags: [longTag, "en:snacks"] },
        { code: "5000000000055", product_name: "After them", brands: "Acme" },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n"),
    );
    const { summary, rejects } = await importFile(t.server.store, file);
    expect(rejects).toEqual([]);
    expect(summary).toMatchObject({ imported: 3, rejected: 0 });
    expect((await product(t, "5000000000031")).product_name).toBe(longName);
    expect((await product(t, "5000000000048")).categories_tags).toEqual([longTag, "en:snacks"]);
    // Searched and sorted by name as any other (a tag too long to index is found by none).
    const byName = await getJson(`${t.url}/api/v2/search?sort_by=product_name&fields=code`);
    expect(byName.body.products.map((p: { code: string }) => p.code)).toEqual([
      "5000000000055",
      "5000000000031",
      "5000000000048",
    ]);
    const snacks = await getJson(`${t.url}/api/v2/search?categories_tags=en:snacks&fields=code`);
    expect(snacks.body.products).toEqual([{ code: "5000000000048" }]);
    const text = await getJson(`${t.url}/api/v2/search?search_terms=chocolate&fields=code`);
    expect(text.body.products).toEqual([{ code: "5000000000031" }]);
  });

  it("does not carry over a dump's rev beyond 10^9 (PostgreSQL stopped the import: out of range)", async () => {
    const t = await server();
    const huge = tempFile(
      "huge-rev.jsonl",
      `${JSON.stringify({ code: "5000000000017", product_name: "Huge", rev: 3_000_000_000 })}\n${JSON.stringify({ code: "5000000000024", product_name: "Fine", rev: 7 })}\n`,
    );
    const { summary } = await importFile(t.server.store, huge);
    expect(summary).toMatchObject({ imported: 2, rejected: 0 });
    expect((await product(t, "5000000000017")).rev).toBe(1);
    expect((await product(t, "5000000000024")).rev).toBe(7);
  });

  it("reads gzip-compressed input, and stops at truncated gzip data after keeping the whole lines before", async () => {
    const t = await server();
    const gz = tempFile("off-sample.jsonl.gz", gzipSync(readFileSync(SAMPLE)));
    expect((await importFile(t.server.store, gz)).summary.imported).toBe(10);

    // Many distinct lines, so that the cut falls well inside the data.
    const lines = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ code: String(20_000_000_000 + i * 10), product_name: `Product ${i} ${"x".repeat(i % 97)}` }),
    );
    const compressed = gzipSync(`${lines.join("\n")}\n`);
    const truncated = tempFile("cut.jsonl.gz", compressed.subarray(0, Math.floor(compressed.length * 0.6)));
    const other = await server();
    const error = await importFile(other.server.store, truncated).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    expect((error as Error).message).toMatch(/cut\.jsonl\.gz is truncated/);
    const kept = (error as ImportInputError).summary.imported;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(3000);
    expect(await other.server.store.countProducts()).toBe(kept);
    // What was kept is whole lines, in order: the products 0 .. kept-1.
    const last = JSON.parse(lines[kept - 1] as string);
    expect((await product(other, last.code)).product_name).toBe(last.product_name);
  });
});

describe("import of gzip data damaged after its end", () => {
  // Many distinct lines, decoded by zlib in one go: the damage comes with the data before it.
  const lines = Array.from({ length: 3000 }, (_, i) =>
    JSON.stringify({ code: String(30_000_000_000 + i * 10), product_name: `Product ${i} ${"y".repeat(i % 83)}` }),
  );
  const compressed = gzipSync(`${lines.join("\n")}\n`);

  async function importDamaged(
    name: string,
    content: Uint8Array,
  ): Promise<{ t: TestServer; path: string; error: unknown }> {
    const t = await server();
    const path = tempFile(name, content);
    const error = await importFile(t.server.store, path).catch((e: unknown) => e);
    return { t, path, error };
  }

  it("imports every line of complete gzip data (two members) followed by bytes that are not gzip, then stops with an error", async () => {
    // `cat a.gz b.gz > c.gz; echo junk >> c.gz`: what zcat decodes before "trailing garbage ignored".
    const first = gzipSync('{"code":"12345670","product_name":"First member"}\n');
    const file = Buffer.concat([first, compressed, Buffer.from("garbage trailing")]);
    const { t, path, error } = await importDamaged("trail.jsonl.gz", file);
    expect(error).toBeInstanceOf(ImportInputError);
    expect((error as Error).message).toBe(
      `${path}: the gzip data is followed by bytes that are not gzip data (trailing garbage); ` +
        "the 3001 whole lines before the cut were imported (the summary above counts them)",
    );
    expect((error as ImportInputError).summary.imported).toBe(3001);
    expect(await t.server.store.countProducts()).toBe(3001);
    expect((await product(t, "12345670")).product_name).toBe("First member");
    const last = JSON.parse(lines[2999] as string);
    expect((await product(t, last.code)).product_name).toBe(last.product_name);
  });

  it("keeps the last line of gzip data followed by garbage even without its newline: that data is complete", async () => {
    const file = Buffer.concat([
      gzipSync('{"code":"12345670","product_name":"One"}\n{"code":"40084107","product_name":"Two"}'),
      Buffer.from("junk"),
    ]);
    const { t, error } = await importDamaged("two.jsonl.gz", file);
    expect((error as Error).message).toMatch(
      /two\.jsonl\.gz: the gzip data is followed by bytes that are not gzip data/,
    );
    expect((error as ImportInputError).summary.imported).toBe(2);
    expect((await product(t, "40084107")).product_name).toBe("Two");
  });

  it("imports every line decoded before a wrong check value at the end, then stops with an error", async () => {
    const file = Buffer.from(compressed);
    file[file.length - 6] = (file[file.length - 6] as number) ^ 0x01; // a bit of the CRC-32 in the trailer
    const { t, path, error } = await importDamaged("crc.jsonl.gz", file);
    expect(error).toBeInstanceOf(ImportInputError);
    expect((error as Error).message).toBe(
      `${path}: corrupt gzip data (incorrect data check); ` +
        "the 3000 whole lines before the cut were imported (the summary above counts them)",
    );
    expect((error as ImportInputError).summary.imported).toBe(3000);
    expect(await t.server.store.countProducts()).toBe(3000);
  });
});
