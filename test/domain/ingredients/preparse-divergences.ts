/**
 * The cases of OFF's ingredients_preparsing.t (oracle/preparse.ts) that foodbase does not match
 * (test/domain/ingredients/preparse.test.ts, exact comparison as OFF's compare_to_expected_results): foodbase's
 * preparsed text, asserted so that a change is noticed, and why it differs.
 */
import type { Divergence } from "./helpers.js";

const AMPERSAND =
  '"&" as the and-word inside a category + type enumeration: OFF develops "coconut & rapeseed"; foodbase replaces "&" with "and" but leaves the enumeration, "coconut" being no type of its English table';
const AROMA_PARENT =
  'OFF keeps the aroma category as the parent of the developed types ("arôme naturel (arôme naturel de citron, …)"); foodbase writes the flat list';
const AVEC_AUTRES = 'OFF turns "avec d\'autres arômes" into "et arômes"; foodbase into ", arômes"';
const COLON_FORM =
  'OFF turns "category : types" into the nested form "huile végétale (huile de colza)" / "vegetable oil (sunflower vegetable oil)", the types ending where the next non-type starts; foodbase writes the flat "huile végétale de colza" (or keeps the text when the types do not end the item)';
const DE_COMPOUNDS =
  'German types are compounded with a per-category noun in OFF ("Kokosnussfett", "Rapsöl", "Erbsenprotein"); foodbase compounds with the whole category ("Kokosnusspflanzliches fett") or has no table for the category (pflanzliche Proteine)';
const ADDITIVE_CLASS_FR =
  'OFF separates an additive class from an ingredient that is not an additive ("émulsifiant : lécithine de soja"); foodbase only when what follows is an additive of the additives taxonomy';
const SALT_FER =
  'foodbase takes "fer élémentaire" as a second cation of "Carbonate de magnésium"; OFF leaves the list as written';
const OIL_LIST =
  'OFF develops "Huile de palme, noisettes et tournesol" into "Huile (huile de palme, huile de noisettes, huile de tournesol)"; foodbase leaves it ("noisettes" is no type of its table and the list has no repeated "de")';
const CASE_ABBREV =
  'OFF expands "Mat. Gr." to "Matières Grasses" (capitalised); foodbase to "matières grasses" (exact comparison)';
const MISSPELLING = 'OFF corrects the misspelling "dès" → "dés" (case kept); foodbase has no misspelling table';
const CASE_MONO = 'OFF writes "mono- und" in lower case; foodbase keeps the written "Mono-" (exact comparison)';
const OF_FORM =
  'OFF now nests "category de T1 et de T2" (and "T1 et/ou T2") under the category, "Huiles végétales (huile de palme, huile de colza)"; foodbase still writes the flat list of the older generation ("Huiles végétales de palme, Huiles végétales de colza")';
const EN_QUALIFIER =
  'in English OFF names the types with the whole phrase before the brackets, qualifier included ("sunflower organic vegetable oils"); foodbase with the category alone ("sunflower vegetable oils")';
const NESTED_OIL =
  'OFF\'s current normalize_enumeration names each developed oil or fat type with the generic lower-case "huile de <type>", without elision ("huile de olive", "huile de illipe"), whatever the category; foodbase repeats the category as written ("Huile de palme", "graisses végétales d\'illipe") (INGREDIENTS.md §3.2 step 10, data/ingredients/fr.json)';
const CASE_SALTS =
  'OFF lower-cases the first word of a rewritten chemical-salt item ("phosphate d\'aluminium et de sodium"); foodbase keeps "Phosphate" as written (exact comparison)';
const COLOUR_TYPES =
  'OFF names colour types without "de" ("Piments vert"); foodbase adds the of-word ("Piments de vert")';
const PROTEINS =
  'OFF develops "protéines végétales (soja, blé)" into "protéine de soja, protéine de blé"; foodbase\'s French table has no protein category';
const QUALIFIED =
  'a category followed by a qualifier before the brackets ("bio", "biologique(s)", "non hydrogénées", a percentage) is developed by OFF; foodbase\'s category + type tables take only the category itself, so the text is left as written';
const ADDITIVE_CLASS_DE =
  '"Säureregulator Natriumcitrat": OFF separates the class because its additives taxonomy knows "Natriumcitrat"; the shipped 2022 additives taxonomy does not, so foodbase leaves it (commit 515d5d4)';
