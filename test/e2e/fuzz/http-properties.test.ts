/**
 * Property-based tests of every parser, driven through HTTP (issue 26 item 9): barcodes, nutrient values
 * and units, ingredient lists, schema documents, image uploads, search and facet parameters, tag text,
 * urlencoded / multipart / query-string / JSON / raw bodies. The property is always the same: a 2xx or a 4xx in the route's error shape, never a 5xx or an
 * error logged, and nothing stored by a refused request. Fixed seed and bounded runs here; `npm run fuzz`
 * runs the same properties longer and reports what they tried (test/helpers/fuzz.ts).
 */
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AWKWARD_TEXTS,
  anyText,
  ErrorLogLines,
  encodePathSegment,
  FuzzTally,
  fuzzParameters,
} from "../../helpers/fuzz.js";
import { ALICE, getJson, startTestServer, type TestServer } from "../../helpers/server.js";

let t: TestServer;
const errorLog = new ErrorLogLines();
let bearer = "";

beforeAll(async () => {
  t = await startTestServer({ config: { logLevel: "error" }, logStream: errorLog });
  // A product to read, search and edit.
  const seed = await write({ code: "2000000000017", product_name: "Oat biscuits", categories: "en:biscuits" });
  expect(seed.body).toEqual({ status: 1, status_verbose: "fields saved" });
  const token = await getJson(`${t.url}/folksonomy/auth`, {
    method: "POST",
    body: new URLSearchParams({ username: ALICE.userId, password: ALICE.password }),
  });
  bearer = token.body.access_token as string;
}, 60_000);

afterAll(async () => {
  await t.close();
  // No request may have ended in an unexpected failure (logged at error level).
  expect(errorLog.lines).toEqual([]);
});

function write(fields: Record<string, string>) {
  return getJson(`${t.url}/cgi/product_jqm2.pl`, {
    method: "POST",
    body: new URLSearchParams({ user_id: ALICE.userId, password: ALICE.password, ...fields }),
  });
}

type Answer = Awaited<ReturnType<typeof getJson>>;

/** The product API's error shapes: classic `status` 0 + `status_verbose`, or v3 `failure` + `errors`. */
function expectProductApiAnswer(answer: Answer, what: string): void {
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  if (answer.status < 400) return;
  const body = answer.body as Record<string, unknown>;
  expect(typeof body, `${what}: ${JSON.stringify(body)}`).toBe("object");
  const classic = body.status === 0 && typeof body.status_verbose === "string";
  const v3 = body.status === "failure" && Array.isArray(body.errors);
  expect(classic || v3, `${what}: ${JSON.stringify(body)}`).toBe(true);
}

/** The folksonomy's error shape: `{"detail": …}`. */
function expectFolksonomyAnswer(answer: Answer, what: string): void {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status < 400) return;
  expect(Object.keys(answer.body as object), `${what}: ${JSON.stringify(answer.body)}`).toEqual(["detail"]);
}

async function storedRevisions(): Promise<number> {
  return t.database.count("revisions");
}

const barcode = fc.oneof(
  { weight: 3, arbitrary: anyText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "2000000000017",
      "0012345678905",
      "01020000000003980217231231",
      "https://example.com/01/02000000000398",
      "0".repeat(100),
      "3017620422003.json",
    ),
  },
);

const NUTRIENTS = [
  "energy-kcal",
  "energy-kj",
  "energy",
  "fat",
  "saturated-fat",
  "sugars",
  "salt",
  "sodium",
  "fiber",
  "proteins",
  "alcohol",
  "vitamin-a",
  "calcium",
  "water-hardness",
  "fruits-vegetables-nuts",
  "en-unknown-thing",
];
const UNITS = [
  "g",
  "mg",
  "µg",
  "kg",
  "kJ",
  "kcal",
  "% vol",
  "%",
  "IU",
  "% DV",
  "mmol/l",
  "°dH",
  "ppm",
  "l",
  "fl oz",
  "zz",
];

