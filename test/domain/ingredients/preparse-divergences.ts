/**
 * The cases of OFF's ingredients_preparsing.t (oracle/preparse.ts) that foodbase does not match
 * (test/domain/ingredients/preparse.test.ts, exact comparison as OFF's compare_to_expected_results): foodbase's
 * preparsed text, asserted so that a change is noticed, and why it differs.
 */
import type { Divergence } from "./helpers.js";

const AMPERSAND =
  'OFF\'s current preparse develops "vegetable oil (coconut & rapeseed)"; OFF\'s ingredients_tags.t (@f9ad4041, oracle/ingredients-tags.ts) expects en:coconut and en:rapeseed for the same text, the enumeration not developed; foodbase follows the tags test: "&" becomes the and-word after the category enumerations';
const AVEC_AUTRES =
  'OFF\'s current preparse turns "avec d\'autres arômes naturels" into "et arômes naturels"; foodbase writes ", arômes naturels", as OFF\'s ingredients_tags.t (@f9ad4041, test/domain/ingredients/oracle/ingredients-tags.ts) reads "arôme naturel de pomme avec d\'autres arômes naturels" as two ingredients (en:natural-apple-flavouring, en:natural-flavouring), which foodbase\'s parser gets from the comma only (with "et" it keeps one unknown ingredient)';
const ADDITIVE_CLASS_FR =
  'OFF separates the class from "lécithine de soja" and "lecithine de tournesol", names of E322 in its current additives taxonomy; the shipped 2022 additives taxonomy does not have them, and foodbase separates a class only before an additive of that taxonomy (commit 515d5d4)';
const CASE_SALTS =
  'OFF develops "Phosphate d\'aluminium et de sodium" and puts the compound back together in lower case ("phosphate d\'aluminium et de sodium"); foodbase leaves the phrase as written, the ingredients taxonomy knowing it (exact comparison)';
const ADDITIVE_CLASS_DE =
  '"Säureregulator Natriumcitrat": OFF separates the class because its current additives taxonomy knows "Natriumcitrat"; the shipped 2022 additives taxonomy has only "Natriumcitraten" and "natriumcitrate", so foodbase leaves it (commit 515d5d4)';
const LEGENDS_FIRST =
  'OFF replaces the symbol legends ("* : bio") before developing the category + type enumerations, so "tournesol*" is read as "tournesol Bio", a type with a qualifier ("huile de tournesol Bio", "huile de olive vierge extra"); foodbase replaces the legends last (INGREDIENTS.md §3.2 step 13) and develops only items that are exactly a type (232–234.json, whose "colza*" has no legend, are left as written by both)';
const CASE_VIT =
  'OFF capitalises some expanded vitamin abbreviations ("Vitamine c, Vitamine a") and not others ("vitamine pp"); foodbase writes them all in lower case (exact comparison)';

export const PREPARSE_DIVERGENCES: Record<string, Divergence<string>> = {
  "fr arôme naturel de pomme avec d'autres arômes naturels": {
    foodbase: "arôme naturel de pomme, arômes naturels",
    reason: AVEC_AUTRES,
  },
  "de Wasser, Kohlensäure, Farbstoff Zuckerkulör E 150d, Süßungsmittel Aspartam* und Acesulfam-K, Säuerungsmittel Phosphorsäure und Citronensäure, Säureregulator Natriumcitrat, Aroma Koffein, Aroma. enthält eine Phenylalaninquelle":
    {
      foodbase:
        "Wasser, Kohlensäure, Farbstoff : Zuckerkulör e150d, Süßungsmittel : Aspartam* und Acesulfam-K, Säuerungsmittel : Phosphorsäure und Citronensäure, Säureregulator Natriumcitrat, Aroma Koffein, Aroma. enthält eine Phenylalaninquelle",
      reason: ADDITIVE_CLASS_DE,
    },
  "fr huiles (tournesol*, olive). * : bio": { foodbase: "huiles (tournesol Bio, olive).", reason: LEGENDS_FIRST },
  "fr huiles* (tournesol*, olive vierge extra), sel marin. *issus de l'agriculture biologique.": {
    foodbase: "huiles Bio (tournesol Bio, olive vierge extra), sel marin.",
    reason: LEGENDS_FIRST,
  },
  "en vegetable oil (coconut & rapeseed)": { foodbase: "vegetable oil (coconut and rapeseed)", reason: AMPERSAND },
  "fr phosphates d'ammonium et de calcium, Phosphate d'aluminium et de sodium, diphosphate d'aluminium et de sodium": {
    foodbase:
      "phosphates d'ammonium, phosphates de calcium, Phosphate d'aluminium et de sodium, diphosphate d'aluminium et de sodium",
    reason: CASE_SALTS,
  },
  "fr vit. pp, vit c, vit. a et b6": {
    foodbase: "vitamines, vitamine pp, vitamine c, vitamine a, vitamine b6",
    reason: CASE_VIT,
  },
  "fr arôme naturel de pomme avec d'autres âromes": { foodbase: "arôme naturel de pomme, âromes", reason: AVEC_AUTRES },
  "fr émulsifiant e471, émulsifiant lécithine de soja, acidifiant acide citrique, acidifiant e330, emulsifiant lecithine de tournesol, émulsifiant lécithine":
    {
      foodbase:
        "émulsifiant : e471, émulsifiant lécithine de soja, acidifiant : acide citrique, acidifiant : e330, emulsifiant lecithine de tournesol, émulsifiant : lécithine",
      reason: ADDITIVE_CLASS_FR,
    },
};
