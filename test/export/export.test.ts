/** `foodbase export`: JSONL that imports back unchanged, CSV with a header and one row per product, filters. */
import { afterEach, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";
import { exportText, importFile, SAMPLE, tempFile } from "../import/helpers.js";

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

const SAMPLE_CODES = [
  "0041570054161",
  "0200000000034",
  "12345678",
  "3017620422003",
  "3274080005003",
  "40084107",
  "5412345678908",
  "5901234123457",
  "7612345678900",
  "8712345678906",
];

function lines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}

describe("export", () => {
  it("writes one JSON object per line, in code order, that imports back without any loss", async () => {
    const first = await server();
    await importFile(first.server.store, SAMPLE);
    const exported = await exportText(first.server.store);
    expect(lines(exported).map((line) => JSON.parse(line).code)).toEqual(SAMPLE_CODES);

    const second = await server();
    const { summary } = await importFile(second.server.store, tempFile("export.jsonl", exported));
    expect(summary).toEqual({ imported: 10, updated: 0, unchanged: 0, rejected: 0 });
    expect(await exportText(second.server.store)).toBe(exported);
    for (const code of SAMPLE_CODES) {
      const a = await getJson(`${first.url}/api/v2/product/${code}`);
      const b = await getJson(`${second.url}/api/v2/product/${code}`);
      expect(b.body).toEqual(a.body);
    }
    // And into the database it came from: nothing changes, no revision is added.
    const again = await importFile(first.server.store, tempFile("export.jsonl", exported));
    expect(again.summary).toEqual({ imported: 0, updated: 0, unchanged: 10, rejected: 0 });
  });

  it("writes CSV: a header of OFF's columns, then one tab-separated row per product", async () => {
    const t = await server();
    await importFile(t.server.store, SAMPLE);
    const csv = await exportText(t.server.store, "csv");
    const [header, ...rows] = csv.split("\n").filter((line) => line !== "");
    const columns = (header as string).split("\t");
    expect(columns.slice(0, 15)).toEqual([
      "code",
      "product_name",
      "brands",
      "categories_tags",
      "countries_tags",
      "nutrition_grades",
      "nutriscore_score",
      "energy_100g",
      "fat_100g",
      "saturated-fat_100g",
      "sugars_100g",
      "salt_100g",
      "proteins_100g",
      "fiber_100g",
      "last_modified_t",
    ]);
    expect(rows).toHaveLength(10);
    const cells = rows.map((row) => row.split("\t"));
    for (const row of cells) expect(row).toHaveLength(columns.length);
    const byCode = new Map(cells.map((row) => [row[0], Object.fromEntries(columns.map((c, i) => [c, row[i]]))]));
    expect(byCode.get("0041570054161")).toMatchObject({
      product_name: "Almond Breeze Original",
      brands: "Blue Diamond",
      countries_tags: "en:united-states",
      nutrition_grades: "b",
      nutriscore_score: "1",
      fat_100g: "1.04",
      salt_100g: "0.3",
      last_modified_t: "1700000000",
    });
    expect(byCode.get("40084107")).toMatchObject({
      categories_tags:
        "en:snacks,en:sweet-snacks,en:cocoa-and-its-products,en:confectioneries,en:chocolates,en:milk-chocolates",
      countries_tags: "en:austria,en:germany",
      "saturated-fat_100g": "22.6",
    });
    // A tab and a line break inside a value do not break the row.
    expect(byCode.get("5412345678908")?.ingredients_text).toBe("Farine de blé bio, sucre roux, huile de palme");
    // Missing values are empty cells.
    expect(byCode.get("8712345678906")).toMatchObject({ product_name: "Stroopwafels", brands: "", energy_100g: "" });
  });

  it("keeps a NUL character of a dump through import, search and a filtered export (PostgreSQL failed)", async () => {
    const t = await server();
    const record = {
      brands: "Nul\u0000Brand",
      brands_tags: ["nul\u0000brand"],
      categories_tags: ["en:biscuits"],
      code: "5100000000034",
      product_name: "Nul\u0000biscuit",
      rev: 1,
    };
    const { summary } = await importFile(t.server.store, tempFile("nul.jsonl", `${JSON.stringify(record)}\n`));
    expect(summary).toMatchObject({ imported: 1, rejected: 0 });
    const read = await getJson(`${t.url}/api/v2/product/5100000000034`);
    expect(read.body.product.product_name).toBe("Nul\u0000biscuit");
    // The index holds no NUL: the tag is found without it, and by the words on either side.
    for (const query of ["brands_tags=nulbrand", "search_terms=biscuit", "categories_tags=en:biscuits"]) {
      const found = await getJson(`${t.url}/api/v2/search?${query}&fields=code`);
      expect(found.body.products, query).toEqual([{ code: "5100000000034" }]);
    }
    const exported = await exportText(t.server.store, "jsonl", {
      tags: [{ field: "categories_tags", tag: "en:biscuits" }],
    });
    expect(lines(exported).map((line) => JSON.parse(line))).toEqual([record]);
  });

  it("exports only the products matching codes, a category, or a last modification time", async () => {
    const t = await server();
    await importFile(t.server.store, SAMPLE);
    const codesOf = async (filter: Parameters<typeof exportText>[2]) =>
      lines(await exportText(t.server.store, "jsonl", filter)).map((line) => JSON.parse(line).code);
    expect(await codesOf({ codes: ["40084107", "3017620422003", "99999999"] })).toEqual(["3017620422003", "40084107"]);
    expect(await codesOf({ tags: [{ field: "categories_tags", tag: "en:beverages" }] })).toEqual([
      "0041570054161",
      "3274080005003",
    ]);
    expect(
      await codesOf({
        tags: [
          { field: "categories_tags", tag: "en:beverages" },
          { field: "countries_tags", tag: "en:france" },
        ],
      }),
    ).toEqual(["3274080005003"]);
    // last_modified_t of the sample: 1707749001, 1711973000, 1713000000, 1720000000, 1725000000 are >= 1707749001.
    expect(await codesOf({ modifiedSince: 1707749001 })).toEqual([
      "3017620422003",
      "3274080005003",
      "40084107",
      "5412345678908",
      "7612345678900",
    ]);
    expect(await codesOf({ modifiedSince: 1707749001, codes: ["40084107", "0041570054161"] })).toEqual(["40084107"]);
  });
});
