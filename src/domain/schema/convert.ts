/**
 * Conversions between product schema versions, as OFF's `convert_product_schema` (SCHEMA.md §1): the
 * upgrade or downgrade functions are applied one version at a time, then `schema_version` is set.
 */
import { normalizeBarcode } from "../barcode.js";
import type { Product } from "../product.js";
import type { Taxonomies } from "../taxonomy/types.js";
import { flattenImages, splitImages } from "./images.js";
import { downgradeNutritionTo1002 } from "./nutrition-downgrade.js";
import { upgradeNutritionTo1003 } from "./nutrition-upgrade.js";
import {
  moveTagsToSources,
  removeIngredientsHierarchy,
  restoreIngredientsHierarchy,
  restoreTagHierarchies,
} from "./tags.js";
import { schemaVersionOf, schemaVersionOfApi, WRITTEN_SCHEMA_VERSION } from "./versions.js";

export interface SchemaContext {
  taxonomies: Taxonomies;
  /** Unix seconds stamped on what an upgrade creates (`last_updated_t` of new input sets and tag sources). */
  now: number;
  /**
   * OFF's producers platform (foodbase has none: its data is the public site's). There, an owned product's
   * upgraded nutrition gets its organisation's source (`get_source_for_site_and_org`).
   */
  producersPlatform?: boolean;
  orgId?: string;
}

/** OFF's `get_source_for_site_and_org`: the source of data a site or organisation enters. */
export function sourceForOrganisation(ctx: SchemaContext): string {
  if (ctx.producersPlatform !== true) return "packaging";
  const org = ctx.orgId ?? "";
  const database = /^database-(.+)$/.exec(org.replace(/^org-/, ""));
  if (database) return `database-${database[1]}`;
  const label = /^label-(.+)$/.exec(org.replace(/^org-/, ""));
  if (label) return `label-${label[1]}`;
  return org.startsWith("user-") ? "packaging" : "manufacturer";
}

type Step = (product: Product, ctx: SchemaContext) => void;

const ECOSCORE_SUBFIELDS = ["data", "grade", "score", "tags"];

/** 998 → 999: barcodes normalised with OFF's current rule (API.md §2). */
function normalizeCode(product: Product): void {
  if (typeof product.code !== "string") return;
  const code = normalizeBarcode(product.code) || product.code;
  product.code = code;
  if (product.id !== undefined) product.id = code;
  product._id = code;
}

/** 999 → 1000: `ecoscore_*` renamed `environmental_score_*` (existing new fields win). */
function renameEcoscoreFields(product: Product): void {
  for (const sub of ECOSCORE_SUBFIELDS) {
    const old = product[`ecoscore_${sub}`];
    if (old === undefined || old === null) continue;
    const current = product[`environmental_score_${sub}`];
    if (current === undefined || current === null) product[`environmental_score_${sub}`] = old;
    delete product[`ecoscore_${sub}`];
  }
}

/** 1000 → 999. */
function restoreEcoscoreFields(product: Product): void {
  for (const sub of ECOSCORE_SUBFIELDS) {
    const current = product[`environmental_score_${sub}`];
    if (current === undefined || current === null) continue;
    product[`ecoscore_${sub}`] = current;
    delete product[`environmental_score_${sub}`];
  }
}

const UPGRADES: Readonly<Record<number, Step>> = {
  998: normalizeCode,
  999: renameEcoscoreFields,
  1000: removeIngredientsHierarchy,
  1001: splitImages,
  1002: (product, ctx) =>
    upgradeNutritionTo1003(product, {
      nutrients: ctx.taxonomies.nutrients,
      now: ctx.now,
      source: sourceForOrganisation(ctx),
    }),
  1003: (product, ctx) => moveTagsToSources(product, ctx.taxonomies, ctx.now),
};

const DOWNGRADES: Readonly<Record<number, Step>> = {
  1000: restoreEcoscoreFields,
  1001: restoreIngredientsHierarchy,
  1002: flattenImages,
  1003: (product, ctx) => downgradeNutritionTo1002(product, ctx.taxonomies.nutrients),
  1004: restoreTagHierarchies,
};

function convertInPlace(product: Product, from: number, to: number, ctx: SchemaContext): void {
  for (let v = from; v < to; v++) UPGRADES[v]?.(product, ctx);
  for (let v = from; v > to; v--) DOWNGRADES[v]?.(product, ctx);
  product.schema_version = to;
}

/** A copy of `product` converted to schema `to` (the input is not modified). */
export function convertProductSchema(product: Product, to: number, ctx: SchemaContext): Product {
  const copy = structuredClone(product);
  convertInPlace(copy, schemaVersionOf(copy), to, ctx);
  return copy;
}

/**
 * A stored document in the shape of an API version (SCHEMA.md decision 2). Older documents go through
 * the 1003 nutrition model first, so classic clients get `nutriments` rebuilt from the aggregated set as
 * OFF serves them; the 1004 tag step is taken only when the answer is at 1004, so classic answers keep
 * the tag texts (`categories`, `labels`) that OFF's round trip through 1004 would drop.
 */
export function convertForApiVersion(product: Product, apiVersion: string, ctx: SchemaContext): Product {
  const copy = structuredClone(product);
  convertTopLevelForApiVersion(copy, apiVersion, ctx);
  return copy;
}

/**
 * `convertForApiVersion` without the deep copy, for a product object made for the purpose (the read path's
 * freshly parsed keys): the steps replace the top-level values they change and never modify a nested value
 * in place, except what they created themselves.
 */
export function convertTopLevelForApiVersion(product: Product, apiVersion: string, ctx: SchemaContext): void {
  const target = schemaVersionOfApi(apiVersion);
  const from = schemaVersionOf(product);
  if (from < WRITTEN_SCHEMA_VERSION) {
    convertInPlace(product, from, WRITTEN_SCHEMA_VERSION, ctx);
    convertInPlace(product, WRITTEN_SCHEMA_VERSION, target, ctx);
  } else convertInPlace(product, from, target, ctx);
}
