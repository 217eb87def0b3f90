/**
 * `GET /api/v3/taxonomy_suggestions` and `/cgi/suggest.pl`, as OFF's integration tests
 * `api_v3_taxonomy_suggestions.t` and `api_cgi_suggest.t` read them (issue 26 item 8): expected answers are
 * OFF's `expected_test_results/api_v3_taxonomy_suggestions/*.json` (api_cgi_suggest's are the same lists,
 * as bare arrays).
 *
 * OFF's answers come from its categories file of the day; foodbase ships another version. Where a name
 * differs for that reason only, the case lists it: `onlyOff` are names OFF's file has and ours has no
 * entry for (the test checks ours has none), `onlyOurs` are entries of our file that OFF's answer lacks.
 * With those set aside, the answer is OFF's, in OFF's order.
 *
 * Not ported: the packaging cases (`packaging-shapes*`, `packaging-materials*`, `packaging-recycling*`),
 * whose order comes from OFF's packaging popularity statistics and taxonomies foodbase does not ship;
 * `emb-codes` (packager codes); `get_synonyms` (the synonyms as written are not kept at run time).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

async function suggestions(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await getJson(`${t.url}/api/v3/taxonomy_suggestions${query}`);
  return { status: answer.status, body: answer.body as Record<string, unknown> };
}

interface Case {
  query: string;
  /** OFF's `suggestions`. */
  off: string[];
  onlyOff?: string[];
  onlyOurs?: string[];
  lc?: string;
}

