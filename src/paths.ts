/** Locations inside the installed package, valid from `src/` (tests) and from `dist/` (built). */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: the folder that holds package.json, one level above src/ or dist/. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export function dataPath(...parts: string[]): string {
  return join(PACKAGE_ROOT, "data", ...parts);
}
