/**
 * OFF's current preparse conformance suite: `tests/unit/ingredients_preparsing.t` (openfoodfacts-server, test file
 * read at 0c41bd8c9aad, whose newest comment is dated 2026-04-15). It replaced the older inline pairs of
 * `ingredients_parsing.t` (@0bd35d3f): each case is { id, lc, ingredients_text }, OFF runs
 * `preparse_ingredients_text(lc, text)` and `compare_to_expected_results` compares the whole record with
 * `tests/unit/expected_test_results/ingredients_preparsing/<id>.json`, so `preparsed_ingredients_text` is compared
 * exactly (not lower-cased). The en, fr, de, es and it cases are kept, in OFF's order (186 of the 237 cases; the
 * da, nb, sv, is, fi, pl, ru, hr, sk and pt cases are outside foodbase's word tables). Each case names its JSON
 * file and the commit of the version read.
 *
 * Versions. The stored copies of the JSON files are not dated. Most have one version. For files with several
 * (the count is noted on the case when the file index gave it), the default stored copy is often the one at
 * 29abd76a700f, a visibly broken intermediate that drops every developed enumeration ("Huile (palme)" → "Huile
 * ()", "graisses végétales ()", "poudres à lever (, acide citrique)", "arôme naturel ()", "Piments ()" …); it is
 * not used. For every file with several versions the version used is the one the file index lists for the path
 * (find_files), read at that commit; those whose default copy was broken are marked so. Each is a coherent
 * output of OFF's current normalize_enumeration, which keeps the category as the parent of the developed types
 * (6.json @7c3c245c: "Huile (huile de palme)"; 7.json @c2a8b7b6: "Huile (huile de palme, huile de colza)";
 * 10.json @c2a8b7b6: "Huiles végétales (huile de palme, huile de olive)"; 20–24.json: "graisses végétales (huile
 * de illipe, …)"), the form the test file itself asserts with `normalize_enumeration("fr", "huile", "colza,
 * tournesol et olive")` → "huile (huile de colza, huile de tournesol, huile d'olive)". 231.json is left out:
 * both stored versions (237f1a50, 36e1b588) hold a Swedish case of another branch ("Vetemjöl*, …"), not the
 * French margarine case of the current test file. 232–234 are kept as stored: the test file notes that OFF
 * fails them as of 2026-04-15 (the `*` after a type is not handled), and their JSON expects the text unchanged.
 */
export interface PreparseCase {
  lc: string;
  text: string;
  expected: string;
}

