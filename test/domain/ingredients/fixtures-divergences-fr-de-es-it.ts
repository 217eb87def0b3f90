/** The fixtures of oracle/fixtures-fr-de-es-it.ts that foodbase does not match, as in fixtures-divergences.ts. */
import type { Divergence } from "./helpers.js";

export const FIXTURE_DIVERGENCES_FR_DE_ES_IT: Record<string, Divergence<Record<string, unknown>>> = {};
