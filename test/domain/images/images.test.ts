/**
 * The image part of the product document (IMAGES.md §2): expected values are OFF's (the fixtures quoted
 * in IMAGES.md §2.3, §2.5, §9.2, §9.3).
 */
import { describe, expect, it } from "vitest";
import {
  addUploadedImage,
  applyPhotoStates,
  barcodePath,
  deleteUploadedImage,
  duplicateOf,
  imageUrlFields,
  maxImgid,
  normalizeImageField,
  resizedSize,
  selectImage,
  unselectImage,
  uploadedImageUrl,
} from "../../../src/domain/images/index.js";
import type { Product } from "../../../src/domain/product.js";
import { flattenImages } from "../../../src/domain/schema/images.js";

const BASES = { local: "http://images.openfoodfacts.localhost/images/products", imported: "https://off.example/img" };
const UPLOAD_SIZES = { 100: { w: 100, h: 92 }, 400: { w: 200, h: 183 }, full: { w: 200, h: 183 } };
const SELECTED_SIZES = {
  100: { w: 100, h: 92 },
  200: { w: 200, h: 183 },
  400: { w: 200, h: 183 },
  full: { w: 200, h: 183 },
};

function uploadedAndSelected(): Product {
  const product: Product = { code: "1234567890012", lang: "en", lc: "en" };
  addUploadedImage(product, {
    imgid: 1,
    uploader: "openfoodfacts-contributors",
    now: 1745315020,
    sizes: UPLOAD_SIZES,
    sha256: "aa",
  });
  selectImage(product, "front", "en", { imgid: 1, rev: 3, sizes: SELECTED_SIZES, generation: {} });
  return product;
}

describe("image paths and sizes", () => {
  it("splits barcodes with OFF's 2025 rule (§9.2)", () => {
    expect(barcodePath("3017620422003")).toBe("301/762/042/2003");
    expect(barcodePath("12345678")).toBe("000/001/234/5678");
    expect(barcodePath("123456789")).toBe("000/012/345/6789");
    expect(barcodePath("1234567890012")).toBe("123/456/789/0012");
    expect(barcodePath("abc")).toBeUndefined();
  });

  it("resizes as OFF does: never up, halves rounded up (§9.3)", () => {
    expect(resizedSize({ w: 200, h: 183 }, 100)).toEqual({ w: 100, h: 92 });
    expect(resizedSize({ w: 90, h: 163 }, 100)).toEqual({ w: 55, h: 100 });
    expect(resizedSize({ w: 90, h: 180 }, 100)).toEqual({ w: 50, h: 100 });
    expect(resizedSize({ w: 200, h: 183 }, 400)).toEqual({ w: 200, h: 183 });
  });

  it("normalises image fields (§3.1)", () => {
    expect(normalizeImageField("ingredients_pt-BR", "en")).toBe("ingredients_pt");
    expect(normalizeImageField("front", "fr")).toBe("front_fr");
    expect(normalizeImageField("front_en", "fr")).toBe("front_en");
  });
});