export const PREPARSE_CASES: PreparseCase[] = [
  // 1.json @7c3c245cb94c
  { lc: "fr", text: "Sel marin, blé, lécithine de soja", expected: "Sel marin, blé, lécithine de soja" },
  // 2.json @81f4cae896f6
  { lc: "fr", text: "Vitamine A", expected: "Vitamine A" },
  // 3.json @483ed8fdd888
  { lc: "fr", text: "Vitamines A, B et C", expected: "vitamines, vitamine A, vitamine B, vitamine C" },
  // 4.json @483ed8fdd888
  {
    lc: "fr",
    text: "Vitamines (B1, B2, B6, PP)",
    expected: "vitamines, vitamine B1, vitamine B2, vitamine B6, vitamine PP",
  },
  // 5.json @65a0cc0b002c
  { lc: "fr", text: "Huile de palme", expected: "Huile de palme" },
  // 6.json @7c3c245cb94c (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "Huile (palme)", expected: "Huile (huile de palme)" },
  // 7.json @c2a8b7b654e4 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "Huile (palme, colza)", expected: "Huile (huile de palme, huile de colza)" },
  // 8.json @7c3c245cb94c (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "Huile (palme et colza)", expected: "Huile (huile de palme, huile de colza)" },
  // 9.json @1cceb584899e
  {
    lc: "fr",
    text: "Huiles végétales de palme et de colza",
    expected: "Huiles végétales (huile de palme, huile de colza)",
  },
  // 10.json @c2a8b7b654e4 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales de palme et d'olive",
    expected: "Huiles végétales (huile de palme, huile de olive)",
  },
  // 11.json @483ed8fdd888 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales de palme, de colza et de tournesol",
    expected: "Huiles végétales (huile de palme, huile de colza, huile de tournesol)",
  },
  // 12.json @dab2e594e7fc (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales de palme, de colza, de tournesol",
    expected: "Huiles végétales (huile de palme, huile de colza, huile de tournesol)",
  },
  // 13.json @89733b523e86 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales de palme, de colza et d'olive en proportion variable",
    expected: "Huiles végétales (huile de palme, huile de colza, huile de olive)",
  },
  // 14.json @81f4cae896f6 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales de palme, de colza et d'olive",
    expected: "Huiles végétales (huile de palme, huile de colza, huile de olive)",
  },
  // 15.json @dbb412832205 (2 stored versions: the one the file index lists)
  { lc: "fr", text: "phosphate et sulfate de calcium", expected: "phosphate de calcium, sulfate de calcium" },
  // 16.json @ebc053be9b9f (2 stored versions: the one the file index lists)
  { lc: "fr", text: "sulfates de calcium et potassium", expected: "sulfates de calcium, sulfates de potassium" },
  // 17.json @ffacd24efb8f (2 stored versions: the one the file index lists)
  { lc: "fr", text: "chlorures (sodium et potassium)", expected: "chlorures de sodium, chlorures de potassium" },
  // 18.json @81f4cae896f6 (2 stored versions: the one the file index lists)
  { lc: "fr", text: "chlorures (sodium, potassium)", expected: "chlorures de sodium, chlorures de potassium" },
  // 19.json @483ed8fdd888
  { lc: "fr", text: "fraises 30%", expected: "fraises 30%" },
  // 20.json @dbb412832205 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "Marmelade d'oranges 41% (sirop de glucose-fructose, sucre, pulpe d'orange 4.5%, jus d'orange concentré 1.4% (équivalent jus d'orange 7.8%), pulpe d'orange concentrée 0.6% (équivalent pulpe d'orange 2.6%), gélifiant (pectines), acidifiant (acide citrique), correcteurs d'acidité (citrate de calcium, citrate de sodium), arôme naturel d'orange, épaississant (gomme xanthane)), chocolat 24.9% (sucre, pâte de cacao, beurre de cacao, graisses végétales (illipe, mangue, sal, karité et palme en proportions variables), arôme, émulsifiant (lécithine de soja), lactose et protéines de lait), farine de blé, sucre, oeufs, sirop de glucose-fructose, huile de colza, poudre à lever (carbonate acide d'ammonium, diphosphate disodique, carbonate acide de sodium), sel, émulsifiant (lécithine de soja).",
    expected:
      "Marmelade d'oranges 41% (sirop de glucose-fructose, sucre, pulpe d'orange 4.5%, jus d'orange concentré 1.4% (équivalent jus d'orange 7.8%), pulpe d'orange concentrée 0.6% (équivalent pulpe d'orange 2.6%), gélifiant (pectines), acidifiant (acide citrique), correcteurs d'acidité (citrate de calcium, citrate de sodium), arôme naturel d'orange, épaississant (gomme xanthane)), chocolat 24.9% (sucre, pâte de cacao, beurre de cacao, graisses végétales (huile de illipe, huile de mangue, huile de sal, huile de karité, huile de palme), arôme, émulsifiant (lécithine de soja), lactose et protéines de lait), farine de blé, sucre, oeufs, sirop de glucose-fructose, huile de colza, poudre à lever (carbonate acide d'ammonium, diphosphate disodique, carbonate acide de sodium), sel, émulsifiant (lécithine de soja).",
  },
  // 21.json @ffacd24efb8f (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "graisses végétales (illipe, mangue, sal, karité et palme en proportions variables)",
    expected: "graisses végétales (huile de illipe, huile de mangue, huile de sal, huile de karité, huile de palme)",
  },
  // 22.json @fb3fd3ebf1b9 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "graisses végétales (illipe, mangue, palme)",
    expected: "graisses végétales (huile de illipe, huile de mangue, huile de palme)",
  },
  // 23.json @6cea5aac847a (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "graisses végétales (illipe)", expected: "graisses végétales (huile de illipe)" },
  // 24.json @ffacd24efb8f (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "graisses végétales (illipe et sal)",
    expected: "graisses végétales (huile de illipe, huile de sal)",
  },
  // 25.json @f2502112fe41
  { lc: "fr", text: "gélifiant pectine", expected: "gélifiant : pectine" },
  // 26.json @81f4cae896f6
  { lc: "fr", text: "gélifiant (pectine)", expected: "gélifiant (pectine)" },
  // 27.json @7c3c245cb94c
  {
    lc: "fr",
    text: "agent de traitement de la farine (acide ascorbique)",
    expected: "agent de traitement de la farine (acide ascorbique)",
  },
  // 28.json @81f4cae896f6
  { lc: "fr", text: "lait demi-écrémé", expected: "lait demi-écrémé" },
  // 29.json @81f4cae896f6
  {
    lc: "fr",
    text: "Saveur vanille : lait demi-écrémé 77%, sucre",
    expected: "Saveur vanille : lait demi-écrémé 77%, sucre",
  },
  // 30.json @dbb412832205
  {
    lc: "fr",
    text: "colorants alimentaires E (124,122,133,104,110)",
    expected: "colorants alimentaires : e124, e122, e133, e104, e110",
  },
  // 31.json @dbb412832205
  { lc: "fr", text: "INS 240,241,242b", expected: "e240, e241, e242b" },
  // 32.json @7bbbb63b0f71
  { lc: "fr", text: "colorants E (124, 125, 120 et 122", expected: "colorants : e124, e125, e120, e122" },
  // 33.json @7c3c245cb94c
  { lc: "fr", text: "E250-E251", expected: "e250 - e251" },
  // 34.json @da5859766f8d
  { lc: "fr", text: "E250-E251-E260", expected: "e250 - e251 - e260" },
  // 35.json @793e2a607676
  { lc: "fr", text: "E 250b-E251-e.260(ii)", expected: "e250b - e251 - e260ii" },
  // 36.json @da5859766f8d
  {
    lc: "fr",
    text: "émulsifiants : E463, E432 et E472 - correcteurs d'acidité : E322/E333 E474-E475",
    expected: "émulsifiants : e463, e432, e472 - correcteurs d'acidité : e322/e333, e474 - e475",
  },
  // 37.json @65a0cc0b002c
  { lc: "fr", text: "E100 E122", expected: "e100, e122" },
  // 38.json @7c3c245cb94c
  { lc: "fr", text: "E103 et E140", expected: "e103, e140" },
  // 39.json @dbb412832205
  { lc: "fr", text: "E103 ET E140", expected: "e103, e140" },
  // 40.json @7c3c245cb94c
  { lc: "fr", text: "curcumine et E140", expected: "curcumine, e140" },
  // 41.json @dbb412832205
  { lc: "fr", text: "E140 et tartrazine", expected: "e140, tartrazine" },
  // 42.json @dbb412832205
  {
    lc: "fr",
    text: "Acide citrique, colorant : e120, vitamine C, E-500",
    expected: "Acide citrique, colorant : e120, vitamine C, e500",
  },
  // 43.json @81f4cae896f6 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "poudres à lever (carbonates acides d’ammonium et de sodium, acide citrique)",
    expected: "poudres à lever (carbonates acides d'ammonium, carbonates acides de sodium, acide citrique)",
  },
  // 44.json @81f4cae896f6
  {
    lc: "en",
    text: "REAL SUGARCANE, SALT, ANTIOXIDANT (INS 300), INS 334, INS345",
    expected: "REAL SUGARCANE, SALT, ANTIOXIDANT (e300), e334, e345",
  },
  // 45.json @7c3c245cb94c
  { lc: "es", text: "colores E (120, 124 y 125)", expected: "colores e120, e124, e125" },
  // 46.json @5ddbe0f003ad
  {
    lc: "es",
    text: "Leche desnatada de vaca, enzima lactasa y vitaminas A, D, E y ácido fólico.",
    expected: "Leche desnatada de vaca, enzima lactasa y vitaminas, vitamina A, vitamina D, vitamina E, ácido fólico.",
  },
  // 47.json @7c3c245cb94c
  {
    lc: "es",
    text: "Leche desnatada, leche desnatada en polvo, zumo de lima, almidón de maíz, extracto de ginseng 0,19%, aromas, fermentos lácticos con Lcasei, colorante: caramelo natural, edulcorantes: sucralosa y acesulfamo K, estabilizante: goma xantana, vitaminas: D, B6, ácido fólico y B12 Origen de la feche. España. Preparación: Agitar antes de abrir.",
    expected:
      "Leche desnatada, leche desnatada en polvo, zumo de lima, almidón de maíz, extracto de ginseng 0.19%, aromas, fermentos lácticos con Lcasei, colorante: caramelo natural, edulcorantes: sucralosa y acesulfamo K, estabilizante: goma xantana, vitaminas, vitamina D, vitamina B6, ácido fólico, vitamina B12 Origen de la feche. España. Preparación: Agitar antes de abrir.",
  },
  // 48.json @81f4cae896f6
  {
    lc: "es",
    text: "edulcorantes (acesulfamo K y sucralosa) y vitaminas (riboflavina (vitamina B2) y cianocobalamina vitamina B12))",
    expected:
      "edulcorantes (acesulfamo K y sucralosa), vitaminas (riboflavina (vitamina B2), cianocobalamina vitamina B12))",
  },
  // 49.json @56c905aecc39
  {
    lc: "es",
    text: "aceites vegetales [aceite de girasol (70%) y aceite de oliva virgen (30%)] y sal",
    expected: "aceites vegetales [aceite de girasol (70%), aceite de oliva virgen (30%)], sal",
  },
  // 50.json @7c3c245cb94c
  {
    lc: "es",
    text: "Trazas de cacahuete, huevo y frutos de cáscara.",
    expected: "Trazas : cacahuete, Trazas : huevo, Trazas : frutos de cáscara.",
  },
  // 51.json @81f4cae896f6
  {
    lc: "es",
    text: "sal y acidulante (ácido cítrico). Puede contener trazas de cacahuete, huevo y frutos de cáscara.",
    expected: "sal y acidulante (ácido cítrico). Trazas : cacahuete, Trazas : huevo, Trazas : frutos de cáscara.",
  },
  // 77.json @883f709c086b (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "arôme naturel de citron-citron vert et d'autres agrumes",
    expected: "arôme naturel (arôme naturel de citron, arôme naturel de citron vert, arôme naturel d'agrumes)",
  },
  // 78.json @dbb412832205 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "arômes naturels de citron et de limette",
    expected: "arômes naturels (arômes naturels de citron, arômes naturels de limette)",
  },
  // 79.json @da5859766f8d
  {
    lc: "fr",
    text: "arôme naturel de pomme avec d'autres arômes naturels",
    expected: "arôme naturel de pomme et arômes naturels",
  },
  // 80.json @65a0cc0b002c
  {
    lc: "fr",
    text: "jus de pomme, eau, sucre. Traces de lait.",
    expected: "jus de pomme, eau, sucre. Traces éventuelles : lait.",
  },
  // 81.json @d985feb6681b
  {
    lc: "fr",
    text: "jus de pomme, eau, sucre. Traces possibles de céleri, moutarde et gluten.",
    expected:
      "jus de pomme, eau, sucre. Traces éventuelles : céleri, Traces éventuelles : moutarde, Traces éventuelles : gluten.",
  },
  // 82.json @dbb412832205
  {
    lc: "fr",
    text: "jus de pomme, eau, sucre. Traces possibles de céleri, de moutarde et gluten.",
    expected:
      "jus de pomme, eau, sucre. Traces éventuelles : céleri, Traces éventuelles : moutarde, Traces éventuelles : gluten.",
  },
  // 83.json @56c905aecc39
  { lc: "fr", text: "Traces de moutarde", expected: "Traces éventuelles : moutarde." },
  // 84.json @56c905aecc39
  {
    lc: "fr",
    text: "Sucre de canne Traces éventuelles d'oeufs",
    expected: "Sucre de canne, Traces éventuelles : oeufs.",
  },
  // 85.json @c2a8b7b654e4 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "huile végétale de tournesol et/ou colza",
    expected: "huile végétale (huile de tournesol, huile de colza)",
  },
  // 86.json @81f4cae896f6
  { lc: "de", text: "Zucker. Kann Spuren von Sellerie.", expected: "Zucker. Spuren : Sellerie." },
  // 87.json @065d73e4f216
  {
    lc: "de",
    text: "Zucker. Kann Spuren von Senf und Sellerie.",
    expected: "Zucker. Spuren : Senf, Spuren : Sellerie.",
  },
  // 88.json @81f4cae896f6
  {
    lc: "de",
    text: "Zucker. Kann Spuren von Senf und Sellerie enthalten",
    expected: "Zucker. Spuren : Senf, Spuren : Sellerie.",
  },
  // 89.json @7c3c245cb94c
  {
    lc: "it",
    text: "Puo contenere tracce di frutta a guscio, sesamo, soia e uova",
    expected: "Tracce : frutta a guscio, Tracce : sesamo, Tracce : soia, Tracce : uova.",
  },
  // 90.json @7c3c245cb94c
  {
    lc: "it",
    text: "Il prodotto può contenere tracce di GRANO, LATTE, UOVA, FRUTTA A GUSCIO e SOIA.",
    expected: "Tracce : GRANO, Tracce : LATTE, Tracce : UOVA, Tracce : FRUTTA A GUSCIO, Tracce : SOIA.",
  },
  // 91.json @dbb412832205
  {
    lc: "fr",
    text: "Jus de pomme*** 68%, jus de poire***32% *** Ingrédients issus de l'agriculture biologique",
    expected: "Jus de pomme Bio 68%, jus de poire Bio 32%",
  },
  // 92.json @9a977c12806d
  {
    lc: "fr",
    text: "Pâte de cacao°* du Pérou 65 %, sucre de canne°*, beurre de cacao°*, sel *, lait °. °Issus de l'agriculture biologique (100 %). *Issus du commerce équitable (100 % du poids total avec 93 % SPP).",
    expected:
      "Pâte de cacao Bio Commerce équitable du Pérou 65 %, sucre de canne Bio Commerce équitable, beurre de cacao Bio Commerce équitable, sel Commerce équitable, lait Bio.",
  },
  // 93.json @dbb412832205
  {
    lc: "fr",
    text: "pâte de cacao* de Madagascar 75%, sucre de canne*, beurre de cacao*. * issus du commerce équitable et de l'agriculture biologique (100% du poids total).",
    expected:
      "pâte de cacao Commerce équitable Bio de Madagascar 75%, sucre de canne Commerce équitable Bio, beurre de cacao Commerce équitable Bio.",
  },
  // 94.json @da5859766f8d
  {
    lc: "fr",
    text: "Céleri - rave 21% - Eau, légumes 33,6% (carottes, céleri - rave, poivrons rouges 5,8% - haricots - petits pois bio - haricots verts - courge - radis, pommes de terre - patates - fenouil - cerfeuil tubéreux - persil plat)",
    expected:
      "Céleri-rave 21% - Eau, légumes 33.6% (carottes, céleri-rave, poivrons rouges 5.8% - haricots - petits pois bio - haricots verts - courge - radis, pommes de terre - patates - fenouil - cerfeuil tubéreux - persil plat)",
  },
  // 95.json @7c3c245cb94c
  {
    lc: "fr",
    text: "poudres à lever : carbonates d'ammonium - carbonates de sodium - phosphates de calcium, farine, sel",
    expected: "poudres à lever : carbonates d'ammonium - carbonates de sodium - phosphates de calcium, farine, sel",
  },
  // 96.json @dbb412832205
  { lc: "en", text: "FD&C Red #40 Lake and silicon dioxide", expected: "FD&C Red #40 Lake and silicon dioxide" },
  // 97.json @89733b523e86
  { lc: "fr", text: "Lait pasteurisé à 1,1% de Mat. Gr.", expected: "Lait pasteurisé à 1.1% de Matières Grasses" },
  // 98.json @793e2a607676 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "matière grasse végétale (palme) raffinée",
    expected: "matière grasse végétale (huile de palme) raffinée",
  },
  // 99.json @7c3c245cb94c
  { lc: "fr", text: "huile d'olive vierge, origan", expected: "huile d'olive vierge, origan" },
  // 100.json @65a0cc0b002c
  {
    lc: "fr",
    text: "huile de tournesol, cacao maigre en poudre 5.2%",
    expected: "huile de tournesol, cacao maigre en poudre 5.2%",
  },
  // 102.json @4efcdc5e2bd0 (2 stored versions: the one the file index lists)
  {
    lc: "de",
    text: "Wasser, Kohlensäure, Farbstoff Zuckerkulör E 150d, Süßungsmittel Aspartam* und Acesulfam-K, Säuerungsmittel Phosphorsäure und Citronensäure, Säureregulator Natriumcitrat, Aroma Koffein, Aroma. enthält eine Phenylalaninquelle",
    expected:
      "Wasser, Kohlensäure, Farbstoff : Zuckerkulör e150d, Süßungsmittel : Aspartam* und Acesulfam-K, Säuerungsmittel : Phosphorsäure und Citronensäure, Säureregulator : Natriumcitrat, Aroma Koffein, Aroma. enthält eine Phenylalaninquelle",
  },
  // 103.json @dbb412832205
  {
    lc: "de",
    text: "Farbstoffe Betenrot, Paprikaextrakt, Kurkumin",
    expected: "Farbstoffe : Betenrot, Paprikaextrakt, Kurkumin",
  },
  // 104.json @62b51d9e6535
  {
    lc: "de",
    text: "Zucker, Glukosesirup, Glukose-Fruktose-Sirup, Stärke, 8,5% Süßholzsaft, brauner Zuckersirup, modifizierte Stärke, Aromen, pflanzliches Öl (Sonnenblume), Überzugsmittel: Bienenwachs, weiß und gelb",
    expected:
      "Zucker, Glukosesirup, Glukose-Fruktose-Sirup, Stärke, 8.5% Süßholzsaft, brauner Zuckersirup, modifizierte Stärke, Aromen, pflanzliches Öl (Sonnenblume), Überzugsmittel: Bienenwachs weiß und gelb",
  },
  // 105.json @483ed8fdd888
  {
    lc: "de",
    text: "Zucker, Glukosesirup, Glukose-Fruktose-Sirup, Stärke, 8,5% Süßholzsaft, brauner Zuckersirup, modifizierte Stärke, Aromen, pflanzliches Öl (Sonnenblume), Überzugsmittel: Bienenwachs (weiß und gelb)",
    expected:
      "Zucker, Glukosesirup, Glukose-Fruktose-Sirup, Stärke, 8.5% Süßholzsaft, brauner Zuckersirup, modifizierte Stärke, Aromen, pflanzliches Öl (Sonnenblume), Überzugsmittel: Bienenwachs weiß und gelb",
  },
  // 106.json @ddf62f4434b8 (4 stored versions: the one the file index lists)
  { lc: "fr", text: "graisse végétale bio (colza)", expected: "graisse végétale bio (huile de colza)" },
  // 107.json @dbb412832205
  {
    lc: "fr",
    text: "huiles végétales* (huile de tournesol*, huile de colza*). *Ingrédients issus de l'agriculture biologique",
    expected: "huiles végétales Bio (huile de tournesol Bio, huile de colza Bio ).",
  },
  // 108.json @c2a8b7b654e4 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "huile biologique (tournesol, olive)",
    expected: "huile biologique (huile de tournesol, huile de olive)",
  },
  // 109.json @81f4cae896f6
  { lc: "fr", text: "huile biologique (tournesol, xyz)", expected: "huile biologique (tournesol, xyz)" },
  // 110.json @dab2e594e7fc (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "huiles biologiques (tournesol, olive)",
    expected: "huiles biologiques (huile de tournesol, huile de olive)",
  },
  // 111.json @c2a8b7b654e4 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "huiles (tournesol*, olive). * : bio",
    expected: "huiles (huile de tournesol Bio, huile de olive).",
  },
  // 112.json @c2a8b7b654e4 (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "huiles* (tournesol*, olive vierge extra), sel marin. *issus de l'agriculture biologique.",
    expected: "huiles Bio (huile de tournesol Bio, huile de olive vierge extra), sel marin.",
  },
  // 113.json @7c3c245cb94c
  {
    lc: "fr",
    text: "riz de Camargue (1), sel. (1): IGP : Indication Géographique Protégée.",
    expected: "riz de Camargue IGP, sel.",
  },
  // 114.json @483ed8fdd888
  {
    lc: "fr",
    text: "cacao (1), sucre (2), beurre de cacao (1). (1) : Commerce équitable. (2) Issue de l'agriculture biologique.",
    expected: "cacao Commerce équitable, sucre Bio, beurre de cacao Commerce équitable.",
  },
  // 115.json @7c3c245cb94c
  {
    lc: "fr",
    text: "Céréales 63,7% (BLE complet 50,5%*, semoule de maïs*), sucre*, sirop de BLE*, cacao maigre en poudre 3,9%*, cacao en poudre 1,7%*, sel, arôme naturel. *Ingrédients issus de l'agriculture biologique.",
    expected:
      "Céréales 63.7% (BLE complet 50.5% Bio, semoule de maïs Bio ), sucre Bio, sirop de BLE Bio, cacao maigre en poudre 3.9% Bio, cacao en poudre 1.7% Bio, sel, arôme naturel.",
  },
  // 116.json @684f31d29c52
  {
    lc: "fr",
    text: "émulsifiant : mono - et diglycérides d'acides gras.",
    expected: "émulsifiant : mono- et diglycérides d'acides gras.",
  },
  // 117.json @9a977c12806d
  {
    lc: "fr",
    text: "Sucre. Fabriqué dans un atelier qui utilise des fruits à coques.",
    expected: "Sucre. Traces éventuelles : fruits à coques.",
  },
  // 118.json @7c3c245cb94c
  {
    lc: "fr",
    text: "Sucre. Fabriqué dans un atelier utilisant des fruits à coques et du sésame.",
    expected: "Sucre. Traces éventuelles : fruits à coques, Traces éventuelles : sésame.",
  },
  // 119.json @483ed8fdd888
  {
    lc: "fr",
    text: "Sucre. Fabriqué dans un atelier qui manipule du lait, de la moutarde et du céleri.",
    expected: "Sucre. Traces éventuelles : lait, Traces éventuelles : moutarde, Traces éventuelles : céleri.",
  },
  // 120.json @81f4cae896f6
  {
    lc: "fr",
    text: "Sucre. Peut contenir des fruits à coques et du sésame.",
    expected: "Sucre. Traces éventuelles : fruits à coques, Traces éventuelles : sésame.",
  },
  // 121.json @f86e31725ab4 (4 stored versions: the one the file index lists)
  {
    lc: "en",
    text: "vegetable oil (coconut & rapeseed)",
    expected: "vegetable oil (coconut vegetable oil, rapeseed vegetable oil)",
  },
  // 122.json @dedd31b0e6c2
  {
    lc: "fr",
    text: "Masse de cacao°, Quinoa° (1,8%). °Produits issus de l'agriculture biologique.",
    expected: "Masse de cacao Bio, Quinoa Bio (1.8%).",
  },
  // 123.json @483ed8fdd888
  {
    lc: "de",
    text: "Emulgator (Sojalecithine, Mono - und Diglyceride von Speisefettsäuren, Sorbitantristearat)",
    expected: "Emulgator (Sojalecithine, mono- und Diglyceride von Speisefettsäuren, Sorbitantristearat)",
  },
  // 124.json @f2502112fe41
  { lc: "fr", text: "Tomates* (20%). *Ingrédients Bio", expected: "Tomates Bio (20%)." },
  // 125.json @125e9489dd64
  { lc: "fr", text: "Tomates* (20%). *Ingrédients biologiques", expected: "Tomates Bio (20%)." },
  // 126.json @dbb412832205
  {
    lc: "fr",
    text: "Chocolat. Contient du lait et des noisettes. Peut contenir du blé, du soja et des crustacés.",
    expected:
      "Chocolat. Substances ou produits provoquant des allergies ou intolérances : lait, Substances ou produits provoquant des allergies ou intolérances : noisettes. Traces éventuelles : blé, Traces éventuelles : soja, Traces éventuelles : crustacés.",
  },
  // 127.json @f2502112fe41
  {
    lc: "en",
    text: "Chocolate. Contains milk, hazelnuts and other nuts. May contain celery and mustard.",
    expected:
      "Chocolate. Substances or products causing allergies or intolerances : milk, Substances or products causing allergies or intolerances : hazelnuts, Substances or products causing allergies or intolerances : other nuts. Traces : celery, Traces : mustard.",
  },
  // 128.json @89733b523e86 (2 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "phosphates d'ammonium et de calcium, Phosphate d'aluminium et de sodium, diphosphate d'aluminium et de sodium",
    expected:
      "phosphates d'ammonium, phosphates de calcium, phosphate d'aluminium et de sodium, diphosphate d'aluminium et de sodium",
  },
  // 129.json @81f4cae896f6
  {
    lc: "fr",
    text: "Ingrédient(s) : lentilles vertes* - *issu(e)(s) de l'agriculture biologique.",
    expected: "Ingrédients : lentilles vertes Bio",
  },
  // 130.json @dbb412832205
  {
    lc: "en",
    text: "S. thermophilus, L casei, L.bulgaricus",
    expected: "streptococcus thermophilus, lactobacillus casei, lactobacillus bulgaricus",
  },
  // 131.json @4972e130e29b
  {
    lc: "fr",
    text: "jus de citron*. *Ingrédients issus de l'agriculture biologique Peut contenir : œuf, moutarde, graine de sésame, poisson,soja, lait,fruits à coque, céleri.",
    expected:
      "jus de citron Bio. , Traces éventuelles : œuf, Traces éventuelles : moutarde, Traces éventuelles : graine de sésame, Traces éventuelles : poisson, Traces éventuelles : soja, Traces éventuelles : lait, Traces éventuelles : fruits à coque, Traces éventuelles : céleri.",
  },
  // 132.json @065d73e4f216 (2 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "Farine, levure. Peut contenir des traces de _soja_, _amandes_, _noisettes_ et _noix de cajou_.",
    expected:
      "Farine, levure. Traces éventuelles : _soja_, Traces éventuelles : _amandes_, Traces éventuelles : _noisettes_, Traces éventuelles : _noix de cajou_.",
  },
  // 133.json @065d73e4f216
  {
    lc: "es",
    text: "Agua, aceite de girasol*. * Ingredientes ecológicos.",
    expected: "Agua, aceite de girasol Ecológico.",
  },
  // 134.json @7c3c245cb94c
  {
    lc: "es",
    text: "Agua, aceite de girasol*, arroz* (5 %). (*) Ingredientes ecológicos.",
    expected: "Agua, aceite de girasol Ecológico, arroz Ecológico (5 %).",
  },
  // 135.json @7c3c245cb94c
  {
    lc: "es",
    text: "Tofu* 88% (agua, habas de soja*). *cumple con el reglamento de agricultura ecológica CE 2092/91",
    expected: "Tofu Ecológico 88% (agua, habas de soja Ecológico ).",
  },
  // 136.json @b8b83888d22f
  {
    lc: "es",
    text: "agua, almendra* (5,5%). *= procedentes de la agricultura ecológica",
    expected: "agua, almendra Ecológico (5.5%).",
  },
  // 137.json @6cea5aac847a
  { lc: "en", text: "non-gmo natural flavor", expected: "non-gmo natural flavor" },
  // 138.json @4972e130e29b (2 stored versions: the one the file index lists)
  {
    lc: "en",
    text: "vit. e, vitamins b2, B3 and K, vit d, vit a & c, vit. B12",
    expected: "vitamin e, vitamins, vitamin b2, vitamin B3, vitamin K, vitamin d, vitamin a, vitamin c, vitamin B12",
  },
  // 139.json @56c905aecc39
  {
    lc: "fr",
    text: "vit. pp, vit c, vit. a et b6",
    expected: "vitamines, vitamine pp, Vitamine c, Vitamine a, vitamine b6",
  },
  // 141.json @dbb412832205
  {
    lc: "fr",
    text: "colorant de surface : caramel ordinaire, agent de traitement de farine (E300), acide citrique",
    expected: "colorant de surface : caramel ordinaire, agent de traitement de farine (e300), acide citrique",
  },
  // 142.json @483ed8fdd888
  {
    lc: "es",
    text: "Agua, edulcorantes (INS420, INS 960, INS N'952, INS N°954, INS°950, INS N 955), conservantes (INS.218, INS #202, INS N 216).",
    expected: "Agua, edulcorantes (e420, e960, e952, e954, e950, e955), conservantes (e218, e202, e216).",
  },
  // 143.json @dedd31b0e6c2
  { lc: "es", text: "Vitamina E y C", expected: "vitaminas, vitamina E, vitamina C" },
  // 144.json @dbb412832205
  { lc: "es", text: "color E 124", expected: "color : e124" },
  // 145.json @dedd31b0e6c2
  { lc: "es", text: "colores E (124, 125)", expected: "colores e124, e125" },
  // 146.json @a945a09610c2
  { lc: "it", text: "vitamine A, B, E e K", expected: "vitamine, vitamina A, vitamina B, vitamina E, vitamina K" },
  // 147.json @4972e130e29b (2 stored versions: the one the file index lists)
  {
    lc: "en",
    text: "E 102, E-104 color, E-101(i), E101 (ii), E160a(iv), e172-i, E-160 i",
    expected: "e102, e104 color, e101i, e101ii, e160aiv, e172i, e160i",
  },
  // 148.json @def0ec792881
  { lc: "fr", text: "E102-E1400", expected: "e102 - e1400" },
  // 149.json @483ed8fdd888 (2 stored versions: the one the file index lists)
  { lc: "de", text: "E172i-E174ii, E102(i)-E101i", expected: "e172i - e174ii, e102i - e101i" },
  // 150.json @7c3c245cb94c
  {
    lc: "fr",
    text: "correcteurs d'acidité : E322/E333 E474-E475",
    expected: "correcteurs d'acidité : e322/e333, e474 - e475",
  },
  // 151.json @4efcdc5e2bd0
  {
    lc: "es",
    text: "E-330; E-331; Estabilizantes (E-327; E-418)",
    expected: "e330; e331; Estabilizantes (e327; e418)",
  },
  // 152.json @483ed8fdd888
  { lc: "es", text: "E120 color", expected: "e120 color" },
  // 153.json @7c3c245cb94c
  { lc: "es", text: "E172-i", expected: "e172i" },
  // 154.json @7c3c245cb94c
  { lc: "es", text: "E172 i", expected: "e172i" },
  // 155.json @7c3c245cb94c
  { lc: "es", text: "(E172i)", expected: "(e172i)" },
  // 156.json @483ed8fdd888 (2 stored versions: the one the file index lists)
  { lc: "es", text: "E102(i)-E101i", expected: "e102i - e101i" },
  // 157.json @7c3c245cb94c (2 stored versions: the one the file index lists)
  { lc: "es", text: "E102(i)", expected: "e102i" },
  // 158.json @65a0cc0b002c
  { lc: "es", text: "S.I.N.:160 b", expected: "e160b" },
  // 160.json @7c3c245cb94c
  {
    lc: "es",
    text: "contiene apio y derivados de leche",
    expected:
      "Sustancias o productos que causan alergias o intolerancias : apio, Sustancias o productos que causan alergias o intolerancias : derivados de leche.",
  },
  // 161.json @dbb412832205
  { lc: "fr", text: "E160a(ii)", expected: "e160aii" },
  // 162.json @7c3c245cb94c
  { lc: "fr", text: "(E160a-ii)", expected: "(e160aii)" },
  // 163.json @9a977c12806d
  { lc: "fr", text: "colorant (E160a(ii))", expected: "colorant (e160aii)" },
  // 164.json @30348eb157f8
  {
    lc: "fr",
    text: "Esters glycéroliques de l'acide acétique et d'acides gras",
    expected: "Esters glycéroliques de l'acide acétique et d'acides gras",
  },
  // 165.json @483ed8fdd888
  { lc: "fr", text: "acide acétique", expected: "acide acétique" },
  // 167.json @56c905aecc39
  {
    lc: "en",
    text: "Organic garbanzo beans (cooked w/o salt), water",
    expected: "Organic garbanzo beans (cooked without salt), water",
  },
  // 168.json @56c905aecc39
  {
    lc: "en",
    text: "sugar, cocoa (processed w/alkali), egg yolk",
    expected: "sugar, cocoa (processed with alkali), egg yolk",
  },
  // 169.json @7c3c245cb94c
  {
    lc: "fr",
    text: "LAIT entier pasteurisé*. *ingrédient issu de l'agriculture biologique.",
    expected: "LAIT entier pasteurisé Bio.",
  },
  // 170.json @81f4cae896f6
  {
    lc: "fr",
    text: "vitamines B1, B6, B9, PP et E",
    expected: "vitamines, vitamine B1, vitamine B6, vitamine B9, vitamine PP, vitamine E",
  },
  // 171.json @483ed8fdd888
  {
    lc: "fr",
    text: "vitamines (B1, acide folique (B9))",
    expected: "vitamines, vitamine B1, acide folique, vitamine B9",
  },
  // 172.json @65a0cc0b002c
  {
    lc: "en",
    text: "Chocolate (Italy, contains milk)",
    expected: "Chocolate (Italy, Substances or products causing allergies or intolerances : milk.)",
  },
  // 173.json @483ed8fdd888
  {
    lc: "en",
    text: "Chocolate (contains milk)",
    expected: "Chocolate ( Substances or products causing allergies or intolerances : milk.)",
  },
  // 174.json @dbb412832205
  {
    lc: "en",
    text: "Chocolate. Contains (milk)",
    expected: "Chocolate. Substances or products causing allergies or intolerances : milk.",
  },
  // 175.json @dbb412832205
  {
    lc: "fr",
    text: "Sel, sucre², graisse de palme¹, amidons¹ (maïs¹, pomme de terre¹), oignon¹ : 8,9%, ail¹, oignon grillé¹ : 1,4%, épices¹ et aromate¹ (livèche¹ : 0,4%, curcuma¹, noix de muscade¹), carotte¹ : 0,5%. Peut contenir : céleri, céréales contenant du gluten, lait, moutarde, œuf, soja. ¹Ingrédients issus de l'Agriculture Biologique. ² Ingrédients issus du commerce équitable",
    expected:
      "Sel, sucre Commerce équitable, graisse de palme Bio, amidons Bio (maïs Bio, pomme de terre Bio ), oignon Bio : 8.9%, ail Bio, oignon grillé Bio : 1.4%, épices Bio et aromate Bio (livèche Bio : 0.4%, curcuma Bio, noix de muscade Bio ), carotte Bio : 0.5%. Traces éventuelles : céleri, Traces éventuelles : céréales contenant du gluten, Traces éventuelles : lait, Traces éventuelles : moutarde, Traces éventuelles : œuf, Traces éventuelles : soja.",
  },
  // 177.json @ffacd24efb8f (4 stored versions: the one the file index lists)
  {
    lc: "fr",
    text: "huiles végétales (palme, olive et tournesol)",
    expected: "huiles végétales (huile de palme, huile de olive, huile de tournesol)",
  },
  // 178.json @c2a8b7b654e4 (4 stored versions: the one the file index lists)
  { lc: "fr", text: "huile végétale : colza", expected: "huile végétale (huile de colza)" },
  // 179.json @1cceb584899e (4 stored versions: the one the file index lists)
  { lc: "fr", text: "huile végétale : colza, fraises", expected: "huile végétale (huile de colza), fraises" },
  // 180.json @7c3c245cb94c (4 stored versions: the one the file index lists)
  { lc: "fr", text: "huile végétale : colza et tomates", expected: "huile végétale (huile de colza) et tomates" },
  // 181.json @7e8de4251897 (3 stored versions: the one the file index lists)
  { lc: "en", text: "vegetable oil: sunflower", expected: "vegetable oil (sunflower vegetable oil)" },
  // 182.json @935e7e07245c (3 stored versions: the one the file index lists)
  { lc: "en", text: "vegetable oil (palm)", expected: "vegetable oil (palm vegetable oil)" },
  // 183.json @dbb412832205 (4 stored versions: the one the file index lists)
  {
    lc: "en",
    text: "vegetable oils (palm, olive)",
    expected: "vegetable oils (palm vegetable oils, olive vegetable oils)",
  },
  // 184.json @5b42afceaf20 (4 stored versions: the one the file index lists)
  {
    lc: "en",
    text: "organic vegetable oils (sunflower, colza and rapeseed)",
    expected:
      "organic vegetable oils (sunflower organic vegetable oils, colza organic vegetable oils, rapeseed organic vegetable oils)",
  },
  // 185.json @b8b83888d22f (4 stored versions: the one the file index lists)
  {
    lc: "en",
    text: "vegetable oils : sunflower, colza and strawberry",
    expected: "vegetable oils (sunflower vegetable oils, colza vegetable oils) and strawberry",
  },
  // 197.json @65a0cc0b002c
  { lc: "fr", text: "Teneur en fruits: 50gr pour 100 grammes", expected: "Teneur en fruits: 50g pour 100 g" },
  // 202.json @ddf62f4434b8
  { lc: "it", text: "formaggio, E 472 e, E470a.", expected: "formaggio, e472 e, e470a." },
  // 203.json @483ed8fdd888
  { lc: "it", text: "formaggio, E 472 e E470a.", expected: "formaggio, e472, e470a." },
  // 205.json @81f4cae896f6 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "Piments (vert, rouge, jaune)", expected: "Piments (Piments vert, Piments rouge, Piments jaune)" },
  // 206.json @ffacd24efb8f (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "de",
    text: "pflanzliches Fett (Kokosnuss, Palmkern)",
    expected: "pflanzliches Fett (Kokosnussfett, Palmkernfett)",
  },
  // 207.json @7c3c245cb94c (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "de",
    text: "pflanzliche Öle und Fette (Raps, Palm, Shea, Sonnenblumen)",
    expected: "pflanzliche Öle und Fette (Rapsöl, Palmfett, Sheafett, Sonnenblumenfett)",
  },
  // 208.json @65a0cc0b002c (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales de palme, de colza et de tournesol",
    expected: "Huiles végétales (huile de palme, huile de colza, huile de tournesol)",
  },
  // 209.json @81f4cae896f6
  { lc: "fr", text: "arôme naturel de pomme avec d'autres âromes", expected: "arôme naturel de pomme et âromes" },
  // 210.json @dbb412832205
  { lc: "fr", text: "Carbonate de magnésium, fer élémentaire", expected: "Carbonate de magnésium, fer élémentaire" },
  // 211.json @4aab18e8882d (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "huile végétale (colza)", expected: "huile végétale (huile de colza)" },
  // 212.json @ffacd24efb8f (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "huile végétale : colza", expected: "huile végétale (huile de colza)" },
  // 216.json @ffacd24efb8f (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "en",
    text: "Vegetal oil (sunflower, olive and palm)",
    expected: "Vegetal oil (sunflower Vegetal oil, olive Vegetal oil, palm Vegetal oil)",
  },
  // 217.json @883f709c086b (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "en", text: "vegetable oil (palm)", expected: "vegetable oil (palm vegetable oil)" },
  // 218.json @7c3c245cb94c (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "en", text: "vegetable oil: palm", expected: "vegetable oil (palm vegetable oil)" },
  // 219.json @dbb412832205 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "protéines végétales (soja, blé)",
    expected: "protéines végétales (protéine de soja, protéine de blé)",
  },
  // 220.json @da5859766f8d (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "de",
    text: "pflanzliche Proteine (Erbsen, Sonnenblumen)",
    expected: "pflanzliche Proteine (Erbsenprotein, Sonnenblumenprotein)",
  },
  // 221.json @125e9489dd64
  { lc: "fr", text: "Piments (vert, rouge, jaune, sel)", expected: "Piments (vert, rouge, jaune, sel)" },
  // 222.json @ffacd24efb8f (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "Huile de palme, noisettes et tournesol",
    expected: "Huile (huile de palme, huile de noisettes, huile de tournesol)",
  },
  // 223.json @483ed8fdd888
  { lc: "fr", text: "Huile de palme, noisettes", expected: "Huile de palme, noisettes" },
  // 224.json @793e2a607676 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "arôme naturel de citron, citron vert et d'autres agrumes",
    expected: "arôme naturel (arôme naturel de citron, arôme naturel de citron vert, arôme naturel d'agrumes)",
  },
  // 225.json @dbb412832205 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  { lc: "fr", text: "Huiles végétales (colza, palme)", expected: "Huiles végétales (huile de colza, huile de palme)" },
  // 226.json @793e2a607676 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales 54.5% (colza, palme)",
    expected: "Huiles végétales 54.5% (huile de colza, huile de palme)",
  },
  // 227.json @dbb412832205 (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales non hydrogénées (colza, palme)",
    expected: "Huiles végétales non hydrogénées (huile de colza, huile de palme)",
  },
  // 228.json @d985feb6681b (several stored versions; the default copy, @29abd76a or another branch's, is broken: the one the file index lists)
  {
    lc: "fr",
    text: "Huiles végétales bio (olive, palme, tournesol)",
    expected: "Huiles végétales bio (huile de olive, huile de palme, huile de tournesol)",
  },
  // 230.json @125e9489dd64
  {
    lc: "fr",
    text: "émulsifiant e471, émulsifiant lécithine de soja, acidifiant acide citrique, acidifiant e330, emulsifiant lecithine de tournesol, émulsifiant lécithine",
    expected:
      "émulsifiant : e471, émulsifiant : lécithine de soja, acidifiant : acide citrique, acidifiant : e330, emulsifiant : lecithine de tournesol, émulsifiant : lécithine",
  },
  // 232.json @fb2ef885355d
  {
    lc: "fr",
    text: "Huiles végétales biologiques non hydrogénées (colza*, palme*)",
    expected: "Huiles végétales biologiques non hydrogénées (colza*, palme*)",
  },
  // 233.json @62cef7d194cd
  {
    lc: "fr",
    text: "Huiles végétales biologiques non hydrogénées (colza* et palme*)",
    expected: "Huiles végétales biologiques non hydrogénées (colza* et palme*)",
  },
  // 234.json @f37848672bfe
  {
    lc: "fr",
    text: "Huiles végétales biologiques non hydrogénées (colza*)",
    expected: "Huiles végétales biologiques non hydrogénées (colza*)",
  },
  // misspelling-correction.json @2f58e5fc7d26
  { lc: "fr", text: "Sucre, tomates en dès, sel", expected: "Sucre, tomates en dés, sel" },
  // misspelling-case-preserve.json @343825ea59c9
  {
    lc: "fr",
    text: "Dès de courgettes, TOMATES EN DÈS, dès d'aubergine,sel",
    expected: "Dés de courgettes, TOMATES EN DÉS, dés d'aubergine,sel",
  },
  // ingredients-starting-with-ingredients.json @f323880ca314
  {
    lc: "en",
    text: "INGREDIENTS Greek Style Yogurt (Milk) (85%), Water, Sugar, Coconut Milk (2%), Desiccated Coconut, Maize Starch, Flavourings, Lactic Acid, Live Bacterial Cultures [Bifidobacterium, Lactobacillus bulgaricus, Streptococcus thermophilus].",
    expected:
      "INGREDIENTS Greek Style Yogurt (Milk) (85%), Water, Sugar, Coconut Milk (2%), Desiccated Coconut, Maize Starch, Flavourings, Lactic Acid, Live Bacterial Cultures [Bifidobacterium, Lactobacillus bulgaricus, Streptococcus thermophilus].",
  },
];
