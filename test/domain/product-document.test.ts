import { describe, expect, it } from "vitest";
import {
  ObjectProductView,
  StoredProductBytesView,
  StoredProductView,
  serializeProductDocument,
} from "../../src/domain/product-document.js";

const product = {
  _id: "123",
  code: "123",
  'key with "quotes"': 1,
  last: { nested: [1, 2, { deep: "x" }] },
  lines: 'first line\nsecond line, with ",\\n" inside',
  nutriments: { fat: 1.5, fat_100g: 1.5, salt_unit: "mg" },
  product_name: "Crème brûlée ☕",
};

describe("stored product documents", () => {
  const text = serializeProductDocument(product);
  const view = new StoredProductView(text);

  it("are valid JSON equal to the product", () => {
    expect(JSON.parse(text)).toEqual(product);
    expect(JSON.parse(view.allJson())).toEqual(product);
    expect(view.allJson()).toBe(JSON.stringify(product));
  });

  it("give each top-level value as the JSON text JSON.stringify makes, and the keys in order", () => {
    for (const [key, value] of Object.entries(product)) {
      expect(view.json(key), key).toBe(JSON.stringify(value));
      expect(view.value(key), key).toEqual(value);
    }
    expect(view.keys()).toEqual(Object.keys(product));
    expect(view.json("absent")).toBeUndefined();
    // A key that only appears inside a value is not a top-level key.
    expect(view.json("nested")).toBeUndefined();
    expect(view.json("fat")).toBeUndefined();
  });

  it("answer like a view over the object", () => {
    const objectView = new ObjectProductView(product);
    for (const key of [...Object.keys(product), "absent"]) expect(view.json(key)).toBe(objectView.json(key));
    expect(view.keys()).toEqual(objectView.keys());
  });

  it("handle an empty product", () => {
    const empty = new StoredProductView(serializeProductDocument({}));
    expect(empty.keys()).toEqual([]);
    expect(empty.allJson()).toBe("{}");
  });
});

describe("stored product documents read as bytes", () => {
  const text = serializeProductDocument(product);
  const bytes = new StoredProductBytesView(Buffer.from(text));
  const strings = new StoredProductView(text);

  it("give the same JSON as the text view, as UTF-8 bytes", () => {
    for (const key of [...Object.keys(product), "absent", "nested"]) {
      expect(bytes.json(key)?.toString("utf8"), key).toBe(strings.json(key));
      expect(bytes.value(key), key).toEqual(strings.value(key));
    }
    expect(bytes.keys()).toEqual(Object.keys(product));
    expect(bytes.allJson().toString("utf8")).toBe(JSON.stringify(product));
  });
});
