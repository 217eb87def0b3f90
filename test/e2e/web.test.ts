/**
 * The web pages over real HTTP, on the test project's store: escaping, security headers, the 404 page,
 * search with facets that narrow it, tag pages, languages, the product page and its revisions.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, BOB, getJson, postForm, startTestServer, type TestServer } from "../helpers/server.js";
import { NUTELLA, writeProducts } from "../helpers/web-products.js";
import { hiddenToken, Jar, send as sendPage, signIn as signInAs } from "../helpers/web-session.js";

const SCRIPT_NAME = "<script>alert(1)</script>";

const PRODUCTS: Array<Record<string, string>> = [
  NUTELLA,
  {
    code: "2000000000011",
    product_name: SCRIPT_NAME,
    brands: `Evil "quotes" & Co`,
    categories: "Cheeses",
    quantity: "<b>200 g</b>",
  },
  {
    code: "2000000000028",
    product_name: "Apple juice",
    categories: "Apple juices",
    labels: "Organic",
    countries: "France",
  },
  { code: "2000000000035", product_name: "Orange juice", categories: "Orange juices", countries: "Spain" },
  {
    code: "2000000000042",
    product_name: "Cheddar",
    categories: "Cheeses",
    labels: "Organic",
    countries: "United Kingdom",
  },
];

let t: TestServer;

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The hrefs of the links of a part of a page, HTML entities of `&` undone. */
function hrefs(fragment: string): string[] {
  return [...fragment.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] as string).replaceAll("&amp;", "&"));
}

function section(text: string, start: RegExp, end: string): string {
  const from = text.search(start);
  expect(from, String(start)).toBeGreaterThanOrEqual(0);
  return text.slice(from, text.indexOf(end, from));
}

