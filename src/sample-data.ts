/** Sample products for a new database (`npm start`), so README's examples answer at once. */
import { readFileSync } from "node:fs";
import type { NutriScoreVersion } from "./config.js";
import { normalizeBarcode } from "./domain/barcode.js";
import { applyProductEdit, type EditOutcome } from "./domain/product-edit.js";
import type { Taxonomies } from "./domain/taxonomy/types.js";
import { sortKeysDeep } from "./http/json.js";
import { importProducts } from "./import/importer.js";
import { openInput } from "./import/source.js";
import { dataPath } from "./paths.js";
import type { Store } from "./store/types.js";

interface SampleFile {
  user_id: string;
  writes: Array<Record<string, string>>;
}

/** Writes the sample products when the database has no product yet; returns how many were written. */
export async function loadSampleProducts(
  store: Store,
  taxonomies: Taxonomies,
  nutriscoreHeadlineVersion: NutriScoreVersion,
): Promise<number> {
  if ((await store.countProducts()) > 0) return 0;
  const sample = JSON.parse(readFileSync(dataPath("sample", "products.json"), "utf8")) as SampleFile;
  const now = Math.floor(Date.now() / 1000);
  for (const params of sample.writes) {
    const code = normalizeBarcode(params.code ?? "");
    const info = {
      userId: sample.user_id,
      t: now,
      comment: "sample data",
      appName: "foodbase",
      appVersion: "",
      appUuid: "",
      userAgent: "",
    };
    await store.writeProduct<EditOutcome>(code, info, (current) => {
      const edit = applyProductEdit(
        current,
        { code, params, userId: sample.user_id, now },
        { taxonomies, nutriscoreHeadlineVersion },
      );
      if (!edit.ok) throw new Error(`sample product ${code}: ${edit.message}`);
      return {
        product: sortKeysDeep(edit.product) as Record<string, unknown>,
        changedFields: edit.changedFields,
        result: edit,
      };
    });
  }
  // Two real OFF products stored as OFF's dump has them (classic nutriments, schema 1002), beside the
  // written ones (schema 1003): the API serves both layouts (SCHEMA.md decision 1).
  const imported = await importProducts({
    store,
    input: await openInput(dataPath("sample", "off-products.jsonl")),
    workers: 0,
    now,
  });
  return sample.writes.length + imported.imported;
}
