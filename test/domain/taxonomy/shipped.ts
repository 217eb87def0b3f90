/** The shipped taxonomies, loaded once per test file (from the compact form when it is cached). */
import { type LoadedTaxonomies } from "../../../src/domain/taxonomy/index.js";
import { loadTaxonomies } from "../../../src/storage/taxonomy-files.js";

export const shipped: LoadedTaxonomies = loadTaxonomies();
