/** `foodbase export`: the current products, streamed out as JSONL (the dump's format) or CSV. */
import type { Writable } from "node:stream";
import type { Product } from "../domain/product.js";
import type { Taxonomies } from "../domain/taxonomy/types.js";
import { loadTaxonomies } from "../storage/taxonomy-files.js";
import type { ProductFilter, Store } from "../store/types.js";
import { csvHeader, csvRow } from "./csv.js";
import { writeText } from "./output.js";

export type ExportFormat = "jsonl" | "csv";

export interface ExportOptions {
  store: Store;
  out: Writable;
  format: ExportFormat;
  filter?: ProductFilter;
  /** For CSV nutrient columns; loaded when not given. */
  taxonomies?: Taxonomies;
}

/** Writes are grouped into pieces of about this size: fewer calls, same memory bound. */
const PIECE_CHARS = 1 << 20;

/** Streams the products; returns how many were written. */
export async function exportProducts(options: ExportOptions): Promise<number> {
  const { out, format } = options;
  let piece = format === "csv" ? csvHeader() : "";
  let count = 0;
  const taxonomies = format === "csv" ? (options.taxonomies ?? loadTaxonomies()) : undefined;
  // JSONL is the stored text itself: nothing parsed, nothing reserialised, so a round trip is exact.
  for await (const json of options.store.iterateProductsJson(options.filter)) {
    piece += format === "csv" ? csvRow(JSON.parse(json) as Product, taxonomies as Taxonomies) : `${json}\n`;
    count++;
    if (piece.length >= PIECE_CHARS) {
      await writeText(out, piece);
      piece = "";
    }
  }
  if (piece !== "") await writeText(out, piece);
  return count;
}
