/** The shipped taxonomies, loaded once per test file (from the compact form when it is cached). */
import { type LoadedTaxonomies, loadTaxonomies } from "../../../src/domain/taxonomy/index.js";

export const shipped: LoadedTaxonomies = loadTaxonomies();
