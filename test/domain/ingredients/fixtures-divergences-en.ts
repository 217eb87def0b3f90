/** The fixtures of oracle/fixtures-en.ts that foodbase does not match, as in fixtures-divergences.ts. */
import type { Divergence } from "./helpers.js";

export const FIXTURE_DIVERGENCES_EN: Record<string, Divergence<Record<string, unknown>>> = {};
