/** What the pages read of a stored product: its API v2 view (SCHEMA.md §6), as plain values. */

import { imageUrlFields, LOCAL_IMAGES_KEY } from "../../domain/images/index.js";
import { type ProductView, StoredProductBytesView } from "../../domain/product-document.js";
import { ConvertedProductView } from "../../domain/schema/index.js";
import type { ImageUrlContext } from "../../domain/schema/product-view.js";
import { tagTypeUrlName } from "../../domain/search/tag-types.js";
import { displayTags, taxonomyOfField } from "../../domain/tags.js";
import type { Taxonomies, Taxonomy } from "../../domain/taxonomy/types.js";
import { type Html, html } from "./html.js";
import { link, type PageContext } from "./layout.js";

/**
 * A product document, read the way API v2 clients see it; or, with `converted` false, as stored: enough
 * for names, brands, grades, tags and photos (no schema version changes them), and much cheaper for the
 * many products of a result list (the whole-document conversion recomputes the nutrition values).
 */
export class ProductData {
  private readonly view: ProductView;
  /**
   * Photo URLs of a stored view, as the converted view computes them (IMAGES.md §2.5); null when the
   * document has no `images`, whose stored URL fields then stand, as in the converted view.
   */
  private photoUrls: Record<string, unknown> | null | undefined;
  constructor(
    bytes: Buffer,
    taxonomies: Taxonomies,
    private readonly converted = true,
    private readonly images?: ImageUrlContext,
  ) {
    const stored = new StoredProductBytesView(bytes);
    this.view = converted ? new ConvertedProductView(stored, "v2", taxonomies, images) : stored;
  }
  /** Values read so far: a page reads some keys several times, and each read parses JSON. */
  private readonly values = new Map<string, unknown>();
  value(key: string): unknown {
    if (this.values.has(key)) return this.values.get(key);
    const value = this.view.value(key);
    this.values.set(key, value);
    return value;
  }
  text(key: string): string {
    const v = this.value(key);
    return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
  }
  tags(tagtype: string): string[] {
    const v = this.value(`${tagtype}_tags`);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  }
  record(key: string): Record<string, unknown> | undefined {
    const v = this.value(key);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  }
  get code(): string {
    return this.text("code");
  }
  /** The name in the page's language, else the product's main one, else a generic name. */
  name(lc: string): string {
    return nameInLanguage((key) => this.text(key), lc);
  }
  /** a–e, or undefined when not computed. */
  get nutriscoreGrade(): string | undefined {
    const g = this.text("nutriscore_grade") || this.text("nutrition_grades");
    return /^[a-e]$/.test(g) ? g : undefined;
  }
  /**
   * A photo of `kind` (front, ingredients, nutrition): its small URL and the full-size one (OFF's
   * `.full.jpg` next to the 400-pixel display size), when the product has that photo selected.
   */
  photo(kind: string): { small: string; large: string } | undefined {
    const url = (key: string) => {
      if (this.converted || this.images === undefined) return this.text(key);
      if (this.photoUrls === undefined) {
        const keys = ["code", "lang", "lc", "images", LOCAL_IMAGES_KEY];
        const product = Object.fromEntries(keys.map((k) => [k, this.value(k)] as const));
        this.photoUrls = imageUrlFields(product, this.images.lc, this.images.bases) ?? null;
      }
      if (this.photoUrls === null) return this.text(key);
      const value = this.photoUrls[key];
      return typeof value === "string" ? value : "";
    };
    const display = url(`image_${kind}_url`);
    const small = url(`image_${kind}_small_url`) || url(`image_${kind}_thumb_url`) || display;
    if (small === "" && display === "") return undefined;
    return { small, large: (display || small).replace(/\.400\.jpg$/, ".full.jpg") };
  }
}

/** A product's name in `lc`, else its main name, else its generic name ("" when it has none). */
export function nameInLanguage(text: (key: string) => string, lc: string): string {
  return text(`product_name_${lc}`) || text("product_name") || text("generic_name");
}

/** Display names of tags in the page's data language (from the taxonomy; the tag itself otherwise). */
export function tagNames(tagtype: string, tags: readonly string[], ctx: PageContext, taxonomies: Taxonomies): string[] {
  return displayTags(tags, ctx.dataLc, taxonomyOfTagType(tagtype, taxonomies)).map((n, i) => n || (tags[i] as string));
}

/** The taxonomy naming a tag type's tags: a tag field's, or one of the ingredients analysis. */
function taxonomyOfTagType(tagtype: string, taxonomies: Taxonomies): Taxonomy | undefined {
  switch (tagtype) {
    case "allergens":
    case "traces":
      return taxonomies.allergens;
    case "additives":
      return taxonomies.additives;
    default:
      return taxonomyOfField(tagtype, taxonomies);
  }
}

/** The page of a tag: `/category/en:apples`. */
export function tagPath(tagtype: string, tag: string): string {
  return `/${tagTypeUrlName(tagtype)}/${encodeURIComponent(tag).replaceAll("%3A", ":")}`;
}

/** Tags as links to their tag pages. */
export function tagLinks(tagtype: string, tags: readonly string[], ctx: PageContext, taxonomies: Taxonomies): Html {
  const names = tagNames(tagtype, tags, ctx, taxonomies);
  return html`<ul class="tags">${tags.map(
    (tag, i) => html`<li><a href="${link(ctx, tagPath(tagtype, tag))}">${names[i]}</a></li>`,
  )}</ul>`;
}

/** The Nutri-Score badge: the grade as text, so it is read out, not only shown by its colour. */
export function nutriscoreBadge(grade: string | undefined, ctx: PageContext, big = false): Html {
  if (grade === undefined) return html`<span class="ns${big ? " big" : ""}">${ctx.t("nutriscoreUnknown")}</span>`;
  return html`<span class="ns ns-${grade}${big ? " big" : ""}">${ctx.t("nutriscoreGrade", {
    grade: grade.toUpperCase(),
  })}</span>`;
}

/** OFF's slug of a product name for `/product/{code}/{slug}`. */
export function productSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function productPath(ctx: PageContext, code: string, name: string): string {
  const slug = productSlug(name);
  return link(ctx, `/product/${encodeURIComponent(code)}${slug === "" ? "" : `/${slug}`}`);
}