const CASES: Record<string, Case> = {
  "categories-no-string": {
    query: "?tagtype=categories",
    off: [
      "10% red wine",
      "11% dry white wine",
      "11% red wine",
      "11% rosé wine",
      "11% white wine",
      "12% red wine",
      "13% red wine",
      "2-3% fat Petit-Suisse",
      "2-3% fat Petit-Suisse fruits flavoured fortified with calcium and vitamin D",
      "2-3% fat Petit-Suisse with fruits",
      "2-3% fat Petit-Suisse with fruits fortified with calcium and vitamin D",
      "30-40% blended fat with vegetable and animal origins",
      "30-40% fat lightly salted vegetable fat",
      "30-40% fat unsalted vegetable fat",
      "30-40% fat unsalted vegetable fat high in omega 3",
      "30-40% fat unsalted vegetable fat with plant sterols esters",
      "30-40% lightly salted blended fat with vegetable and animal origins",
      "30-40% lightly salted vegetable fat with plant sterols esters",
      "5% beer",
      "50-63% blended fat with vegetable and animal origins",
      "50-63% fat lightly salted vegetable fat",
      "50-63% lightly salted blended fat with vegetable and animal origins",
      "50-63% lightly salted vegetable fat high in omega 3",
      "50-63% unsalted vegetable fat",
      "50-63% unsalted vegetable fat high in omega 3",
    ],
  },
  "categories-string-strawberry": {
    query: "?tagtype=categories&string=strawberry",
    off: [
      "Strawberry and blueberry compotes",
      "Strawberry applesauces",
      "Strawberry biscuits",
      "Strawberry cereal bars",
      "Strawberry cheesecakes",
      "Strawberry compotes",
      "Strawberry coulis",
      "Strawberry ice cream tubs",
      "Strawberry in-season raw",
      "Strawberry jams",
      "Strawberry juice",
      "Strawberry milks",
      "Strawberry nectars",
      "Strawberry off-season raw",
      "Strawberry pies",
      "Strawberry sorbets",
      "Strawberry soy yogurts",
      "Strawberry syrups",
      "Strawberry tartlets",
      "Strawberry yogurt drinks",
      "Strawberry yogurts",
      "Strawberry-Vanilla ice cream cones",
      "Partially skimmed strawberry flavoured milk with sugar fortified with vitamins D",
    ],
    onlyOff: ["Strawberry in-season raw", "Strawberry off-season raw"],
    // Our file's entry has the synonym "Strawberry-flavoured syrup with sugar diluted in water".
    onlyOurs: ["Mint-flavoured syrup with sugar diluted in water"],
  },
  "categories-string-fraise": { query: "?tagtype=categories&string=fraise", off: [] },
  "categories-string-fr-fraise": {
    query: "?tagtype=categories&string=fraise&lc=fr",
    lc: "fr",
    off: [
      "Fraise de saison crue",
      "Fraise du Périgord",
      "Fraise hors saison crue",
      "Fraises",
      "Fraises de Nîmes",
      "Fraises de jardin",
      "Fraises fraîches",
      "Fraises gélifiées",
      "Fraises surgelées",
      "Fraises séchées",
      "Barquettes à la fraise",
      "Barres de céréales aux fraises",
      "Biscuits à la fraise",
      "Boisson lactée aromatisée à la fraise sucrée au lait partiellement écrémé enrichie à la vitamine D",
      "Boisson préparée sucrée à partir de sirop à la menthe à diluer dans l'eau",
      "Cheesecakes à la fraise",
      "Compotes de fraise",
      "Compotes fraise groseille",
      "Compotes fraise myrtille",
      "Compotes pommes fraise",
      "Confitures de fraises",
      "Coulis de fraise",
      "Crêpes fourrées aux fraises",
      "Cônes vanille fraise",
      "Glaces à la fraise",
    ],
    onlyOff: ["Fraise de saison crue", "Fraise hors saison crue"],
  },
  "categories-string-fr-frais": {
    query: "?tagtype=categories&string=frais&lc=fr",
    lc: "fr",
    off: [
      "Frais",
      "Fraise de saison crue",
      "Fraise du Périgord",
      "Fraise hors saison crue",
      "Fraises",
      "Fraises de Nîmes",
      "Fraises de jardin",
      "Fraises fraîches",
      "Fraises gélifiées",
      "Fraises surgelées",
      "Fraises séchées",
      "Fraisier",
      "Abricots frais",
      "Ail frais",
      "Aliments à base de plantes frais",
      "Ananas frais",
      "Aneth fraîche",
      "Artichauts frais",
      "Barquettes à la fraise",
      "Barre de chocolat au lait frais",
      "Barre de chocolat au lait frais avec génoise",
      "Barres de céréales aux fraises",
      "Basilic fraîche",
      "Biscuits à la fraise",
      "Boisson lactée aromatisée à la fraise sucrée au lait partiellement écrémé enrichie à la vitamine D",
    ],
    onlyOff: ["Fraise de saison crue", "Fraise hors saison crue"],
  },
  "categories-string-fr-cafe-accent": {
    query: `?tagtype=categories&string=${encodeURIComponent("Café")}&lc=fr`,
    lc: "fr",
    off: [
      "Café Arabica",
      "Café Arabica moulu",
      "Café Robusta",
      "Café Robusta moulu",
      "Café au lait en poudre soluble",
      "Café au lait instantané non sucré",
      "Café au lait sucré",
      "Café brésilien",
      "Café crème instantané non sucré",
      "Café crème non sucré",
      "Café d'Inde",
      "Café d'Indonésie",
      "Café d'Ouganda",
      "Café d'Éthiopie",
      "Café de Colombie",
      "Café de Côte d'Ivoire",
      "Café de Madagascar",
      "Café de Tanzanie",
      "Café des Philippines",
      "Café du Costa Rica",
      "Café du Guatemala",
      "Café du Honduras",
      "Café du Laos",
      "Café du Mexique",
      "Café du Nicaragua",
    ],
    onlyOurs: ["Café au lait non sucré"],
  },
};

