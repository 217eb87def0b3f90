/**
 * A stored document seen in the shape of an API version, without parsing the whole document: only the
 * top-level keys a schema conversion reads or writes are parsed and converted; every other value is
 * copied from the stored text as it is (product-document.ts). Reads of 12–45 KB documents thus pay for
 * the nutrition, images and tag keys, not for the ingredients, packagings and scores around them.
 */
import { type ImageUrlBases, imageUrlFields, isImageUrlKey, LOCAL_IMAGES_KEY } from "../images/index.js";
import type { Product } from "../product.js";
import { type JsonText, joinJson, type ProductView } from "../product-document.js";
import { TAG_FIELDS } from "../tags.js";
import type { Taxonomies } from "../taxonomy/types.js";
import { NUTRITION_KEYS } from "./computation.js";
import { convertTopLevelForApiVersion } from "./convert.js";
import { schemaVersionOfApi } from "./versions.js";

/** Keys every conversion for a read may touch; the tag keys below only when the 1004 step is taken. */
const CONVERTED_KEYS = new Set([
  // What the nutrition steps read (the computation adapter's keys), then the other steps' keys.
  ...NUTRITION_KEYS,
  "_id",
  "id",
  "code",
  "owner",
  "images",
  "lc",
  LOCAL_IMAGES_KEY,
  "ingredients_hierarchy",
  "ingredients_tags",
  "brands_tags",
  "brands_hierarchy",
  "brands_lc",
  "tags_sources",
  ...["data", "grade", "score", "tags"].flatMap((sub) => [`ecoscore_${sub}`, `environmental_score_${sub}`]),
]);
/** What the 1003 ⇄ 1004 tag step reads and writes. */
const TAG_STEP_KEYS = new Set(
  Object.keys(TAG_FIELDS).flatMap((field) =>
    ["", "_tags", "_hierarchy", "_lc", "_old", "_debug", "_imported"].map((suffix) => field + suffix),
  ),
);

/** True for the top-level keys a conversion may read or change. */
export function isConvertedKey(key: string): boolean {
  return CONVERTED_KEYS.has(key) || TAG_STEP_KEYS.has(key);
}

/** What the image URL fields of a read depend on besides the document (IMAGES.md §2.5). */
export interface ImageUrlContext {
  bases: ImageUrlBases;
  /** The request's language, preferred for `image_front_url` and the like. */
  lc?: string;
}

export class ConvertedProductView implements ProductView {
  /** The answer's members: stored text for the keys no conversion touches, converted JSON for the others. */
  private readonly texts = new Map<string, JsonText>();
  private readonly converted: Product;
  private sortedKeys: string[] | undefined;

  constructor(stored: ProductView, apiVersion: string, taxonomies: Taxonomies, images?: ImageUrlContext) {
    const members = stored.members();
    const version = members.find(([key]) => key === "schema_version")?.[1];
    const tagStep =
      schemaVersionOfApi(apiVersion) >= 1004 || (version !== undefined && Number(version.toString()) >= 1004);
    const partial: Product = {};
    for (const [key, json] of members) {
      if (CONVERTED_KEYS.has(key) || (tagStep && TAG_STEP_KEYS.has(key))) partial[key] = JSON.parse(json.toString());
      else this.texts.set(key, json);
    }
    // What an upgrade creates is dated from the product's last change, so a read is the same every time.
    const lastModified = this.texts.get("last_modified_t");
    const now = lastModified === undefined ? 0 : Number(lastModified.toString()) || 0;
    // Computed from the stored images before the conversion (which may flatten them), added before
    // `fields` filtering as OFF does; the record of foodbase's own files is never served.
    const urls = images === undefined ? undefined : imageUrlFields(partial, images.lc, images.bases);
    delete partial[LOCAL_IMAGES_KEY];
    convertTopLevelForApiVersion(partial, apiVersion, { taxonomies, now });
    if (urls !== undefined) {
      for (const key of [...this.texts.keys()]) if (isImageUrlKey(key)) this.texts.delete(key);
      Object.assign(partial, urls);
    }
    this.converted = partial;
    for (const [key, value] of Object.entries(this.converted)) {
      if (value !== undefined) this.texts.set(key, JSON.stringify(value));
    }
  }

  json(key: string): JsonText | undefined {
    return this.texts.get(key);
  }

  value(key: string): unknown {
    if (Object.hasOwn(this.converted, key)) return this.converted[key];
    const json = this.texts.get(key);
    return json === undefined ? undefined : JSON.parse(json.toString());
  }

  keys(): string[] {
    this.sortedKeys ??= [...this.texts.keys()].sort();
    return this.sortedKeys;
  }

  members(): Array<[string, JsonText]> {
    return this.keys().map((key) => [key, this.texts.get(key) as JsonText]);
  }

  allJson(): JsonText {
    const pieces: JsonText[] = ["{"];
    for (const key of this.keys()) {
      pieces.push(`${pieces.length > 1 ? "," : ""}${JSON.stringify(key)}:`, this.texts.get(key) as JsonText);
    }
    pieces.push("}");
    return joinJson(pieces);
  }
}