/** A product write: a few known fields (and maybe unknown ones), any values. */
const writeFields = fc
  .record(
    {
      code: fc.oneof({ weight: 4, arbitrary: fc.constant("2000000000017") }, { weight: 1, arbitrary: barcode }),
      product_name: anyText,
      product_name_fr: anyText,
      quantity: fc.oneof(anyText, fc.constantFrom("250 g", "6 x 90 g", "15 gm", "2 l", "1e400 kg", "0 g")),
      serving_size: fc.oneof(anyText, fc.constantFrom("15 gm", "1 bar (68 g)", "0 g", "-5 g")),
      categories: anyText,
      labels: anyText,
      brands: anyText,
      origins: anyText,
      countries: anyText,
      lang: fc.oneof(anyText, fc.constantFrom("en", "fr", "xx", "zz")),
      lc: fc.oneof(anyText, fc.constantFrom("en", "fr", "de")),
      nutrition_data_per: fc.oneof(anyText, fc.constantFrom("100g", "serving")),
      add_categories: anyText,
      // Ingredient lists: the analysis runs on every write that changes them.
      ingredients_text: fc.oneof(
        anyText,
        fc.constantFrom(
          "sugar, water 12%, (salt",
          "e330, e471 (soy), may contain nuts",
          "((((((((((((",
          "a 200%, b 300%",
        ),
      ),
      ingredients_text_fr: fc.oneof(anyText, fc.constantFrom("lait 50 %, sucre 60 %", "farine de blé [gluten]*: 2,5%")),
      no_nutrition_data: fc.constantFrom("", "on", "off", "1"),
    },
    { requiredKeys: ["code"] },
  )
  .chain((base) =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...NUTRIENTS),
          fc.oneof(anyText, fc.constantFrom("12", "1,5", "<0.5", "~2", "-", "traces", "1e400", "-3")),
          fc.oneof(anyText, fc.constantFrom(...UNITS)),
          fc.constantFrom("", "_prepared"),
        ),
        { maxLength: 4 },
      )
      .map((nutrients) => {
        const fields: Record<string, string> = { ...base };
        for (const [nid, value, unit, prepared] of nutrients) {
          fields[`nutriment_${nid}${prepared}`] = value;
          fields[`nutriment_${nid}${prepared}_unit`] = unit;
        }
        return fields;
      }),
  );

describe("barcodes (product reads)", () => {
  it("any code on v0, v2, v3: 2xx or 4xx in the API's shape", async () => {
    const tally = new FuzzTally("barcodes");
    await fc.assert(
      fc.asyncProperty(barcode, fc.constantFrom("v0", "v2", "v3", "v3.2", "v1"), async (code, version) => {
        const answer = await getJson(`${t.url}/api/${version}/product/${encodePathSegment(code)}?fields=code,rev`);
        tally.add(answer.status);
        if (answer.status !== 404 || typeof answer.body === "object")
          expectProductApiAnswer(answer, `${version} ${code}`);
      }),
      fuzzParameters(),
    );
    tally.report();
  });
});

