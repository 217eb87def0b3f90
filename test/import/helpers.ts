/** Importing and exporting in the test process (no worker threads: vitest runs TypeScript sources). */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll } from "vitest";
import { type ExportFormat, exportProducts } from "../../src/export/exporter.js";
import { type ImportOptions, type ImportSummary, importProducts } from "../../src/import/importer.js";
import type { RejectedLine } from "../../src/import/prepare.js";
import { openInput } from "../../src/import/source.js";
import type { ProductFilter, Store } from "../../src/store/types.js";

export const FIXTURES = join(import.meta.dirname, "../fixtures");
export const SAMPLE = join(FIXTURES, "off-sample.jsonl");
export const DIRTY_SAMPLE = join(FIXTURES, "off-sample-dirty.jsonl");

export async function importFile(
  store: Store,
  path: string,
  options: Partial<ImportOptions> = {},
): Promise<{ summary: ImportSummary; rejects: RejectedLine[] }> {
  const rejects: RejectedLine[] = [];
  const summary = await importProducts({
    store,
    input: await openInput(path),
    workers: 0,
    onReject: (r) => rejects.push(r),
    ...options,
  });
  return { summary, rejects };
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file with this text in a fresh temporary folder, removed when the test file ends. */
export function tempFile(name: string, content: string | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-import-test-"));
  tempDirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

export async function exportText(
  store: Store,
  format: ExportFormat = "jsonl",
  filter?: ProductFilter,
): Promise<string> {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  await exportProducts({ store, out, format, filter });
  return chunks.join("");
}
