/**
 * `GET /api/v2/taxonomy` (OFF's taxonomy extract): parameters and errors. Expected entries are read
 * off data/taxonomies/categories.txt, countries.txt and categories-supplement.txt.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ users: [] });
});
afterAll(async () => t.close());

const taxonomy = (query: string) => getJson(`${t.url}/api/v2/taxonomy?${query}`);

describe("GET /api/v2/taxonomy", () => {
  it("names in every lc language, only the fields asked for", async () => {
    const { status, body, headers } = await taxonomy(
      "tagtype=categories&tags=en:orange-juices&lc=fr,de&fields=name,parents",
    );
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(body).toEqual({
      "en:orange-juices": { name: { de: "Orangensäfte", fr: "Jus d'orange" }, parents: ["en:fruit-juices"] },
    });
  });

  it("several tags; an unknown tag gets an empty entry, as OFF", async () => {
    const { body } = await taxonomy("tagtype=categories&tags=en:fruit-juices,en:not-a-category&fields=parents");
    expect(body).toEqual({
      "en:fruit-juices": { parents: ["en:fruit-based-beverages", "en:juices-and-nectars"] },
      "en:not-a-category": {},
    });
  });

  it("include_parents and include_children add the direct relatives' entries (not recursively)", async () => {
    const parents = await taxonomy("tagtype=categories&tags=en:orange-juices&fields=name&include_parents=1");
    expect(parents.body).toEqual({
      "en:fruit-juices": { name: { en: "Fruit juices" } },
      "en:orange-juices": { name: { en: "Orange juices" } },
    });
    const children = await taxonomy("tagtype=categories&tags=en:orange-juices&fields=name&include_children=1");
    expect(Object.keys(children.body)).toEqual([
      "en:blood-orange-juices",
      "en:concentrated-orange-juices",
      "en:orange-juices",
      "en:refrigerated-squeezed-orange-juices",
      "en:squeezed-orange-juices",
      "fr:jus-d-orange-sans-pulpe",
    ]);
    // That entry has only a French name.
    expect(children.body["fr:jus-d-orange-sans-pulpe"]).toEqual({ name: {} });
  });

  it("properties: in the lc languages, by explicit language, or inherited from a parent", async () => {
    const fr = await taxonomy(
      "tagtype=categories&tags=en:beef-stew-meat&lc=fr&fields=ciqual_food_name,ciqual_food_code:en",
    );
    expect(fr.body).toEqual({
      "en:beef-stew-meat": {
        ciqual_food_code: { en: "6231" },
        ciqual_food_name: { fr: "Boeuf, à bourguignon ou pot-au-feu, cru" },
      },
    });
    // wco_hs_heading:en is set on en:beef (categories-supplement.txt), the parent of en:beef-stew-meat.
    const inherited = await taxonomy("tagtype=categories&tags=en:beef-stew-meat&fields=inherited:wco_hs_heading:en");
    expect(inherited.body).toEqual({ "en:beef-stew-meat": { wco_hs_heading: { en: "02.01" } } });
  });

  it("include_root_entries lists the entries without parents", async () => {
    const { body } = await taxonomy("tagtype=countries&include_root_entries=1&fields=parents");
    expect(body["en:france"]).toEqual({});
    expect(Object.values(body).every((entry) => !("parents" in (entry as object)))).toBe(true);
  });

  it.each([
    ["tags=en:orange-juices", "tagtype", "tagtype is required (one of categories, countries, labels, nutrients)"],
    [
      "tagtype=ingredients&tags=en:sugar",
      "tagtype",
      "unknown taxonomy: ingredients (available: categories, countries, labels, nutrients)",
    ],
    ["tagtype=categories", "tags", "tags is required: a comma list of entry ids"],
  ])("%s → 400 naming the parameter", async (query, parameter, message) => {
    const { status, body } = await taxonomy(query);
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ id: "invalid_parameter", parameter, message })]);
    expect(body.status_verbose).toBe(message);
  });

  it("is in the OpenAPI document", async () => {
    const { body } = await getJson(`${t.url}/api/openapi.json`);
    expect(body.paths["/api/v2/taxonomy"].get.summary).toMatch(/Taxonomy/);
  });
});
