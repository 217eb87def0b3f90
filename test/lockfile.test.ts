/** `npm ci` (CI's install) needs an entry for every optional package; see scripts/lockfile-placeholders.mjs. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript script without types
import { missingOptionalEntries } from "../scripts/lockfile-placeholders.mjs";

describe("package-lock.json", () => {
  it("has an entry for every optional dependency (else run node scripts/lockfile-placeholders.mjs)", () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, "../package-lock.json"), "utf8"));
    expect([...(missingOptionalEntries(lock) as Map<string, unknown>).keys()]).toEqual([]);
  });
});