/** Product links of a results list, in order. */
function resultCodes(text: string): string[] {
  const list = text.match(/<ul class="results">[\s\S]*?<\/ul>/)?.[0] ?? "";
  return [...list.matchAll(/href="\/product\/(\d+)/g)].map((m) => m[1] as string);
}

beforeAll(async () => {
  t = await startTestServer();
  await writeProducts(t.url, PRODUCTS);
  // A second revision of Nutella, by Bob.
  const edit = await postForm(t.url, "/cgi/product_jqm2.pl", {
    code: NUTELLA.code,
    quantity: "750 g",
    comment: "bigger jar",
    user_id: "bob",
    password: "secret-bob-1",
  });
  expect(edit.body).toMatchObject({ status: 1 });
});

afterAll(async () => {
  await t?.close();
});

describe("safety", () => {
  it("a product named <script>alert(1)</script> is shown as text on its page and in search results", async () => {
    for (const path of ["/product/2000000000011", "/search?search_terms=alert", "/category/en:cheeses"]) {
      const { status, text } = await page(path);
      expect(status, path).toBe(200);
      expect(text, path).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(text, path).not.toContain(SCRIPT_NAME);
    }
    const product = await page("/product/2000000000011");
    expect(product.text).toContain("Evil &quot;quotes&quot; &amp; Co");
    expect(product.text).toContain("&lt;b&gt;200 g&lt;/b&gt;");
    expect(product.text).not.toContain("<b>200 g</b>");
  });

  it("every page type sends a Content-Security-Policy without inline scripts, and has no inline script or style", async () => {
    for (const path of [
      "/",
      "/?lc=fr",
      "/search?search_terms=juice",
      `/product/${NUTELLA.code}`,
      "/category/en:cheeses",
      "/facets/categories",
      "/product/1234567890128",
    ]) {
      const { headers, text } = await page(path);
      const csp = headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain("unsafe-inline");
      expect(headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      // Every <script> has a src; no style attribute or <style> element.
      expect(text.match(/<script(?![^>]*\bsrc=)[^>]*>/g), path).toBeNull();
      expect(text, path).not.toMatch(/<style|\sstyle="/);
    }
  });

  it("the stylesheet and script are served by foodbase under hashed names with a long cache", async () => {
    const { text } = await page("/");
    const css = /<link rel="stylesheet" href="(\/assets\/site\.[0-9a-f]{12}\.css)">/.exec(text)?.[1];
    const js = /<script src="(\/assets\/site\.[0-9a-f]{12}\.js)"/.exec(text)?.[1];
    expect(css).toBeDefined();
    expect(js).toBeDefined();
    for (const [path, type] of [
      [css, "text/css"],
      [js, "text/javascript"],
    ] as const) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });
});

describe("404", () => {
  it("an unknown barcode is a real 404 page offering to add the product", async () => {
    const { status, headers, text } = await page("/product/1234567890128");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(text).toContain("<h1>Product not found</h1>");
    expect(text).toContain("1234567890128");
    expect(text).toContain("Add this product");
    const french = await page("/product/1234567890128?lc=fr");
    expect(french.status).toBe(404);
    expect(french.text).toContain("Ajouter ce produit");
  });
  it("a revision that does not exist is a 404 too", async () => {
    expect((await page(`/product/${NUTELLA.code}?rev=99`)).status).toBe(404);
    expect((await page(`/product/${NUTELLA.code}?rev=abc`)).status).toBe(404);
  });
});

describe("search", () => {
  it("full text finds what /api/v2/search finds, in the same order", async () => {
    for (const query of [
      "search_terms=juice",
      "search_terms=cheddar",
      "labels_tags=en:organic",
      "categories_tags=en:cheeses",
    ]) {
      const api = await getJson(`${t.url}/api/v2/search?${query}&fields=code`);
      const { text } = await page(`/search?${query}`);
      expect(resultCodes(text), query).toEqual(api.body.products.map((p: { code: string }) => p.code));
    }
    expect(resultCodes((await page("/search?search_terms=juice")).text).sort()).toEqual([
      "2000000000028",
      "2000000000035",
    ]);
  });

  it("facets have counts, and following one narrows the search with a shareable URL", async () => {
    const { text } = await page("/search?search_terms=juice");
    const labels = section(text, /<summary>Labels<\/summary>/, "</details>");
    expect(labels).toMatch(/>Organic<\/a> <span class="count">1<\/span>/);
    const countries = section(text, /<summary>Countries<\/summary>/, "</details>");
    expect(countries).toMatch(/>France<\/a> <span class="count">1<\/span>/);
    expect(countries).toMatch(/>Spain<\/a> <span class="count">1<\/span>/);
    const organic = hrefs(labels)[0] as string;
    expect(organic).toBe("/search?search_terms=juice&labels_tags=en%3Aorganic");
    const narrowed = await page(organic);
    expect(resultCodes(narrowed.text)).toEqual(["2000000000028"]);
    expect(narrowed.text).toContain("1 product found");
    // The active filter can be removed.
    const chips = section(narrowed.text, /<ul class="filters">/, "</ul>");
    expect(hrefs(chips)).toEqual(["/search?search_terms=juice"]);
  });

  it("Nutri-Score facet and the result list's badges", async () => {
    const { text } = await page("/search?search_terms=nutella");
    expect(section(text, /<summary>Nutri-Score<\/summary>/, "</details>")).toMatch(
      />E<\/a> <span class="count">1<\/span>/,
    );
    expect(section(text, /<ul class="results">/, "</ul>")).toContain('<span class="ns ns-e">Nutri-Score E</span>');
  });

  it("sort orders and pages keep the filters", async () => {
    const byName = await page("/search?countries_tags=en:france|en:spain&sort_by=product_name&page_size=1");
    expect(resultCodes(byName.text)).toEqual(["2000000000028"]);
    expect(byName.text).toContain("Page 1 of 3");
    const next = hrefs(section(byName.text, /<nav class="pages"/, "</nav>"));
    expect(next).toEqual(["/search?countries_tags=en%3Afrance%7Cen%3Aspain&sort_by=product_name&page_size=1&page=2"]);
    const second = await page(next[0] as string);
    expect(resultCodes(second.text)).toEqual([NUTELLA.code]);
    expect(second.text).toContain("Page 2 of 3");
  });

  it("bad parameters are a 400 page, not a stack trace", async () => {
    const { status, text } = await page("/search?sort_by=size");
    expect(status).toBe(400);
    expect(text).toContain("unknown sort_by value: size");
  });
});

describe("tag pages", () => {
  it("/category/{tag} is HTML listing the products; the .json path stays JSON", async () => {
    const html = await page("/category/en:cheeses");
    expect(html.status).toBe(200);
    expect(html.text).toContain("<h1>Products with Category: Cheeses</h1>");
    expect(resultCodes(html.text).sort()).toEqual(["2000000000011", "2000000000042"]);
    const json = await getJson(`${t.url}/category/en:cheeses.json?fields=code`);
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(json.body.count).toBe(2);
  });
  it("labels and brands by name, in French with the taxonomy's French name", async () => {
    expect(resultCodes((await page("/label/organic")).text).sort()).toEqual(["2000000000028", "2000000000042"]);
    expect(resultCodes((await page("/brand/ferrero")).text)).toEqual([NUTELLA.code]);
    const french = await page("/category/fromages?lc=fr");
    expect(french.text).toContain('<html lang="fr">');
    expect(french.text).toContain("Produits avec Catégorie : Fromages");
    expect(resultCodes(french.text).sort()).toEqual(["2000000000011", "2000000000042"]);
  });
  it("the list of a tag type with counts, linking to tag pages", async () => {
    const { text } = await page("/facets/categories");
    expect(text).toMatch(/<a href="\/category\/en:cheeses">Cheeses<span class="count">2 products<\/span><\/a>/);
  });
});

describe("home and languages", () => {
  it("home has a search box and the main categories with their product counts", async () => {
    const { text } = await page("/");
    expect(text).toMatch(/<form class="home-search" role="search" action="\/search" method="get">/);
    expect(text).toMatch(/<label class="visually-hidden" for="q-home">Search products<\/label>/);
    expect(text).toContain('<a href="/category/en:cheeses">Cheeses<span class="count">2 products</span></a>');
  });
  it("Accept-Language and lc choose the language; lc wins", async () => {
    const fr = await page("/", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect(fr.text).toContain('<html lang="fr">');
    expect(fr.text).toContain("Catégories principales");
    expect(fr.text).toContain(">Fromages<span");
    const en = await page("/?lc=en", { "accept-language": "fr" });
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain("Main categories");
  });
});

describe("product page", () => {
  it("the ingredients analysis: palm oil, vegan and vegetarian status, allergens linked to their pages", async () => {
    const { text } = await page(`/product/${NUTELLA.code}`);
    const analysis = section(text, /<h2 id="analysis">Ingredients analysis<\/h2>/, "</section>");
    // OFF's analysis of this list: palm oil; milk powder is not vegan but vegetarian; hazelnuts are nuts.
    expect(analysis).toContain("<li>Contains palm oil</li>");
    expect(analysis).toContain("<li>Not vegan</li>");
    expect(analysis).toContain("<li>Vegetarian</li>");
    expect(analysis).toContain('<a href="/allergen/en:milk">Milk</a>');
    expect(analysis).toContain('<a href="/allergen/en:nuts">Nuts</a>');
  });

  it("name, brand, quantity, Nutri-Score with its computation, nutrition per 100 g and per serving", async () => {
    const { status, text } = await page(`/product/${NUTELLA.code}`);
    expect(status).toBe(200);
    expect(text).toContain("<h1>Nutella</h1>");
    expect(text).toContain('<a href="/brand/ferrero">');
    expect(text).toContain("<dd>750 g</dd>");
    expect(text).toContain('<span class="ns ns-e big">Nutri-Score E</span>');
    // The 2021 computation (OFF: energy 6, sugars 10, saturated fat 10, sodium 0 → 26 negative; proteins not counted).
    const computed = section(text, /How the Nutri-Score 2021 was computed/, "</table>");
    expect(computed).toContain(
      '<tr><th scope="row">Sugars</th><td class="num">56.3 g</td><td class="num">10</td></tr>',
    );
    expect(computed).toContain(
      '<tr><th scope="row">Energy</th><td class="num">2,252 kJ</td><td class="num">6</td></tr>',
    );
    expect(computed).toMatch(/Final score<\/th><td class="num" colspan="2">26</);
    expect(text).toContain("Nutri-Score 2023 (other version)");
    const table = section(text, /<table id="nutrition-table">/, "</table>");
    expect(table).toContain("Per serving (15 g)");
    // Per serving as the product API gives it.
    const api = await getJson(`${t.url}/api/v2/product/${NUTELLA.code}?fields=nutriments`);
    const sugarsServing = (api.body.product.nutriments.sugars_serving as number).toLocaleString("en", {
      maximumFractionDigits: 3,
    });
    expect(sugarsServing).toMatch(/^8\.4/);
    expect(table).toContain(
      `<tr><th scope="row">Sugars</th><td class="num">56.3 g</td><td class="num">${sugarsServing} g</td></tr>`,
    );
    expect(text).toContain("Sugar, palm oil, hazelnuts 13%");
    expect(text).toContain('<a href="/category/en:sweet-spreads">Sweet spreads</a>');
    expect(text).toContain('<a href="/country/en:france">France</a>');
  });
  it("weighs under 100 KB before its photos", async () => {
    const { text } = await page(`/product/${NUTELLA.code}`);
    expect(Buffer.byteLength(text)).toBeLessThan(100 * 1024);
  });
  it("folksonomy tags, shown as text and current even when the revision has not changed", async () => {
    const before = await page(`/product/${NUTELLA.code}`);
    expect(before.text).not.toContain("Folksonomy tags");
    const created = await t.server.store.folksonomy.createTag({
      product: NUTELLA.code,
      owner: "",
      k: "packaging:<b>",
      v: "glass & <i>jar</i>",
      version: 1,
      editor: ALICE.userId,
      comment: "",
      lastEdit: "2026-01-01T00:00:00",
    });
    expect(created).toEqual({ ok: true });
    const after = await page(`/product/${NUTELLA.code}`);
    const section_ = section(after.text, /<h2 id="folksonomy">/, "</table>");
    expect(section_).toContain("<tr><td>packaging:&lt;b&gt;</td><td>glass &amp; &lt;i&gt;jar&lt;/i&gt;</td></tr>");
  });
  it("photos: the selected front photo with its larger view, on the page and as the results' thumbnail", async () => {
    const code = "2000000000042";
    const pixels = Buffer.alloc(300 * 400 * 3, 90);
    const jpeg = await sharp(pixels, { raw: { width: 300, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      code,
      imagefield: "front_en",
      user_id: ALICE.userId,
      password: ALICE.password,
    })) {
      form.append(k, v);
    }
    form.append("imgupload_front_en", new Blob([new Uint8Array(jpeg)]), "front.jpg");
    const uploaded = await getJson(`${t.url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
    expect(uploaded.status).toBe(200);
    // The URLs the JSON API gives for that photo.
    const api = (await getJson(`${t.url}/api/v2/product/${code}?fields=image_front_url,image_front_small_url`)).body
      .product;
    expect(api.image_front_small_url).toMatch(/\/front_en\.\d+\.200\.jpg$/);
    const { text } = await page(`/product/${code}`);
    const photos = section(text, /<h2 id="photos">/, "</section>");
    expect(photos).toContain(`<img src="${api.image_front_small_url}" alt="Front of the product photo of Cheddar">`);
    const large = (api.image_front_url as string).replace(/\.400\.jpg$/, ".full.jpg");
    expect(hrefs(photos)).toEqual([large]);
    for (const url of [api.image_front_small_url as string, large]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
    }
    const results = await page("/search?search_terms=cheddar");
    expect(results.text).toContain(`<img class="thumb" src="${api.image_front_small_url}"`);
  });
  it("the slug form answers the same page", async () => {
    const slug = await page(`/product/${NUTELLA.code}/nutella`);
    expect(slug.status).toBe(200);
    expect(slug.text).toContain("<h1>Nutella</h1>");
  });
  it("revision history: who, when, what changed, and any revision viewable", async () => {
    const { text } = await page(`/product/${NUTELLA.code}`);
    const history = section(text, /<h2 id="history">/, "</table>");
    expect(history).toMatch(
      /<td><strong>2<\/strong><\/td><td><time[^>]*>[^<]+<\/time><\/td><td>bob<\/td><td>[^<]*quantity[^<]*<\/td><td>bigger jar<\/td>/,
    );
    expect(history).toContain(`<a href="/product/${NUTELLA.code}?rev=1"`);
    expect(history).toContain("<td>alice</td>");
    const first = await page(`/product/${NUTELLA.code}?rev=1`);
    expect(first.status).toBe(200);
    expect(first.text).toContain("You are viewing revision 1");
    expect(first.text).toContain("<dd>400 g</dd>");
  });
});

function send(jar: Jar, path: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
  return sendPage(t.url, jar, path, form, headers);
}

function signIn(jar: Jar, returnTo = "/"): Promise<void> {
  return signInAs(t.url, jar, returnTo);
}

describe("contributing", () => {
  it("sign-in is guarded like every password check: 429 with Retry-After after 5 failures, even for the right password", async () => {
    // Bob's account, so that Alice's sign-ins in the other tests are untouched.
    const jar = new Jar();
    let page = await send(jar, "/signin");
    for (let i = 0; i < 5; i++) {
      page = await send(jar, "/signin", {
        csrf_token: hiddenToken(page.text),
        user_id: BOB.userId,
        password: `wrong-${i}`,
      });
      expect(page.status).toBe(403);
    }
    const locked = await send(jar, "/signin", {
      csrf_token: hiddenToken(page.text),
      user_id: BOB.userId,
      password: BOB.password,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.text).toContain("Too many failed attempts");
    expect(locked.setCookies.some((c) => c.startsWith("session="))).toBe(false);
  });

  it("sign in sets the /cgi/session.pl session cookie, HttpOnly and SameSite; the form is CSRF-protected", async () => {
    const jar = new Jar();
    const form = await send(jar, "/signin?return=/search");
    expect(form.status).toBe(200);
    expect(form.setCookies[0]).toMatch(/^csrf=[\w-]+; Path=\/signin; HttpOnly; SameSite=Strict$/);
    const token = hiddenToken(form.text);
    // Without the cookie that goes with the token (a form posted from another site): refused, no session.
    const forged = await send(new Jar(), "/signin", {
      csrf_token: token,
      user_id: ALICE.userId,
      password: ALICE.password,
    });
    expect(forged.status).toBe(403);
    expect(forged.setCookies.some((c) => c.startsWith("session="))).toBe(false);
    const otherOrigin = await send(
      jar,
      "/signin",
      { csrf_token: token, user_id: ALICE.userId, password: ALICE.password },
      { origin: "https://evil.example" },
    );
    expect(otherOrigin.status).toBe(403);
    const wrong = await send(jar, "/signin", {
      csrf_token: hiddenToken(otherOrigin.text),
      user_id: ALICE.userId,
      password: "nope",
    });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain("Incorrect user name or password.");
    expect(wrong.text).toContain(`value="${ALICE.userId}"`);
    const ok = await send(jar, "/signin", {
      csrf_token: hiddenToken(wrong.text),
      user_id: ALICE.userId,
      password: ALICE.password,
      return: "/search",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/search");
    const session = ok.setCookies.find((c) => c.startsWith("session="));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    // The same cookie as /cgi/session.pl's: /cgi/auth.pl knows the user.
    const auth = await getJson(`${t.url}/cgi/auth.pl`, { headers: { cookie: jar.header() } });
    expect(auth.body).toMatchObject({ status: 1, user_id: ALICE.userId });
    const home = await send(jar, "/");
    expect(home.text).toContain("Signed in as alice");
  });

  it("a return path to another site is not followed", async () => {
    const jar = new Jar();
    await signIn(jar, "/");
    const form = await send(jar, "/signin");
    const answer = await send(jar, "/signin", {
      csrf_token: hiddenToken(form.text),
      user_id: ALICE.userId,
      password: ALICE.password,
      return: "//evil.example/x",
    });
    expect(answer.status, answer.text).toBe(303);
    expect(answer.headers.get("location")).toBe("/");
  });

  it("edit: a new revision through the write path; without the form token nothing is written", async () => {
    const code = "2000000000035";
    const jar = new Jar();
    // Signed out, the edit form sends to the sign-in page.
    const anonymous = await send(jar, `/product/${code}/edit`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe(`/signin?return=%2Fproduct%2F${code}%2Fedit`);
    await signIn(jar);
    const form = await send(jar, `/product/${code}/edit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="Orange juice"');
    const token = hiddenToken(form.text);
    const before = (await getJson(`${t.url}/api/v2/product/${code}?fields=rev,quantity`)).body.product;

    const values = { product_name: "Orange juice", quantity: "1 l", categories: "Orange juices", comment: "size" };
    const forged = await send(jar, `/product/${code}/edit`, { ...values, csrf_token: "x" });
    expect(forged.status).toBe(403);
    const foreign = await send(
      jar,
      `/product/${code}/edit`,
      { ...values, csrf_token: token },
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect((await getJson(`${t.url}/api/v2/product/${code}?fields=rev,quantity`)).body.product).toEqual(before);

    const saved = await send(jar, `/product/${code}/edit`, { ...values, csrf_token: token });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/product/${code}`);
    const after = (await getJson(`${t.url}/api/v2/product/${code}?fields=rev,quantity,last_editor`)).body.product;
    expect(after).toEqual({ rev: before.rev + 1, quantity: "1 l", last_editor: ALICE.userId });
    const page = await send(jar, `/product/${code}`);
    expect(page.text).toMatch(
      new RegExp(
        `<td><strong>${after.rev}</strong></td><td><time[^>]*>[^<]+</time></td><td>alice</td><td>[^<]*quantity`,
      ),
    );
  });

  it("a refused edit shows the write API's message next to its field and keeps what was typed", async () => {
    const code = "2000000000028";
    const jar = new Jar();
    await signIn(jar);
    const token = hiddenToken((await send(jar, `/product/${code}/edit`)).text);
    const before = (await getJson(`${t.url}/api/v2/product/${code}?fields=rev`)).body.product.rev;
    const longLabel = "x".repeat(251);
    const answer = await send(jar, `/product/${code}/edit`, {
      product_name: "Apple juice <typed>",
      labels: `Organic, ${longLabel}`,
      csrf_token: token,
    });
    expect(answer.status).toBe(400);
    // The message of POST /cgi/product_jqm2.pl for the same labels.
    const api = await postForm(t.url, "/cgi/product_jqm2.pl", {
      code,
      labels: `Organic, ${longLabel}`,
      user_id: ALICE.userId,
      password: ALICE.password,
    });
    expect(api.status).toBe(400);
    const message = api.body.status_verbose as string;
    const escaped = message
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;")
      .replaceAll("'", "&#39;");
    expect(answer.text).toContain(`aria-describedby="field-labels-hint field-labels-error" aria-invalid="true"`);
    expect(answer.text).toContain(`<p class="field-error" id="field-labels-error">${escaped}</p>`);
    expect(answer.text).toContain('value="Apple juice &lt;typed&gt;"');
    expect(answer.text).toContain(longLabel);
    expect((await getJson(`${t.url}/api/v2/product/${code}?fields=rev`)).body.product.rev).toBe(before);
  });

  it("add: the 404 page links to the form, which creates the product", async () => {
    const code = "2000000000059";
    const jar = new Jar();
    await signIn(jar);
    const missing = await send(jar, `/product/${code}`);
    expect(missing.status).toBe(404);
    expect(hrefs(missing.text)).toContain(`/product/${code}/edit`);
    const form = await send(jar, `/product/${code}/edit`);
    expect(form.text).toContain(`<h1>Add the product ${code}</h1>`);
    const token = hiddenToken(form.text);
    const empty = await send(jar, `/product/${code}/edit`, { product_name: "", csrf_token: token });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<p class="field-error" id="field-product_name-error">Please fill in this field.</p>');
    const created = await send(jar, `/product/${code}/edit`, {
      product_name: "Pear juice",
      brands: "Orchard",
      csrf_token: token,
    });
    expect(created.status).toBe(303);
    const api = await getJson(`${t.url}/api/v2/product/${code}?fields=product_name,brands_tags,creator`);
    expect(api.body.product).toEqual({ product_name: "Pear juice", brands_tags: ["orchard"], creator: ALICE.userId });
  });

  it("add with the nutrition table per 100 g: the values and the Nutri-Score they give; a non-number is refused", async () => {
    const code = "2000000000066";
    const jar = new Jar();
    await signIn(jar);
    const token = hiddenToken((await send(jar, `/product/${code}/edit`)).text);
    const nutrition = {
      nutrition_data_per: "100g",
      "nutriment_energy-kj": "2252",
      "nutriment_energy-kcal": "539",
      nutriment_fat: "30,9",
      "nutriment_saturated-fat": "10.6",
      nutriment_carbohydrates: "57.5",
      nutriment_sugars: "56.3",
      nutriment_fiber: "0",
      nutriment_proteins: "6.3",
      nutriment_salt: "0.107",
    };
    const bad = await send(jar, `/product/${code}/edit`, {
      product_name: "Spread",
      ...nutrition,
      nutriment_sugars: "lots",
      csrf_token: token,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(
      '<p class="field-error" id="field-nutriment_sugars-error">Enter a number, such as 12.5.</p>',
    );
    expect(bad.text).toContain('value="lots"');
    expect(bad.text).toContain('value="30,9"');
    expect((await getJson(`${t.url}/api/v2/product/${code}`)).body.status).toBe(0);
    const created = await send(jar, `/product/${code}/edit`, {
      product_name: "Spread",
      categories: "Sweet spreads",
      ...nutrition,
      csrf_token: token,
    });
    expect(created.status).toBe(303);
    const api = (await getJson(`${t.url}/api/v2/product/${code}?fields=nutriments,nutriscore_grade`)).body.product;
    expect(api.nutriments.fat_100g).toBe(30.9);
    expect(api.nutriments.sugars_100g).toBe(56.3);
    // Nutella's values: Nutri-Score E on OFF.
    expect(api.nutriscore_grade).toBe("e");
    const page = await send(jar, `/product/${code}`);
    expect(page.text).toContain('<span class="ns ns-e big">Nutri-Score E</span>');
    // The form shows the stored values again.
    const again = await send(jar, `/product/${code}/edit`);
    expect(again.text).toMatch(/id="field-nutriment_sugars" name="nutriment_sugars" value="56.3"/);
  });

  it("nutrition in other units and for the prepared product, as the write API stores them, shown again as typed", async () => {
    const code = "2000000000073";
    const jar = new Jar();
    await signIn(jar);
    const form = await send(jar, `/product/${code}/edit`);
    expect(form.text).toContain('<select id="field-nutriment_salt_unit" name="nutriment_salt_unit">');
    expect(form.text).toContain('id="field-nutriment_sugars_prepared" name="nutriment_sugars_prepared"');
    const token = hiddenToken(form.text);
    const created = await send(jar, `/product/${code}/edit`, {
      product_name: "Soup powder",
      serving_size: "250 ml",
      nutrition_data_per: "100g",
      nutriment_salt: "450",
      nutriment_salt_unit: "mg",
      nutriment_sugars: "12",
      nutrition_data_prepared_per: "serving",
      nutriment_sugars_prepared: "2.5",
      csrf_token: token,
    });
    expect(created.status).toBe(303);
    // SCHEMA.md §2: one input set per preparation and basis, values as sent with their units.
    const { nutrition } = (await getJson(`${t.url}/api/v3.5/product/${code}?fields=nutrition`)).body.product;
    const sets = nutrition.input_sets as Array<Record<string, unknown>>;
    expect(sets.find((s) => s.preparation === "as_sold")).toMatchObject({
      source: "packaging",
      per: "100g",
      nutrients: { salt: { value: 450, unit: "mg" }, sugars: { value: 12, unit: "g" } },
    });
    expect(sets.find((s) => s.preparation === "prepared")).toMatchObject({
      source: "packaging",
      per: "serving",
      nutrients: { sugars: { value: 2.5, unit: "g" } },
    });
    // API v2 shows the prepared product when there is one (SCHEMA.md §5): 2.5 g per 250 ml serving.
    const { nutriments } = (await getJson(`${t.url}/api/v2/product/${code}?fields=nutriments`)).body.product;
    expect(nutriments).toMatchObject({ sugars_prepared_serving: 2.5, sugars_prepared_100g: 1 });
    const again = (await send(jar, `/product/${code}/edit`)).text;
    expect(again).toMatch(/id="field-nutriment_salt" name="nutriment_salt" value="450"/);
    expect(again).toContain('<option value="mg" selected>mg</option>');
    expect(again).toMatch(/id="field-nutriment_sugars_prepared" name="nutriment_sugars_prepared" value="2.5"/);
    expect(again).toMatch(/<select id="field-nutrition_data_prepared_per"[^>]*>.*<option value="serving" selected>/s);
  });

  it("the form of a product stored in the classic schema shows its values as typed, in their units", async () => {
    // An imported document of before schema 1003: `<nid>_value` is the value as sent in `<nid>_unit` (API.md §4.5).
    const code = "2000000000080";
    await t.server.store.upsertProducts([
      {
        code,
        product: {
          code,
          lang: "en",
          product_name: "Crackers",
          nutrition_data_per: "100g",
          nutriments: { salt: 0.45, salt_100g: 0.45, salt_unit: "mg", salt_value: 450, sugars: 3, sugars_100g: 3 },
        },
        info: {
          userId: "import",
          t: 1_700_000_000,
          comment: "",
          appName: "",
          appVersion: "",
          appUuid: "",
          userAgent: "",
        },
        changedFields: ["product_name"],
      },
    ]);
    const jar = new Jar();
    await signIn(jar);
    const form = (await send(jar, `/product/${code}/edit`)).text;
    expect(form).toMatch(/id="field-nutriment_salt" name="nutriment_salt" value="450"/);
    expect(form).toMatch(/<select id="field-nutriment_salt_unit"[^>]*>.*<option value="mg" selected>/s);
    expect(form).toMatch(/id="field-nutriment_sugars" name="nutriment_sugars" value="3"/);
  });

  it("a visitor's page frame is never shown to a signed-in contributor, nor a contributor's to a visitor", async () => {
    const path = `/product/${NUTELLA.code}`;
    const visitor = await send(new Jar(), path);
    expect(visitor.text).toContain(">Sign in</a>");
    const jar = new Jar();
    await signIn(jar);
    const contributor = await send(jar, path);
    expect(contributor.text).toContain(`Signed in as ${ALICE.userId}`);
    expect(contributor.text).not.toContain(">Sign in</a>");
    const token = hiddenToken(contributor.text);
    const visitorAgain = await send(new Jar(), path);
    expect(visitorAgain.text).toContain(">Sign in</a>");
    expect(visitorAgain.text).not.toContain(token);
    expect(visitorAgain.text).not.toContain("Signed in as");
  });

  it("the edit form asks for taxonomy suggestions on categories and labels", async () => {
    const jar = new Jar();
    await signIn(jar);
    const form = await send(jar, `/product/${NUTELLA.code}/edit`);
    expect(form.text).toContain('id="field-categories" name="categories" data-suggest="categories"');
  });

  it("sign out needs the form token, then ends the session", async () => {
    const jar = new Jar();
    await signIn(jar);
    const session = jar.cookies.get("session") as string;
    expect((await send(jar, "/signout", { csrf_token: "forged" })).status).toBe(403);
    const token = hiddenToken((await send(jar, "/")).text);
    const out = await send(jar, "/signout", { csrf_token: token });
    expect(out.status).toBe(303);
    expect(jar.cookies.has("session")).toBe(false);
    const auth = await getJson(`${t.url}/cgi/auth.pl`, { headers: { cookie: `session=${session}` } });
    expect(auth.status).toBe(403);
  });
});