describe("writes: nutrient values and units, quantities, tag text, barcodes", () => {
  it("urlencoded, multipart and query-string writes: 2xx/4xx; a refused write stores nothing", async () => {
    const tally = new FuzzTally("writes");
    await fc.assert(
      fc.asyncProperty(writeFields, fc.constantFrom("urlencoded", "multipart", "query"), async (fields, encoding) => {
        const all = { user_id: ALICE.userId, password: ALICE.password, ...fields };
        const before = await storedRevisions();
        let answer: Answer;
        if (encoding === "urlencoded") {
          answer = await getJson(`${t.url}/cgi/product_jqm2.pl`, { method: "POST", body: new URLSearchParams(all) });
        } else if (encoding === "multipart") {
          const form = new FormData();
          for (const [k, v] of Object.entries(all)) form.append(k, v);
          answer = await getJson(`${t.url}/cgi/product_jqm2.pl`, { method: "POST", body: form });
        } else {
          answer = await getJson(`${t.url}/cgi/product_jqm2.pl?${new URLSearchParams(all)}`);
        }
        tally.add(answer.status);
        expectProductApiAnswer(answer, `${encoding} ${JSON.stringify(fields)}`);
        const saved = answer.status === 200 && answer.body.status === 1;
        expect(await storedRevisions(), JSON.stringify(answer.body)).toBe(before + (saved ? 1 : 0));
        if (saved) {
          const read = await getJson(`${t.url}/api/v2/product/${encodePathSegment(fields.code as string)}`);
          expectProductApiAnswer(read, "read back");
        }
      }),
      fuzzParameters(),
    );
    tally.report();
  });

  it("raw bodies of any content type: 2xx/4xx; nothing stored unless saved", async () => {
    const tally = new FuzzTally("raw bodies");
    const contentType = fc.oneof(
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=XyZ",
        "multipart/form-data",
        "application/json",
        "text/plain",
        "application/octet-stream",
        "application/x-www-form-urlencoded; charset=latin1",
      ),
      anyText.filter((s) => /^[\t\x20-\x7e]*$/.test(s)),
    );
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      anyText.map((s) => Buffer.from(s)),
      fc.constant(Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="code"\r\n\r\n2000000000017\r\n--XyZ')),
      fc.constant(Buffer.from("code=2000000000017&user_id=alice&password=%ZZ")),
    );
    await fc.assert(
      fc.asyncProperty(
        contentType,
        body,
        fc.constantFrom("/cgi/product_jqm2.pl", "/cgi/session.pl", "/cgi/search.pl", "/cgi/auth.pl"),
        async (type, bytes, path) => {
          const before = await storedRevisions();
          const answer = await getJson(`${t.url}${path}`, {
            method: "POST",
            body: bytes,
            headers: { "content-type": type },
          });
          tally.add(answer.status);
          expectProductApiAnswer(answer, `${path} ${type}`);
          const saved = answer.status === 200 && answer.body.status === 1 && path === "/cgi/product_jqm2.pl";
          expect(await storedRevisions()).toBe(before + (saved ? 1 : 0));
        },
      ),
      fuzzParameters(),
    );
    tally.report();
  });
});

const SEARCH_KEYS = [
  "search_terms",
  "page",
  "page_size",
  "sort_by",
  "fields",
  "lc",
  "cc",
  "json",
  "action",
  "code",
  "categories_tags",
  "categories_tags_fr",
  "labels_tags",
  "brands_tags",
  "nutrition_grades_tags",
  "states_tags",
  "users_tags",
  "sugars_100g",
  "energy-kcal_serving",
  "nutriments.salt_100g",
  "additives_n",
  "tagtype_0",
  "tag_contains_0",
  "tag_0",
  "nutriment_0",
  "nutriment_compare_0",
  "nutriment_value_0",
  "sort",
  "no_cache",
  "x",
];

const searchParams = fc.array(
  fc.tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...SEARCH_KEYS) }, { weight: 1, arbitrary: anyText }),
    fc.oneof(
      anyText,
      fc.constantFrom(
        "<5",
        ">=4.37",
        "en:biscuits",
        "-en:biscuits",
        "unknown",
        "a|b|-c",
        "popularity",
        "product_name",
        "contains",
        "does_not_contain",
        "lt",
        "gte",
        "sugars",
        "categories",
        "1",
        "0",
        "-1",
        "10000",
        "all",
        "none",
        "raw",
      ),
    ),
  ),
  { maxLength: 6 },
);

describe("search and facet parameters, tag text", () => {
  it("v2 and v1 searches, facets and tag pages: 2xx/4xx in the API's shape", async () => {
    const tally = new FuzzTally("search & facets");
    const route = fc.oneof(
      fc.constantFrom(
        "/api/v2/search",
        "/cgi/search.pl",
        "/facets/categories.json",
        "/labels.json",
        "/api/v2/taxonomy",
      ),
      fc
        .tuple(
          fc.constantFrom("category", "brand", "label", "contributor", "editor", "nutrition-grade", "facets/origins"),
          fc.array(anyText, { minLength: 1, maxLength: 5 }),
        )
        .map(([type, tags]) => `/${type}/${tags.map(encodePathSegment).join("/")}.json`),
    );
    await fc.assert(
      fc.asyncProperty(route, searchParams, async (path, params) => {
        const query = new URLSearchParams(params).toString();
        const answer = await getJson(`${t.url}${path}?${query}`);
        tally.add(answer.status);
        if (answer.status === 404 && path.startsWith("/facets/") === false && !path.startsWith("/api/")) {
          // A tag path whose pairs do not name tag types: the product API's 404.
          expectProductApiAnswer(answer, path);
          return;
        }
        expectProductApiAnswer(answer, `${path}?${query}`);
      }),
      fuzzParameters(),
    );
    tally.report();
  });
});

