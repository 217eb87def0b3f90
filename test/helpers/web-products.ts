/** Products the page tests write (e2e and browser): Nutella with its label values, as the sample data has them. */
import { expect } from "vitest";
import { ALICE, postForm } from "./server.js";

/** Nutella's label values (the sample data's): OFF rates it Nutri-Score E (2021 score 26). */
export const NUTELLA: Record<string, string> = {
  code: "3017620422003",
  product_name: "Nutella",
  brands: "Ferrero",
  quantity: "400 g",
  serving_size: "15 g",
  categories: "Sweet spreads, Hazelnut spreads",
  countries: "France",
  ingredients_text: "Sugar, palm oil, hazelnuts 13%, skimmed milk powder 8.7%, fat-reduced cocoa 7.4%",
  "nutriment_energy-kj": "2252",
  "nutriment_energy-kcal": "539",
  nutriment_fat: "30.9",
  "nutriment_saturated-fat": "10.6",
  nutriment_carbohydrates: "57.5",
  nutriment_sugars: "56.3",
  nutriment_fiber: "0",
  nutriment_proteins: "6.3",
  nutriment_salt: "0.107",
};

/** Writes the products as Alice through product_jqm2.pl, in English unless they say otherwise. */
export async function writeProducts(baseUrl: string, products: Array<Record<string, string>>): Promise<void> {
  for (const product of products) {
    const written = await postForm(baseUrl, "/cgi/product_jqm2.pl", {
      lang: "en",
      ...product,
      user_id: ALICE.userId,
      password: ALICE.password,
    });
    expect(written.body).toMatchObject({ status: 1 });
  }
}
