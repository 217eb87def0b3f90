/**
 * The preparse pairs of OFF's ingredients_parsing.t that foodbase does not match (test/domain/ingredients/preparse.test.ts):
 * foodbase's preparsed text, asserted so that a change is noticed, and why it differs.
 */
import type { Divergence } from "./helpers.js";

const FLAT =
  'INGREDIENTS.md §3.2 step 10: foodbase keeps the category as the parent of the developed types ("huile (huile de palme, huile de colza)"), as OFF\'s later normalize_enumeration does (ingredients_preparsing.t at 0c41bd8c asserts "huile (huile de colza, huile de tournesol, huile d\'olive)"; its 6.json and 8.json at 7c3c245c expect "Huile (huile de palme)" and "Huile (huile de palme, huile de colza)"); this older generation of the test expects the flat list "huile de palme, huile de colza". The later generation\'s other JSON versions disagree with each other (see oracle/preparse.ts), so the pairs are not re-ported';
const ENUM =
  'a category with a qualifier ("huile biologique (…)", "graisse végétale bio (colza)"), which foodbase\'s category + type tables (data/ingredients/<lc>.json) do not take; the text is left as written';

export const PREPARSE_DIVERGENCES: Record<string, Divergence<string>> = {
  "fr Huile (palme)": { foodbase: "Huile (Huile de palme)", reason: FLAT },
  "fr Huile (palme, colza)": { foodbase: "Huile (Huile de palme, Huile de colza)", reason: FLAT },
  "fr Huile (palme et colza)": { foodbase: "Huile (Huile de palme, Huile de colza)", reason: FLAT },
  "fr Marmelade d'oranges 41% (sirop de glucose-fructose, sucre, pulpe d'orange 4.5%, jus d'orange concentré 1.4% (équivalent jus d'orange 7.8%), pulpe d'orange concentrée 0.6% (équivalent pulpe d'orange 2.6%), gélifiant (pectines), acidifiant (acide citrique), correcteurs d'acidité (citrate de calcium, citrate de sodium), arôme naturel d'orange, épaississant (gomme xanthane)), chocolat 24.9% (sucre, pâte de cacao, beurre de cacao, graisses végétales (illipe, mangue, sal, karité et palme en proportions variables), arôme, émulsifiant (lécithine de soja), lactose et protéines de lait), farine de blé, sucre, oeufs, sirop de glucose-fructose, huile de colza, poudre à lever (carbonate acide d'ammonium, diphosphate disodique, carbonate acide de sodium), sel, émulsifiant (lécithine de soja).":
    {
      foodbase:
        "Marmelade d'oranges 41% (sirop de glucose-fructose, sucre, pulpe d'orange 4.5%, jus d'orange concentré 1.4% (équivalent jus d'orange 7.8%), pulpe d'orange concentrée 0.6% (équivalent pulpe d'orange 2.6%), gélifiant (pectines), acidifiant (acide citrique), correcteurs d'acidité (citrate de calcium, citrate de sodium), arôme naturel d'orange, épaississant (gomme xanthane)), chocolat 24.9% (sucre, pâte de cacao, beurre de cacao, graisses végétales (graisses végétales d'illipe, graisses végétales de mangue, graisses végétales de sal, graisses végétales de karité, graisses végétales de palme), arôme, émulsifiant (lécithine de soja), lactose et protéines de lait), farine de blé, sucre, oeufs, sirop de glucose-fructose, huile de colza, poudre à lever (carbonate acide d'ammonium, diphosphate disodique, carbonate acide de sodium), sel, émulsifiant (lécithine de soja).",
      reason: FLAT,
    },
  "fr graisses végétales (illipe, mangue, sal, karité et palme en proportions variables)": {
    foodbase:
      "graisses végétales (graisses végétales d'illipe, graisses végétales de mangue, graisses végétales de sal, graisses végétales de karité, graisses végétales de palme)",
    reason: FLAT,
  },
  "fr graisses végétales (illipe, mangue, palme)": {
    foodbase:
      "graisses végétales (graisses végétales d'illipe, graisses végétales de mangue, graisses végétales de palme)",
    reason: FLAT,
  },
  "fr graisses végétales (illipe)": { foodbase: "graisses végétales (graisses végétales d'illipe)", reason: FLAT },
  "fr graisses végétales (illipe et sal)": {
    foodbase: "graisses végétales (graisses végétales d'illipe, graisses végétales de sal)",
    reason: FLAT,
  },
  "fr matière grasse végétale (palme) raffinée": {
    foodbase: "matière grasse végétale (matière grasse végétale de palme) raffinée",
    reason: FLAT,
  },
  "fr graisse végétale bio (colza)": { foodbase: "graisse végétale bio (colza)", reason: ENUM },
  "fr huile biologique (tournesol, olive)": { foodbase: "huile biologique (tournesol, olive)", reason: ENUM },
  "fr huiles biologiques (tournesol, olive)": { foodbase: "huiles biologiques (tournesol, olive)", reason: ENUM },
  "fr huiles (tournesol*, olive). * : bio": { foodbase: "huiles (tournesol Bio, olive).", reason: FLAT },
  "fr huiles* (tournesol*, olive vierge extra), sel marin. *issus de l'agriculture biologique.": {
    foodbase: "huiles Bio (tournesol Bio, olive vierge extra), sel marin.",
    reason: FLAT,
  },
  "fr huiles végétales (palme, olive et tournesol)": {
    foodbase: "huiles végétales (huiles végétales de palme, huiles végétales d'olive, huiles végétales de tournesol)",
    reason: FLAT,
  },
  "en vegetable oil (palm)": { foodbase: "vegetable oil (palm vegetable oil)", reason: FLAT },
  "en vegetable oils (palm, olive)": {
    foodbase: "vegetable oils (palm vegetable oils, olive vegetable oils)",
    reason: FLAT,
  },
  "en organic vegetable oils (sunflower, colza and rapeseed)": {
    foodbase: "organic vegetable oils (sunflower vegetable oils, colza vegetable oils, rapeseed vegetable oils)",
    reason: FLAT,
  },
};