describe("image operations", () => {
  it("stores the split shape; the flat shape for API < 3.3 is OFF's fixture (§2.3)", () => {
    const product = uploadedAndSelected();
    expect(product.max_imgid).toBe(1);
    expect(product.images).toEqual({
      uploaded: { 1: { uploader: "openfoodfacts-contributors", uploaded_t: 1745315020, sizes: UPLOAD_SIZES } },
      selected: { front: { en: { imgid: 1, rev: 3, sizes: SELECTED_SIZES, generation: {} } } },
    });
    const flat: Product = { images: structuredClone(product.images) };
    flattenImages(flat);
    expect(flat.images).toEqual({
      1: { uploader: "openfoodfacts-contributors", uploaded_t: 1745315020, sizes: UPLOAD_SIZES },
      front_en: { imgid: 1, rev: 3, sizes: SELECTED_SIZES },
    });
  });

  it("finds duplicates by content, and sets OFF's photo states", () => {
    const product = uploadedAndSelected();
    expect(duplicateOf(product, "aa")).toBe(1);
    expect(duplicateOf(product, "bb")).toBeUndefined();
    applyPhotoStates(product);
    expect(product.states_tags).toContain("en:photos-uploaded");
    expect(product.states_tags).toContain("en:front-photo-selected");
    expect(product.states_tags).toContain("en:ingredients-photo-to-be-selected");
    const empty: Product = { code: "1", lc: "en" };
    applyPhotoStates(empty);
    expect(empty.states_tags).toEqual(["en:photos-to-be-uploaded"]);
  });

  it("unselects, deletes with the selections made from the image, and never lowers max_imgid (§8.1)", () => {
    const product = uploadedAndSelected();
    addUploadedImage(product, { imgid: 2, uploader: "u", now: 1, sizes: UPLOAD_SIZES, sha256: "bb" });
    selectImage(product, "ingredients", "it", { imgid: 2, rev: 5, sizes: SELECTED_SIZES, generation: {} });
    expect(deleteUploadedImage(product, 2)).toEqual(["ingredients_it.5"]);
    expect(maxImgid(product)).toBe(2);
    expect(product.max_imgid).toBe(2);
    unselectImage(product, "front", "en");
    expect(product.images).toEqual({
      selected: {},
      uploaded: { 1: { uploader: "openfoodfacts-contributors", uploaded_t: 1745315020, sizes: UPLOAD_SIZES } },
    });
  });
});

describe("image URL fields (§2.5)", () => {
  it("gives OFF's fields for a selected front image", () => {
    const fields = imageUrlFields(uploadedAndSelected(), undefined, BASES);
    const base = "http://images.openfoodfacts.localhost/images/products/123/456/789/0012/front_en.3";
    expect(fields).toEqual({
      image_front_small_url: `${base}.200.jpg`,
      image_front_thumb_url: `${base}.100.jpg`,
      image_front_url: `${base}.400.jpg`,
      image_small_url: `${base}.200.jpg`,
      image_thumb_url: `${base}.100.jpg`,
      image_url: `${base}.400.jpg`,
      selected_images: {
        front: {
          display: { en: `${base}.400.jpg` },
          small: { en: `${base}.200.jpg` },
          thumb: { en: `${base}.100.jpg` },
        },
      },
    });
  });

  it("points imported photos (no local files) at OFF's host, from either shape, preferring the request lc", () => {
    const imported: Product = {
      code: "3017620422003",
      lang: "fr",
      images: { 1: { sizes: UPLOAD_SIZES }, front_fr: { imgid: "1", rev: "4" }, front_de: { imgid: "1", rev: "6" } },
    };
    const fields = imageUrlFields(imported, undefined, BASES) as Record<string, unknown>;
    expect(fields.image_front_url).toBe("https://off.example/img/301/762/042/2003/front_fr.4.400.jpg");
    const german = imageUrlFields(imported, "de", BASES) as Record<string, unknown>;
    expect(german.image_url).toBe("https://off.example/img/301/762/042/2003/front_de.6.400.jpg");
    expect(imageUrlFields({ code: "3017620422003", images: { selected: {}, uploaded: {} } }, undefined, BASES)).toEqual(
      {},
    );
  });

  it("an uploaded photo's files: OFF's names (§9.1, §3.4 thumbnailUrl), on OFF's host when foodbase has no file", () => {
    const product = uploadedAndSelected();
    expect(uploadedImageUrl(product, 1, "100", BASES)).toBe(
      "http://images.openfoodfacts.localhost/images/products/123/456/789/0012/1.100.jpg",
    );
    expect(uploadedImageUrl(product, 1, "400", BASES)).toMatch(/\/0012\/1\.400\.jpg$/);
    expect(uploadedImageUrl(product, 1, "full", BASES)).toMatch(/\/0012\/1\.jpg$/);
    const imported: Product = { code: "3017620422003", images: { 2: { sizes: UPLOAD_SIZES } } };
    expect(uploadedImageUrl(imported, 2, "400", BASES)).toBe("https://off.example/img/301/762/042/2003/2.400.jpg");
    expect(uploadedImageUrl({ code: "abc" }, 1, "400", BASES)).toBeUndefined();
  });
});
