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
import { schemaReason } from "../domain/schema/validate.js";
import { productIndexEntry } from "../domain/search/index-entry.js";
import type { Taxonomies } from "../domain/taxonomy/types.js";
import { loadTaxonomies } from "../storage/taxonomy-files.js";
import { encodeChangedFields, encodeDocument } from "../store/sqlite/document-codec.js";
import type { DocumentEncoding, ProductLoad } from "../store/types.js";
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
  /** For the search index entry of each product (category and label names are searched). */
  taxonomies: Taxonomies;
  /** Run foodbase's enrichment pipeline instead of keeping the dump's computed fields. */
  enrich?: EnrichmentContext;
  /** The store's encoding of documents, to prepare new products' revisions in (ProductLoad.encodedNew). */
  documentEncoding?: DocumentEncoding;
}

/** What a worker thread needs to prepare lines (plain data; it loads the taxonomies itself). */
export interface PrepareWorkerData {
  recompute: boolean;
  nutriscoreHeadlineVersion: NutriScoreVersion;
  documentEncoding?: DocumentEncoding;
}

export function prepareOptionsOf(data: PrepareWorkerData): PrepareOptions {
  const taxonomies = loadTaxonomies();
  const encoding = data.documentEncoding === undefined ? {} : { documentEncoding: data.documentEncoding };
  if (!data.recompute) return { taxonomies, ...encoding };
  return {
    taxonomies,
    enrich: { taxonomies, nutriscoreHeadlineVersion: data.nutriscoreHeadlineVersion },
    ...encoding,
  };
}

const MAX_REASON_LENGTH = 160;

/**
 * A dump's `rev` above this is not carried over (OFF's largest are in the thousands): the stored number
 * must stay below MAX_REVISION with room for a billion edits after it.
 */
const MAX_DUMP_REVISION = 1_000_000_000;

function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * `changed_fields` of a new product: every key it has (everything is new), as the write path names
 * them. `changedFields` decides each key on its own, so its answer for one key (and for one nutriment
 * key) is remembered and a product's list is the sorted union of its keys' answers.
 */
const fieldsOfKey = new Map<string, readonly string[]>();
const fieldsOfNutrimentKey = new Map<string, readonly string[]>();
const MAX_REMEMBERED_KEYS = 100_000;

function remembered(cache: Map<string, readonly string[]>, key: string, compute: () => string[]): readonly string[] {
  let fields = cache.get(key);
  if (fields === undefined) {
    fields = compute();
    if (cache.size < MAX_REMEMBERED_KEYS) cache.set(key, fields);
  }
  return fields;
}

function isSorted(items: readonly string[]): boolean {
  for (let i = 1; i < items.length; i++) if ((items[i - 1] as string) > (items[i] as string)) return false;
  return true;
}

/** `sortedKeys`: the product's keys with a value, sorted (as its canonical JSON lists them). */
function newProductChangedFields(product: Product, sortedKeys: readonly string[]): string {
  const fields: string[] = [];
  for (const key of sortedKeys) {
    if (key === "nutriments") {
      const nutriments = product.nutriments;
      if (nutriments === null || typeof nutriments !== "object" || Array.isArray(nutriments)) continue;
      const nutrients = new Set<string>();
      for (const nutrimentKey of Object.keys(nutriments)) {
        const named = remembered(fieldsOfNutrimentKey, nutrimentKey, () =>
          changedFields(undefined, { nutriments: { [nutrimentKey]: 0 } }),
        );
        for (const field of named) nutrients.add(field);
      }
      fields.push(...[...nutrients].sort());
    } else {
      fields.push(...remembered(fieldsOfKey, key, () => changedFields(undefined, Object.fromEntries([[key, 0]]))));
    }
  }
  // Nearly always sorted already; a key such as `nutriments-x` would sort among `nutriments.<nid>`.
  return JSON.stringify(isSorted(fields) ? fields : fields.sort());
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
  options: PrepareOptions,
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
  const wrongType = wrongTypeReason(product) ?? schemaReason(product);
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
  const minRev = typeof rev === "number" && Number.isSafeInteger(rev) && rev > 0 && rev <= MAX_DUMP_REVISION ? rev : 1;
  if (options.enrich !== undefined) product = enrichProduct(product, options.enrich);
  const { head, tail, keys } = splitAroundRev(product);
  const changedOfNew = newProductChangedFields(product, keys);
  const prepared: PreparedProduct = {
    line,
    code,
    minRev,
    newProductChangedFields: changedOfNew,
    head,
    tail,
    index: productIndexEntry(product, options.taxonomies),
  };
  if (options.documentEncoding === "sqlite-zstd-1") {
    const newRev = Math.max(1, minRev);
    prepared.encodedNew = {
      rev: newRev,
      doc: encodeDocument(`${head}"rev":${newRev}${tail}`),
      changedFields: encodeChangedFields(changedOfNew),
    };
  }
  return prepared;
}

export function isRejected(prepared: PreparedProduct | RejectedLine): prepared is RejectedLine {
  return (prepared as RejectedLine).reason !== undefined;
}