const TYPE_QUALIFIED =
  'an item made of a type and a qualifier ("tournesol Bio", "olive vierge extra") is developed by OFF ("huile de tournesol Bio"); foodbase develops only items that are exactly a type, so the list is left as written';
const CASE_VIT =
  'OFF capitalises some expanded vitamin abbreviations ("Vitamine c, Vitamine a") and not others ("vitamine pp"); foodbase writes them all in lower case (exact comparison)';

export const PREPARSE_DIVERGENCES: Record<string, Divergence<string>> = {
  "fr Huile (palme)": { foodbase: "Huile (Huile de palme)", reason: NESTED_OIL },
  "fr Huile (palme, colza)": { foodbase: "Huile (Huile de palme, Huile de colza)", reason: NESTED_OIL },
  "fr Huile (palme et colza)": { foodbase: "Huile (Huile de palme, Huile de colza)", reason: NESTED_OIL },
  "fr Huiles végétales de palme et de colza": {
    foodbase: "Huiles végétales de palme, Huiles végétales de colza",
    reason: OF_FORM,
  },
  "fr Huiles végétales de palme et d'olive": {
    foodbase: "Huiles végétales de palme, Huiles végétales d'olive",
    reason: OF_FORM,
  },
  "fr Huiles végétales de palme, de colza et de tournesol": {
    foodbase: "Huiles végétales de palme, Huiles végétales de colza, Huiles végétales de tournesol",
    reason: OF_FORM,
  },
  "fr Huiles végétales de palme, de colza, de tournesol": {
    foodbase: "Huiles végétales de palme, Huiles végétales de colza, Huiles végétales de tournesol",
    reason: OF_FORM,
  },
  "fr Huiles végétales de palme, de colza et d'olive en proportion variable": {
    foodbase: "Huiles végétales de palme, Huiles végétales de colza, Huiles végétales d'olive",
    reason: OF_FORM,
  },
  "fr Huiles végétales de palme, de colza et d'olive": {
    foodbase: "Huiles végétales de palme, Huiles végétales de colza, Huiles végétales d'olive",
    reason: OF_FORM,
  },
  "fr Marmelade d'oranges 41% (sirop de glucose-fructose, sucre, pulpe d'orange 4.5%, jus d'orange concentré 1.4% (équivalent jus d'orange 7.8%), pulpe d'orange concentrée 0.6% (équivalent pulpe d'orange 2.6%), gélifiant (pectines), acidifiant (acide citrique), correcteurs d'acidité (citrate de calcium, citrate de sodium), arôme naturel d'orange, épaississant (gomme xanthane)), chocolat 24.9% (sucre, pâte de cacao, beurre de cacao, graisses végétales (illipe, mangue, sal, karité et palme en proportions variables), arôme, émulsifiant (lécithine de soja), lactose et protéines de lait), farine de blé, sucre, oeufs, sirop de glucose-fructose, huile de colza, poudre à lever (carbonate acide d'ammonium, diphosphate disodique, carbonate acide de sodium), sel, émulsifiant (lécithine de soja).":
    {
      foodbase:
        "Marmelade d'oranges 41% (sirop de glucose-fructose, sucre, pulpe d'orange 4.5%, jus d'orange concentré 1.4% (équivalent jus d'orange 7.8%), pulpe d'orange concentrée 0.6% (équivalent pulpe d'orange 2.6%), gélifiant (pectines), acidifiant (acide citrique), correcteurs d'acidité (citrate de calcium, citrate de sodium), arôme naturel d'orange, épaississant (gomme xanthane)), chocolat 24.9% (sucre, pâte de cacao, beurre de cacao, graisses végétales (graisses végétales d'illipe, graisses végétales de mangue, graisses végétales de sal, graisses végétales de karité, graisses végétales de palme), arôme, émulsifiant (lécithine de soja), lactose et protéines de lait), farine de blé, sucre, oeufs, sirop de glucose-fructose, huile de colza, poudre à lever (carbonate acide d'ammonium, diphosphate disodique, carbonate acide de sodium), sel, émulsifiant (lécithine de soja).",
      reason: NESTED_OIL,
    },
  "fr graisses végétales (illipe, mangue, sal, karité et palme en proportions variables)": {
    foodbase:
      "graisses végétales (graisses végétales d'illipe, graisses végétales de mangue, graisses végétales de sal, graisses végétales de karité, graisses végétales de palme)",
    reason: NESTED_OIL,
  },
  "fr graisses végétales (illipe, mangue, palme)": {
    foodbase:
      "graisses végétales (graisses végétales d'illipe, graisses végétales de mangue, graisses végétales de palme)",
    reason: NESTED_OIL,
  },
  "fr graisses végétales (illipe)": {
    foodbase: "graisses végétales (graisses végétales d'illipe)",
    reason: NESTED_OIL,
  },
  "fr graisses végétales (illipe et sal)": {
    foodbase: "graisses végétales (graisses végétales d'illipe, graisses végétales de sal)",
    reason: NESTED_OIL,
  },
  "fr arôme naturel de citron-citron vert et d'autres agrumes": {
    foodbase: "arôme naturel de citron, arôme naturel de citron vert, arôme naturel d'agrumes",
    reason: AROMA_PARENT,
  },
  "fr arômes naturels de citron et de limette": {
    foodbase: "arômes naturels de citron, arômes naturels de limette",
    reason: AROMA_PARENT,
  },
  "fr arôme naturel de pomme avec d'autres arômes naturels": {
    foodbase: "arôme naturel de pomme, arômes naturels",
    reason: AVEC_AUTRES,
  },
  "fr huile végétale de tournesol et/ou colza": {
    foodbase: "huile végétale de tournesol, huile végétale de colza",
    reason: OF_FORM,
  },
  "fr Lait pasteurisé à 1,1% de Mat. Gr.": {
    foodbase: "Lait pasteurisé à 1.1% de matières grasses",
    reason: CASE_ABBREV,
  },
  "fr matière grasse végétale (palme) raffinée": {
    foodbase: "matière grasse végétale (matière grasse végétale de palme) raffinée",
    reason: NESTED_OIL,
  },
  "de Wasser, Kohlensäure, Farbstoff Zuckerkulör E 150d, Süßungsmittel Aspartam* und Acesulfam-K, Säuerungsmittel Phosphorsäure und Citronensäure, Säureregulator Natriumcitrat, Aroma Koffein, Aroma. enthält eine Phenylalaninquelle":
    {
      foodbase:
        "Wasser, Kohlensäure, Farbstoff : Zuckerkulör e150d, Süßungsmittel : Aspartam* und Acesulfam-K, Säuerungsmittel : Phosphorsäure und Citronensäure, Säureregulator Natriumcitrat, Aroma Koffein, Aroma. enthält eine Phenylalaninquelle",
      reason: ADDITIVE_CLASS_DE,
    },
  "fr graisse végétale bio (colza)": { foodbase: "graisse végétale bio (colza)", reason: QUALIFIED },
  "fr huile biologique (tournesol, olive)": { foodbase: "huile biologique (tournesol, olive)", reason: QUALIFIED },
  "fr huiles biologiques (tournesol, olive)": { foodbase: "huiles biologiques (tournesol, olive)", reason: QUALIFIED },
  "fr huiles (tournesol*, olive). * : bio": { foodbase: "huiles (tournesol Bio, olive).", reason: TYPE_QUALIFIED },
  "fr huiles* (tournesol*, olive vierge extra), sel marin. *issus de l'agriculture biologique.": {
    foodbase: "huiles Bio (tournesol Bio, olive vierge extra), sel marin.",
    reason: TYPE_QUALIFIED,
  },
  "en vegetable oil (coconut & rapeseed)": { foodbase: "vegetable oil (coconut and rapeseed)", reason: AMPERSAND },
  "de Emulgator (Sojalecithine, Mono - und Diglyceride von Speisefettsäuren, Sorbitantristearat)": {
    foodbase: "Emulgator (Sojalecithine, Mono- und Diglyceride von Speisefettsäuren, Sorbitantristearat)",
    reason: CASE_MONO,
  },
  "fr phosphates d'ammonium et de calcium, Phosphate d'aluminium et de sodium, diphosphate d'aluminium et de sodium": {
    foodbase:
      "phosphates d'ammonium, phosphates de calcium, Phosphate d'aluminium et de sodium, diphosphate d'aluminium et de sodium",
    reason: CASE_SALTS,
  },
  "fr vit. pp, vit c, vit. a et b6": {
    foodbase: "vitamines, vitamine pp, vitamine c, vitamine a, vitamine b6",
    reason: CASE_VIT,
  },
  "fr huiles végétales (palme, olive et tournesol)": {
    foodbase: "huiles végétales (huiles végétales de palme, huiles végétales d'olive, huiles végétales de tournesol)",
    reason: NESTED_OIL,
  },
  "fr huile végétale : colza": { foodbase: "huile végétale de colza", reason: COLON_FORM },
  "fr huile végétale : colza, fraises": { foodbase: "huile végétale de colza, fraises", reason: COLON_FORM },
  "fr huile végétale : colza et tomates": { foodbase: "huile végétale : colza et tomates", reason: COLON_FORM },
  "en vegetable oil: sunflower": { foodbase: "sunflower vegetable oil", reason: COLON_FORM },
  "en organic vegetable oils (sunflower, colza and rapeseed)": {
    foodbase: "organic vegetable oils (sunflower vegetable oils, colza vegetable oils, rapeseed vegetable oils)",
    reason: EN_QUALIFIER,
  },
  "en vegetable oils : sunflower, colza and strawberry": {
    foodbase: "sunflower vegetable oils, colza vegetable oils and strawberry",
    reason: COLON_FORM,
  },
  "fr Piments (vert, rouge, jaune)": {
    foodbase: "Piments (Piments de vert, Piments de rouge, Piments de jaune)",
    reason: COLOUR_TYPES,
  },
  "de pflanzliches Fett (Kokosnuss, Palmkern)": {
    foodbase: "pflanzliches Fett (Kokosnusspflanzliches fett, Palmkernpflanzliches fett)",
    reason: DE_COMPOUNDS,
  },
  "de pflanzliche Öle und Fette (Raps, Palm, Shea, Sonnenblumen)": {
    foodbase:
      "pflanzliche Öle und Fette (Rapspflanzliche öle und fette, Palmpflanzliche öle und fette, Sheapflanzliche öle und fette, Sonnenblumenpflanzliche öle und fette)",
    reason: DE_COMPOUNDS,
  },
  "fr arôme naturel de pomme avec d'autres âromes": { foodbase: "arôme naturel de pomme, âromes", reason: AVEC_AUTRES },
  "fr Carbonate de magnésium, fer élémentaire": {
    foodbase: "Carbonate de magnésium, Carbonate de fer élémentaire",
    reason: SALT_FER,
  },
  "fr huile végétale (colza)": { foodbase: "huile végétale (huile végétale de colza)", reason: NESTED_OIL },
  "en vegetable oil: palm": { foodbase: "palm vegetable oil", reason: COLON_FORM },
  "fr protéines végétales (soja, blé)": { foodbase: "protéines végétales (soja, blé)", reason: PROTEINS },
  "de pflanzliche Proteine (Erbsen, Sonnenblumen)": {
    foodbase: "pflanzliche Proteine (Erbsen, Sonnenblumen)",
    reason: DE_COMPOUNDS,
  },
  "fr Huile de palme, noisettes et tournesol": { foodbase: "Huile de palme, noisettes et tournesol", reason: OIL_LIST },
  "fr arôme naturel de citron, citron vert et d'autres agrumes": {
    foodbase: "arôme naturel de citron, arôme naturel de citron vert, arôme naturel d'agrumes",
    reason: AROMA_PARENT,
  },
  "fr Huiles végétales (colza, palme)": {
    foodbase: "Huiles végétales (Huiles végétales de colza, Huiles végétales de palme)",
    reason: NESTED_OIL,
  },
  "fr Huiles végétales 54.5% (colza, palme)": { foodbase: "Huiles végétales 54.5% (colza, palme)", reason: QUALIFIED },
  "fr Huiles végétales non hydrogénées (colza, palme)": {
    foodbase: "Huiles végétales non hydrogénées (colza, palme)",
    reason: QUALIFIED,
  },
  "fr Huiles végétales bio (olive, palme, tournesol)": {
    foodbase: "Huiles végétales bio (olive, palme, tournesol)",
    reason: QUALIFIED,
  },
  "fr émulsifiant e471, émulsifiant lécithine de soja, acidifiant acide citrique, acidifiant e330, emulsifiant lecithine de tournesol, émulsifiant lécithine":
    {
      foodbase:
        "émulsifiant : e471, émulsifiant lécithine de soja, acidifiant : acide citrique, acidifiant : e330, emulsifiant lecithine de tournesol, émulsifiant : lécithine",
      reason: ADDITIVE_CLASS_FR,
    },
  "fr Sucre, tomates en dès, sel": { foodbase: "Sucre, tomates en dès, sel", reason: MISSPELLING },
  "fr Dès de courgettes, TOMATES EN DÈS, dès d'aubergine,sel": {
    foodbase: "Dès de courgettes, TOMATES EN DÈS, dès d'aubergine,sel",
    reason: MISSPELLING,
  },
};
