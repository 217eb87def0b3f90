/**
 * Builds the compact form of the shipped taxonomies ahead of the first server start (for example as
 * part of the build), and prints how long parsing and loading take.
 *
 *   node dist/scripts/build-taxonomy-cache.js (run by npm run build)
 */
import { loadTaxonomiesWithReport } from "../storage/taxonomy-files.js";

const started = performance.now();
const report = loadTaxonomiesWithReport();
const elapsed = Math.round(performance.now() - started);
// The ingredient-analysis taxonomies load on first use; touching one builds their compact form now.
const ingredientsStarted = performance.now();
const ingredientCount = report.taxonomies.ingredients.size;
const ingredientsElapsed = Math.round(performance.now() - ingredientsStarted);

const { categories, labels, countries, nutrients } = report.taxonomies;
console.log(
  `taxonomies ${report.source} in ${elapsed} ms: ` +
    `${categories.size} categories, ${labels.size} labels, ${countries.size} countries, ${nutrients.size} nutrients`,
);
console.log(`ingredient-analysis taxonomies in ${ingredientsElapsed} ms: ${ingredientCount} ingredients`);
if (report.cacheFile === undefined || !report.cacheWritten) {
  console.log(
    report.source === "cache" ? `up to date: ${report.cacheFile}` : "compact form not written (read-only folder?)",
  );
} else {
  console.log(`wrote ${report.cacheFile}`);
}
for (const warning of report.warnings) console.log(`warning: ${warning}`);
