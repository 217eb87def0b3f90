/**
 * More of OFF's `tests/unit/ingredients.t` cases (en), with their expected results, in the format and under
 * the rules of fixtures.ts: OFF's values, unchanged, from the expected file at the commit named per case.
 */
import type { IngredientsFixture } from "./fixtures.js";

export const INGREDIENTS_FIXTURES_EN: IngredientsFixture[] = [];
