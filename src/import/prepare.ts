/**
 * One line of a dump → a product ready to store, or the reason it is rejected. Pure and synchronous:
 * it runs in worker threads (or inline), everything the store then does is a lookup and a write.
 *   parse → check types → normalise the barcode → (enrich) → canonical JSON
 */
import type { NutriScoreVersion } from "../config.js";
import { normalizeBarcode } from "../domain/barcode.js";
import { type EnrichmentContext, enrichProduct } from "../domain/enrich.js";
import type { Product } from "../domain/product.js";
import { changedFields } from "../domain/product-edit.js";
import { loadTaxonomies } from "../domain/taxonomy/index.js";
import type { ProductLoad } from "../store/types.js";
import { splitAroundRev } from "./canonical-json.js";
import { wrongTypeReason } from "./validate.js";

/** A product ready for `Store.loadProducts`, with the line it came from. */
export interface PreparedProduct extends ProductLoad {
  /** 1-based line number in the input. */
  line: number;
}

export interface RejectedLine {
  line: number;
  reason: string;
  /** The line as read (the rejects file keeps it so that it can be fixed and imported again). */
  text: string;
}

export interface PrepareOptions {
  /** Run foodbase's enrichment pipeline instead of keeping the dump's computed fields. */
  enrich?: EnrichmentContext;
}

/** What a worker thread needs to prepare lines (plain data; it loads the taxonomies itself). */
export interface PrepareWorkerData {
  recompute: boolean;
  nutriscoreHeadlineVersion: NutriScoreVersion;
}

export function prepareOptionsOf(data: PrepareWorkerData): PrepareOptions {
  if (!data.recompute) return {};
  return { enrich: { taxonomies: loadTaxonomies(), nutriscoreHeadlineVersion: data.nutriscoreHeadlineVersion } };
}

const MAX_REASON_LENGTH = 160;

function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * `changed_fields` of a new product depend only on which keys it has (everything is new), so they are
 * worked out on a copy whose values are placeholders: the same rule as writes, without serialising
 * every value to compare it with nothing.
 */
function newProductChangedFields(product: Product): string {
  const keysOnly: Product = {};
  for (const key of Object.keys(product)) {
    const value = product[key];
    if (key === "nutriments" && value !== null && typeof value === "object" && !Array.isArray(value)) {
      const nutrimentKeys: Record<string, number> = {};
      for (const nutrimentKey of Object.keys(value)) nutrimentKeys[nutrimentKey] = 0;
      keysOnly[key] = nutrimentKeys;
    } else {
      keysOnly[key] = value === undefined ? undefined : 0;
    }
  }
  return JSON.stringify(changedFields(undefined, keysOnly));
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10) return false;
  }
  return true;
}

/** The product of one line; undefined for a blank line (ignored, not rejected). */
export function prepareLine(
  text: string,
  line: number,
  options: PrepareOptions = {},
): PreparedProduct | RejectedLine | undefined {
  if (isBlank(text)) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const reason = `not JSON (${message.length > MAX_REASON_LENGTH ? `${message.slice(0, MAX_REASON_LENGTH)}…` : message})`;
    return { line, reason, text };
  }
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    return { line, reason: `not a JSON object (${describeJsonType(record)})`, text };
  }
  let product = record as Product;
  if (product.code === undefined || product.code === "") return { line, reason: "no code", text };
  const wrongType = wrongTypeReason(product);
  if (wrongType !== undefined) return { line, reason: wrongType, text };
  const received = product.code as string;
  const code = normalizeBarcode(received);
  if (code === "") {
    const shown = received.length > 60 ? `${received.slice(0, 60)}…` : received;
    return { line, reason: `invalid code ${JSON.stringify(shown)}`, text };
  }
  // Stored under the normalised code (API.md §2): `code`, and `_id`/`id` when the record has them.
  product.code = code;
  if (product._id !== undefined) product._id = code;
  if (product.id !== undefined) product.id = code;
  const rev = product.rev;
  const minRev = typeof rev === "number" && Number.isSafeInteger(rev) && rev > 0 ? rev : 1;
  if (options.enrich !== undefined) product = enrichProduct(product, options.enrich);
  return {
    line,
    code,
    minRev,
    newProductChangedFields: newProductChangedFields(product),
    ...splitAroundRev(product),
  };
}

export function isRejected(prepared: PreparedProduct | RejectedLine): prepared is RejectedLine {
  return (prepared as RejectedLine).reason !== undefined;
}