describe("JSON bodies (folksonomy)", () => {
  it("any JSON document or text to the tag routes: 2xx/4xx with `detail`; a refused write stores nothing", async () => {
    const tally = new FuzzTally("folksonomy JSON");
    // Mostly well-formed tags (so that the deeper checks run), with any value in any member.
    const tagLike = fc.record(
      {
        product: fc.oneof({ weight: 5, arbitrary: fc.constant("2000000000017") }, { weight: 1, arbitrary: barcode }),
        k: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom("color", "size", "a_b", "x:y") },
          { weight: 1, arbitrary: anyText },
        ),
        v: fc.oneof({ weight: 5, arbitrary: fc.stringMatching(/^[a-z0-9]{1,10}$/) }, { weight: 1, arbitrary: anyText }),
        owner: fc.oneof({ weight: 5, arbitrary: fc.constantFrom("", "alice") }, { weight: 1, arbitrary: anyText }),
        version: fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(1, 2) },
          {
            weight: 1,
            arbitrary: fc.oneof(
              fc.integer(),
              fc.double(),
              anyText.map((s) => s as unknown as number),
            ),
          },
        ),
        comment: fc.oneof({ weight: 5, arbitrary: fc.string({ maxLength: 20 }) }, { weight: 1, arbitrary: anyText }),
      },
      { requiredKeys: ["product", "k", "v"] },
    );
    const document = fc.oneof(
      { weight: 4, arbitrary: tagLike.map((doc) => JSON.stringify(doc)) },
      { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
      { weight: 1, arbitrary: anyText },
      { weight: 1, arbitrary: fc.constant(`${"[".repeat(5000)}`) },
    );
    await fc.assert(
      fc.asyncProperty(document, fc.constantFrom("POST", "PUT"), fc.boolean(), async (text, method, authenticated) => {
        const before = await t.database.count("folksonomy_tag_versions");
        const answer = await getJson(`${t.url}/folksonomy/product`, {
          method,
          body: text,
          headers: {
            "content-type": "application/json",
            ...(authenticated ? { authorization: `Bearer ${bearer}` } : {}),
          },
        });
        tally.add(answer.status);
        expectFolksonomyAnswer(answer, `${method} ${text.slice(0, 200)}`);
        const after = await t.database.count("folksonomy_tag_versions");
        expect(after).toBe(before + (answer.status === 200 ? 1 : 0));
      }),
      fuzzParameters(),
    );
    tally.report();
  });
});

