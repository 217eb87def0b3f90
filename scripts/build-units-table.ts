/**
 * Writes `src/domain/taxonomy/units-table.ts` from OFF's units taxonomy (`data/taxonomies/units.txt`):
 * `node --import tsx scripts/build-units-table.ts` after updating that file. The domain reads no file,
 * so the unit names it parses quantities with are compiled in; `test/domain/taxonomy/units.test.ts`
 * checks that the table is what the shipped file gives.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { unitsTableSource } from "../src/domain/taxonomy/units.js";
import { dataPath, PACKAGE_ROOT } from "../src/paths.js";

const target = `${PACKAGE_ROOT}/src/domain/taxonomy/units-table.ts`;
writeFileSync(target, unitsTableSource(readFileSync(dataPath("taxonomies", "units.txt"), "utf8")));
execFileSync("npx", ["biome", "format", "--write", target], { stdio: "inherit" });
console.log(`wrote ${target}`);
