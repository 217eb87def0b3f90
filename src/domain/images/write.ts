/**
 * One image operation as a product write (IMAGES.md §2.6): the stored product upgraded to the written
 * schema (or a new one), the change, the photo states, then the bookkeeping and enrichment every write
 * gets (product-edit.ts).
 */
import type { EnrichmentContext } from "../enrich.js";
import type { Product } from "../product.js";
import { editableProduct, finishEdit } from "../product-edit.js";
import { applyPhotoStates } from "./edit.js";

export interface ImageEditInput {
  code: string;
  userId: string;
  /** Unix seconds of this write. */
  now: number;
  /** The request's language: a new product's `lc`. */
  lc?: string;
}

export type ImageEditOutcome<E> = { ok: true; product: Product; changedFields: string[] } | { ok: false; error: E };

/** `change` edits the product in place, or returns why nothing is written. */
export function applyImageEdit<E>(
  current: Product | undefined,
  input: ImageEditInput,
  ctx: EnrichmentContext,
  change: (product: Product) => E | undefined,
): ImageEditOutcome<E> {
  const params: Record<string, string> = input.lc === undefined ? {} : { lc: input.lc };
  const { before, product } = editableProduct(current, { ...input, params }, ctx);
  const error = change(product);
  if (error !== undefined) return { ok: false, error };
  applyPhotoStates(product);
  const done = finishEdit(before, product, input.userId, input.now, ctx);
  return { ok: true, product: done.product, changedFields: done.changedFields };
}