describe("schema documents (v3.5 PATCH of the 2026 nutrition model)", () => {
  it("any input sets, nutrients and values: 2xx/4xx in the v3 shape; a refused PATCH stores nothing", async () => {
    const tally = new FuzzTally("schema documents");
    const anyValue = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("12", "1,5", "<0.5", "~2", "-", "1e400", 12, -1, 0.5, null, true) },
      { weight: 1, arbitrary: anyText },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
    const nutrient = fc.record(
      {
        value: anyValue,
        value_string: anyValue,
        unit: fc.oneof(fc.constantFrom(...UNITS), anyText, fc.constant(null)),
        modifier: fc.oneof(fc.constantFrom("<", "<=", "~", ">", "-"), anyText),
      },
      { requiredKeys: [] },
    );
    const inputSet = fc.record(
      {
        source: fc.oneof(fc.constantFrom("packaging", "manufacturer", "estimate"), anyText),
        preparation: fc.oneof(fc.constantFrom("as_sold", "prepared"), anyText),
        per: fc.oneof(fc.constantFrom("100g", "100ml", "serving", "200ml"), anyText),
        per_quantity: anyValue,
        per_unit: fc.oneof(fc.constantFrom("g", "ml"), anyText),
        nutrients: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.dictionary(
              fc.oneof(fc.constantFrom(...NUTRIENTS), anyText),
              fc.oneof(nutrient, fc.constant(null)),
              { maxKeys: 4 },
            ),
          },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
        ),
      },
      { requiredKeys: [] },
    );
    const document = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .array(fc.oneof(inputSet, fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 })
          .map((sets) => ({ nutrition: { input_sets: sets } })),
      },
      { weight: 1, arbitrary: fc.dictionary(anyText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
    await fc.assert(
      fc.asyncProperty(document, fc.constantFrom("v3.5", "v3.6"), async (product, version) => {
        const before = await storedRevisions();
        const answer = await getJson(`${t.url}/api/${version}/product/2000000000017`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ user_id: ALICE.userId, password: ALICE.password, product }),
        });
        tally.add(answer.status);
        expectProductApiAnswer(answer, `${version} ${JSON.stringify(product).slice(0, 300)}`);
        const saved = answer.status === 200 && answer.body.status !== "failure";
        expect(await storedRevisions(), JSON.stringify(answer.body).slice(0, 300)).toBe(before + (saved ? 1 : 0));
        if (saved) {
          for (const readVersion of ["v2", "v3.5"]) {
            expectProductApiAnswer(
              await getJson(`${t.url}/api/${readVersion}/product/2000000000017`),
              `read ${readVersion}`,
            );
          }
        }
      }),
      fuzzParameters(),
    );
    tally.report();
  });
});

describe("image uploads", () => {
  it("any bytes, image fields and codes to product_image_upload.pl: a JSON answer, never a 5xx; only a saved photo writes", async () => {
    const tally = new FuzzTally("image uploads");
    // A real photo to cut, corrupt and mislabel (2xx answers need one).
    const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer();
    const png = await sharp(photo).png().toBuffer();
    const bytes = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(photo, png) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: photo.length - 1 }).map((n) => photo.subarray(0, n)) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.integer({ min: 0, max: photo.length - 1 }), fc.integer({ min: 0, max: 255 }))
          .map(([at, value]) => {
            const corrupt = Buffer.from(photo);
            corrupt[at] = value;
            return corrupt;
          }),
      },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)) },
      { weight: 1, arbitrary: anyText.map((text) => Buffer.from(text)) },
    );
    const imagefield = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("front_en", "ingredients_fr", "nutrition", "packaging_de", "other") },
      { weight: 1, arbitrary: anyText },
    );
    const code = fc.oneof({ weight: 4, arbitrary: fc.constant("2000000000017") }, { weight: 1, arbitrary: barcode });
    await fc.assert(
      fc.asyncProperty(bytes, imagefield, code, fc.boolean(), async (data, field, target, sameFieldName) => {
        const before = await storedRevisions();
        const form = new FormData();
        form.append("code", target);
        form.append("imagefield", field);
        form.append("user_id", ALICE.userId);
        form.append("password", ALICE.password);
        form.append(
          sameFieldName ? `imgupload_${field}` : "imgupload_x",
          new Blob([new Uint8Array(data)]),
          "photo.jpg",
        );
        const answer = await getJson(`${t.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
        tally.add(answer.status);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        expect(typeof answer.body, String(answer.body)).toBe("object");
        // A saved photo is a revision, and its automatic selection another (OFF's upload then crop).
        const saved = answer.status === 200 && (answer.body as { status?: string }).status === "status ok";
        const after = await storedRevisions();
        if (saved) expect(after, JSON.stringify(answer.body)).toBeGreaterThan(before);
        else expect(after, JSON.stringify(answer.body)).toBe(before);
      }),
      fuzzParameters(),
    );
    tally.report();
  });
});

describe("the suite's own awkward texts", () => {
  it("are all tried at least once as a barcode", async () => {
    for (const text of AWKWARD_TEXTS) {
      expectProductApiAnswer(await getJson(`${t.url}/api/v2/product/${encodePathSegment(text)}`), text);
    }
  });
});
