/**
 * CSV export in the layout of OFF's own CSV export: tab-separated, one header row, one row per
 * product, tags joined with commas, nutrients per 100 g under `<nid>_100g`. Tabs and line breaks
 * inside values become spaces, so that a row is always one line.
 */
import type { Product } from "../domain/product.js";
import { nutrimentsForComputation } from "../domain/schema/computation.js";
import type { Taxonomies } from "../domain/taxonomy/types.js";

export const CSV_COLUMNS = [
  "code",
  "product_name",
  "brands",
  "categories_tags",
  "countries_tags",
  "nutrition_grades",
  "nutriscore_score",
  "energy_100g",
  "fat_100g",
  "saturated-fat_100g",
  "sugars_100g",
  "salt_100g",
  "proteins_100g",
  "fiber_100g",
  "last_modified_t",
  "created_t",
  "creator",
  "last_modified_by",
  "lang",
  "generic_name",
  "quantity",
  "product_quantity",
  "serving_size",
  "serving_quantity",
  "brands_tags",
  "categories",
  "labels",
  "labels_tags",
  "countries",
  "origins",
  "stores",
  "packaging",
  "ingredients_text",
  "allergens",
  "traces",
  "nutriscore_grade",
  "nova_group",
  "popularity_key",
  "unique_scans_n",
  "completeness",
  "energy-kj_100g",
  "energy-kcal_100g",
  "carbohydrates_100g",
  "sodium_100g",
] as const;

const NUTRIENT_COLUMN = /_100g$/;
const SEPARATORS = /[\t\r\n]+/g;

function cell(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value.replace(SEPARATORS, " ");
  if (Array.isArray(value)) return value.map(cell).join(",");
  if (typeof value === "object") return JSON.stringify(value).replace(SEPARATORS, " ");
  return String(value);
}

/** The product's name in its main language when `product_name` itself is missing. */
function productName(product: Product): unknown {
  if (product.product_name !== undefined && product.product_name !== "") return product.product_name;
  return typeof product.lang === "string" ? product[`product_name_${product.lang}`] : undefined;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join("\t")}\n`;
}

/** `taxonomies`: nutrient columns are read through the nutrition adapter (aggregated set, any layout). */
export function csvRow(product: Product, taxonomies: Taxonomies): string {
  const nutriments = nutrimentsForComputation(product, taxonomies);
  const cells = CSV_COLUMNS.map((column) => {
    if (column === "product_name") return cell(productName(product));
    if (NUTRIENT_COLUMN.test(column)) return cell(nutriments[column]);
    return cell(product[column]);
  });
  return `${cells.join("\t")}\n`;
}
