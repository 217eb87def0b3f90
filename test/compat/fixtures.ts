/**
 * Shared pieces of the client compatibility suite: a few products written through the ordinary
 * write API (not through a client under test), and a fetch that carries a session cookie.
 */
import { ALICE, postMultipart } from "../helpers/server.js";

export const WATER = {
  code: "3274080005003",
  product_name: "Source claire",
  categories: "Mineral waters",
  brands: "Cristaline",
  quantity: "1.5 l",
};

/** Six orange juices: brands Tropicana ×3, Joker ×2, Innocent ×1. */
export const ORANGE_JUICES = ["Tropicana", "Tropicana", "Tropicana", "Joker", "Joker", "Innocent"].map((brand, i) => ({
  code: `356007000001${i}`,
  product_name: `Orange juice ${i}`,
  categories: "Orange juices",
  brands: brand,
}));

export async function seedProducts(baseUrl: string): Promise<void> {
  for (const product of [WATER, ...ORANGE_JUICES]) {
    const { status, body } = await postMultipart(baseUrl, "/cgi/product_jqm2.pl", {
      user_id: ALICE.userId,
      password: ALICE.password,
      lc: "en",
      ...product,
    });
    if (status !== 200 || body.status !== 1) throw new Error(`seeding ${product.code} failed: ${JSON.stringify(body)}`);
  }
}

/** Signs in with `/cgi/session.pl` and returns a fetch that sends the session cookie, as a browser would. */
export async function fetchWithSession(baseUrl: string, userId: string, password: string): Promise<typeof fetch> {
  const res = await fetch(`${baseUrl}/cgi/session.pl`, {
    method: "POST",
    body: new URLSearchParams({ user_id: userId, password }),
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (res.status !== 200 || !cookie.startsWith("session=")) throw new Error(`sign-in failed: ${res.status}`);
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Cookie", cookie);
    return fetch(input, { ...init, headers });
  };
}

/**
 * What an SDK method resolved to, read as plain JSON. The SDK's declared types are narrower than the
 * answers (v3 errors typed `never`, v2 products as a union without `product_name`), so the assertions
 * check values, not the SDK's types.
 */
export interface SdkAnswer {
  data?: any;
  error?: any;
}
