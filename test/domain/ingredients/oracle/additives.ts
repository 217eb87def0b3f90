/**
 * OFF's `tests/unit/additives_tags.t` (openfoodfacts-server @17ee735f): `additives_original_tags`, the
 * en, fr and es cases (the fi, pl and ru ones are outside foodbase's five languages).
 */
export interface AdditivesCase {
  lc: string;
  text: string;
  expected: string[];
}

export const ADDITIVES_CASES: AdditivesCase[] = [
  {
    lc: "en",
    text: "water, sugar, tea, lemon juice, flavouring, acidity regulator (330, 331), vitamin C, antioxidant (304)",
    expected: ["en:e330", "en:e331", "en:e304"],
  },
  {
    lc: "en",
    text: "REAL SUGARCANE, SALT, ANTIOXIDANT (INS 300), ACIDITY REGULATOR (INS 334), STABILIZER (INS 440, INS 337), WATER (FOR MAINTAINING DESIRED BRIX), CONTAINS PERMITTED NATURAL FLAVOUR & NATURAL IDENTICAL COLOURING SUBSTANCES (INS 141[i])",
    expected: ["en:e300", "en:e334", "en:e440", "en:e337", "en:e141"],
  },
  {
    lc: "fr",
    text: "Stabilisants: (SIN450i, SIN450iii), antioxydant (SIN316), Agent de conservation: (SIN250).",
    expected: ["en:e450i", "en:e450iii", "en:e316", "en:e250"],
  },
  { lc: "fr", text: "Laitue, Carmine", expected: [] },
  {
    lc: "fr",
    text: "poudres à lever (carbonates acides d’ammonium et de sodium, acide citrique)",
    expected: ["en:e503ii", "en:e500ii", "en:e330"],
  },
  {
    lc: "fr",
    text: "Saumon Atlantique* 97% (salmo salar), sel. poissons. Saumon élevé en/au : voir sur la face avant. INFORMATIONS : A consommerjusqu'au / NO de lot : voir sur la face avant. A conserver entre OOC et +40C avant et",
    expected: [],
  },
  {
    lc: "fr",
    text: "Liste des ingrédients : viande de porc, sel, lactose, épices, sucre, dextrose, ail, conservateurs : nitrate de potassium et nitrite de sodium, ferments, boyau naturel de porc. Poudre de fleurage : talc et carbonate de calcium. 164 g de viande de porc utilisée poudre 100 g de produit fini. Substances ou produits provoquant des allergies ou intolérances : Lait",
    expected: ["en:e252", "en:e250", "en:e553b", "en:e170i"],
  },
  { lc: "fr", text: "conservateurs: nitrate de potassium et nitrite de sodium", expected: ["en:e252", "en:e250"] },
  { lc: "en", text: "FD&C Red #40 and silicon dioxide", expected: ["en:e129"] },
  {
    lc: "es",
    text: "Agua, edulcorantes (INS420, INS 960, INS N'952, INS N°954, INS°950, INS N 955), conservantes (INS.218, INS #202, INS N 216).",
    expected: ["en:e420", "en:e960", "en:e952", "en:e954", "en:e950", "en:e955", "en:e218", "en:e202", "en:e216"],
  },
  { lc: "fr", text: "cal", expected: [] },
  { lc: "fr", text: "colorant: caramel", expected: ["en:e150"] },
  { lc: "fr", text: "caramel", expected: [] },
  { lc: "fr", text: "caramel aromatique", expected: [] },
  { lc: "fr", text: "acide citrique E-330, E-102 tartrazine", expected: ["en:e330", "en:e102"] },
  { lc: "es", text: "lecitina de girasol", expected: ["en:e322i"] },
  { lc: "en", text: "amaranth", expected: [] },
  { lc: "en", text: "colour: amaranth", expected: ["en:e123"] },
  { lc: "en", text: "flour treatment agent potassium iodate", expected: ["en:e917"] },
  { lc: "en", text: "flour treatment agents potassium iodate", expected: ["en:e917"] },
  { lc: "en", text: "vitamin A", expected: [] },
];