describe("OFF api_v3_taxonomy_suggestions.t cases", () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(`${name}: ${c.query}`, async () => {
      // The whole list of matches (OFF's 400 cap), so that names pushed past 25 by version differences stay.
      const all = await suggestions(`${c.query}&limit=400`);
      expect(all.status).toBe(200);
      expect(all.body.status).toBe("success");
      const ours = all.body.suggestions as string[];
      for (const missing of c.onlyOff ?? []) expect(ours, `${missing}: not in our file`).not.toContain(missing);
      const expected = c.off.filter((s) => !(c.onlyOff ?? []).includes(s));
      const comparable = ours.filter((s) => !(c.onlyOurs ?? []).includes(s)).slice(0, expected.length);
      expect(comparable).toEqual(expected);
      for (const extra of c.onlyOurs ?? []) expect(ours).toContain(extra);
      // The default answer is the first 25 of those, in the same shape.
      const first = await suggestions(c.query);
      expect(first.body).toEqual({ errors: [], status: "success", suggestions: ours.slice(0, 25), warnings: [] });
    });
  }

  it("categories-term-strawberry: `term` (jQuery UI's parameter) is read like `string`", async () => {
    const byTerm = await suggestions("?tagtype=categories&term=strawberry");
    const byString = await suggestions("?tagtype=categories&string=strawberry");
    expect(byTerm.body).toEqual(byString.body);
  });

  it("no-tagtype: OFF's body, with a 400", async () => {
    const answer = await suggestions("");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [
        {
          field: { id: "tagtype" },
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "missing_field", lc_name: "Missing field", name: "Missing field" },
        },
      ],
      status: "failure",
      warnings: [],
    });
  });

  it("incorrect-tagtype: OFF's body, with a 400", async () => {
    const answer = await suggestions("?tagtype=not_a_taxonomy");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [
        {
          field: { id: "tagtype", value: "not_a_taxonomy" },
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "unrecognized_value", lc_name: "Unrecognized value", name: "Unrecognized value" },
        },
      ],
      status: "failure",
      warnings: [],
    });
  });
});

describe("OFF api_cgi_suggest.t cases: /cgi/suggest.pl answers the same suggestions as a JSON array", () => {
  for (const [name, query] of [
    ["categories-term-fr-fraise", "?tagtype=categories&term=fraise&lc=fr"],
    ["categories-term-strawberry", "?tagtype=categories&term=strawberry"],
    ["categories-no-term", "?tagtype=categories"],
    ["categories-term-fraise", "?tagtype=categories&term=fraise"],
  ] as const) {
    it(`${name}: ${query}`, async () => {
      const legacy = await getJson(`${t.url}/cgi/suggest.pl${query}`);
      expect(legacy.status).toBe(200);
      expect(legacy.body).toEqual((await suggestions(query)).body.suggestions);
    });
  }

  it("no-tagtype and an unknown tagtype: a 400 that says what is wrong", async () => {
    for (const [query, message] of [
      ["", "tagtype is required"],
      ["?tagtype=not_a_taxonomy", "unknown taxonomy: not_a_taxonomy"],
    ] as const) {
      const answer = await getJson(`${t.url}/cgi/suggest.pl${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.status_verbose).toContain(message);
    }
  });
});

describe("taxonomy suggestions", () => {
  it("a language prefix in the text searches and answers in that language, as OFF's", async () => {
    const prefixed = await suggestions("?tagtype=categories&string=fr:fraise");
    const french = await suggestions("?tagtype=categories&string=fraise&lc=fr");
    expect(prefixed.body).toEqual(french.body);
  });

  it("limit bounds the answer, at most 400", async () => {
    expect(((await suggestions("?tagtype=categories&limit=3")).body.suggestions as string[]).length).toBe(3);
    expect(((await suggestions("?tagtype=categories&limit=100000")).body.suggestions as string[]).length).toBe(400);
  });

  it("words typed apart match names holding them in order (OFF's fuzzy match), after the closer matches", async () => {
    const answer = await suggestions("?tagtype=labels&string=fair%20organic&limit=400");
    const names = answer.body.suggestions as string[];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toMatch(/fair.*organic/);
  });

  it("allergens serve traces too", async () => {
    const answer = await suggestions("?tagtype=traces&string=milk");
    expect(answer.body.suggestions).toContain("Milk");
  });
});
