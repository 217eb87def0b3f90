/**
 * OFF's `tests/unit/nova.t` (openfoodfacts-server @125e9489): `nova_group`. The harness sets
 * `categories = "some category"` when the case has none, as OFF's does.
 */
export interface NovaCase {
  product: { lc: string; text?: string; categories_tags?: string[] };
  expected: number | undefined;
}

export const NOVA_CASES: NovaCase[] = [
  { product: { lc: "fr", text: "lait demi-écrémé 67%" }, expected: 1 },
  { product: { lc: "fr", categories_tags: ["en:salts"], text: "sel marin" }, expected: 2 },
  { product: { lc: "fr", text: "lait, sucre en poudre" }, expected: 3 },
  { product: { lc: "fr", text: "lait, édulcorant : aspartame" }, expected: 4 },
  { product: { lc: "fr", text: "sauce" }, expected: 3 },
  { product: { lc: "en", text: "tomatoes", categories_tags: ["en:sandwiches"] }, expected: 3 },
  { product: { lc: "en", text: "sugar", categories_tags: ["en:sugars"] }, expected: 2 },
  {
    product: {
      lc: "es",
      text: "Puré de castañas, lecitina de girasol y conservador: sorbato potásico (E202).",
      categories_tags: ["en:sweet-spreads"],
    },
    expected: 4,
  },
  { product: { lc: "en", text: "sugar, flour, eggs", categories_tags: ["en:cakes"] }, expected: 3 },
  { product: { lc: "en", text: "starches, salt", categories_tags: ["en:starches"] }, expected: 2 },
  { product: { lc: "en", text: "starches", categories_tags: ["en:starches"] }, expected: 2 },
  { product: { lc: "en", categories_tags: ["en:starches"] }, expected: 2 },
  { product: { lc: "en", categories_tags: ["en:honeys"] }, expected: 2 },
  { product: { lc: "en", categories_tags: ["en:waters"] }, expected: 1 },
  { product: { lc: "en", categories_tags: ["en:flavoured-waters"] }, expected: undefined },
  { product: { lc: "hr", text: "Krupica od durum pšenice (gluten), voda." }, expected: 1 },
];
