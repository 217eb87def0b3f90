/**
 * A stored document seen in the shape of an API version, without parsing the whole document: only the
 * top-level keys a schema conversion reads or writes are parsed and converted; every other value is
 * copied from the stored text as it is (product-document.ts). Reads of 12–45 KB documents thus pay for
 * the nutrition, images and tag keys, not for the ingredients, packagings and scores around them.
 */
import type { Product } from "../product.js";
import { type JsonText, joinJson, type ProductView } from "../product-document.js";
import { TAG_FIELDS } from "../tags.js";
import type { Taxonomies } from "../taxonomy/types.js";
import { convertForApiVersion } from "./convert.js";

const CONVERTED_KEYS = new Set([
  "_id",
  "id",
  "code",
  "schema_version",
  "product_type",
  "lang",
  "owner",
  "images",
  "nutrition",
  "nutriments",
  "nutriments_estimated",
  "no_nutrition_data",
  "nutrition_data",
  "nutrition_data_per",
  "nutrition_data_prepared",
  "nutrition_data_prepared_per",
  "serving_size",
  "serving_quantity",
  "serving_quantity_unit",
  "product_quantity_unit",
  "ingredients_hierarchy",
  "ingredients_tags",
  "tags_sources",
  ...["data", "grade", "score", "tags"].flatMap((sub) => [`ecoscore_${sub}`, `environmental_score_${sub}`]),
  ...Object.keys(TAG_FIELDS).flatMap((field) =>
    ["", "_tags", "_hierarchy", "_lc", "_old", "_debug", "_imported"].map((suffix) => field + suffix),
  ),
]);

/** True for the top-level keys a conversion may read or change. */
export function isConvertedKey(key: string): boolean {
  return CONVERTED_KEYS.has(key);
}

export class ConvertedProductView implements ProductView {
  private readonly converted: Product;
  private readonly replaced: ReadonlySet<string>;

  constructor(
    private readonly stored: ProductView,
    apiVersion: string,
    taxonomies: Taxonomies,
  ) {
    const partial: Product = {};
    for (const key of stored.keys()) if (CONVERTED_KEYS.has(key)) partial[key] = stored.value(key);
    this.replaced = new Set(Object.keys(partial));
    // What an upgrade creates is dated from the product's last change, so a read is the same every time.
    const lastModified = stored.value("last_modified_t");
    const now = typeof lastModified === "number" ? lastModified : 0;
    this.converted = convertForApiVersion(partial, apiVersion, { taxonomies, now });
  }

  json(key: string): JsonText | undefined {
    if (Object.hasOwn(this.converted, key)) {
      const value = this.converted[key];
      return value === undefined ? undefined : JSON.stringify(value);
    }
    return this.replaced.has(key) ? undefined : this.stored.json(key);
  }

  value(key: string): unknown {
    if (Object.hasOwn(this.converted, key)) return this.converted[key];
    return this.replaced.has(key) ? undefined : this.stored.value(key);
  }

  keys(): string[] {
    const keys = this.stored.keys().filter((key) => !this.replaced.has(key));
    for (const [key, value] of Object.entries(this.converted)) if (value !== undefined) keys.push(key);
    return keys.sort();
  }

  allJson(): JsonText {
    const pieces: JsonText[] = ["{"];
    for (const key of this.keys()) {
      pieces.push(`${pieces.length > 1 ? "," : ""}${JSON.stringify(key)}:`, this.json(key) as JsonText);
    }
    pieces.push("}");
    return joinJson(pieces);
  }
}
