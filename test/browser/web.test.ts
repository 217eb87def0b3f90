/**
 * The web pages in a real browser (headless Chromium, no display needed): searching by words and by a
 * facet, a product's Nutri-Score and nutrition table, escaping, the CSP, keyboard use, phone widths, and
 * an axe-core accessibility scan of every page type. Screenshots go to test-results/screenshots.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserArgs, launchBrowser } from "../helpers/browser.js";
import { picture } from "../helpers/pictures.js";
import { ALICE, startTestServer, type TestServer } from "../helpers/server.js";
import { NUTELLA, writeProducts } from "../helpers/web-products.js";

const SCREENSHOTS = join(import.meta.dirname, "../../test-results/screenshots");

const PRODUCTS: Array<Record<string, string>> = [
  NUTELLA,
  { code: "2000000000011", product_name: "<script>alert(1)</script>", categories: "Cheeses" },
  {
    code: "2000000000028",
    product_name: "Apple juice",
    categories: "Apple juices",
    labels: "Organic",
    countries: "France",
  },
  { code: "2000000000035", product_name: "Orange juice", categories: "Orange juices", countries: "Spain" },
  { code: "2000000000042", product_name: "Cheddar", categories: "Cheeses", labels: "Organic", countries: "France" },
];

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
/** Messages of the browser console and dialogs opened, over the whole run. */
const consoleErrors: string[] = [];
const dialogs: string[] = [];

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return page;
}

/** axe-core's violations of impact serious or critical on the page (WCAG 2.1 A and AA rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) does not apply to it.
  await page.evaluate(axe.source);
  const scan = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            passes: unknown[];
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return {
      passes: result.passes.length,
      violations: result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(" ")),
      })),
    };
  });
  // The scan ran: rules such as color-contrast, image-alt, label and html-has-lang were checked.
  expect(scan.passes).toBeGreaterThan(5);
  return scan.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(", ")}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  t = await startTestServer();
  await writeProducts(t.url, PRODUCTS);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

describe("launch flags", () => {
  it("keep web security and site isolation, and several processes", () => {
    const args = browserArgs([
      "--single-process",
      "--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process",
      "--disable-site-isolation-trials",
      "--disable-web-security",
      "--no-sandbox",
    ]);
    expect(args).toEqual(["--disable-features=AudioServiceOutOfProcess", "--no-sandbox"]);
  });
});

describe("pages in Chromium", () => {
  it("home: search by words from the search box", async () => {
    const page = await newPage();
    await page.goto(`${t.url}/`);
    expect(await page.title()).toBe("Find food products – foodbase");
    expect(await page.locator("ul.tiles a").first().textContent()).toMatch(/products?$/);
    await shoot(page, "home");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Search products").last().fill("juice");
    await page.getByLabel("Search products").last().press("Enter");
    await page.waitForURL(/\/search\?search_terms=juice/);
    expect(await page.locator("#results-count").textContent()).toBe("2 products found");
    expect(await page.locator("ul.results .name").allTextContents()).toEqual(
      expect.arrayContaining(["Apple juice", "Orange juice"]),
    );
    await shoot(page, "search");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("search: a facet narrows the results; the sort menu applies itself (script allowed by the CSP)", async () => {
    const page = await newPage();
    await page.goto(`${t.url}/search?search_terms=juice`);
    await page.locator("aside details", { hasText: "Labels" }).getByRole("link", { name: "Organic" }).click();
    await page.waitForURL(/labels_tags=en%3Aorganic/);
    expect(await page.locator("#results-count").textContent()).toBe("1 product found");
    expect(await page.locator("ul.results .name").allTextContents()).toEqual(["Apple juice"]);
    await page.goto(`${t.url}/search?countries_tags=en:france`);
    await page.selectOption("#sort_by", "product_name");
    await page.waitForURL(/sort_by=product_name/);
    expect(await page.locator("ul.results .name").allTextContents()).toEqual(["Apple juice", "Cheddar", "Nutella"]);
    await page.close();
  });

  it("product: Nutri-Score badge and computation, nutrition table, reached from the results", async () => {
    const page = await newPage();
    await page.goto(`${t.url}/search?search_terms=nutella`);
    await page.getByRole("link", { name: /Nutella/ }).click();
    await page.waitForURL(/\/product\/3017620422003\/nutella/);
    expect(await page.locator("h1").textContent()).toBe("Nutella");
    expect(await page.locator(".ns.big").first().textContent()).toBe("Nutri-Score E");
    const sugars = page.locator("#nutrition-table tr", { hasText: "Sugars" });
    expect(await sugars.locator("td").first().textContent()).toBe("56.3 g");
    expect(await page.locator("#nutrition-table thead").textContent()).toContain("Per serving (15 g)");
    // The other version's computation opens on demand.
    const other = page.locator("details", { hasText: "Nutri-Score 2023 (other version)" });
    await other.locator("summary").click();
    expect(await other.locator("tr", { hasText: "Sugars" }).locator("td").last().textContent()).toBe("15 / 15");
    await shoot(page, "product");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("a product named <script>alert(1)</script> is shown as text and runs nothing", async () => {
    const page = await newPage();
    await page.goto(`${t.url}/product/2000000000011`);
    expect(await page.locator("h1").textContent()).toBe("<script>alert(1)</script>");
    await page.goto(`${t.url}/search?search_terms=alert`);
    expect(await page.locator("ul.results .name").allTextContents()).toEqual(["<script>alert(1)</script>"]);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it("tag page, tag list and 404 page pass the accessibility scan", async () => {
    const page = await newPage();
    for (const [name, path, status] of [
      ["tag", "/category/en:cheeses", 200],
      ["tag-list", "/facets/categories?lc=fr", 200],
      ["not-found", "/product/1234567890128", 404],
    ] as const) {
      const response = await page.goto(`${t.url}${path}`);
      expect(response?.status(), path).toBe(status);
      await shoot(page, name);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Product not found");
    await page.close();
  });

  it("keyboard: the first Tab reaches the skip link, which moves to the content", async () => {
    const page = await newPage();
    await page.goto(`${t.url}/search?search_terms=juice`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.close();
  });

  it("phone width: no page scrolls sideways", async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await phone.newPage();
    for (const path of ["/", "/search?search_terms=juice", "/product/3017620422003", "/category/en:cheeses"]) {
      await page.goto(`${t.url}${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${t.url}/product/3017620422003`);
    await page.screenshot({ path: join(SCREENSHOTS, "product-phone.png"), fullPage: true });
    await phone.close();
  });

  it("contributing: sign in, see validation errors next to fields, edit a value and see the new revision", async () => {
    const page = await newPage();
    await page.goto(`${t.url}/product/2000000000035`);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/signin\?return=/);
    await shoot(page, "sign-in");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("User name").fill(ALICE.userId);
    await page.getByLabel("Password").fill(ALICE.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/product\/2000000000035$/);
    expect(await page.locator("header .account span").textContent()).toBe("Signed in as alice");
    // The session cookie is out of reach of the page's scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain("session=");

    await page.getByRole("link", { name: "Edit this product" }).click();
    await page.waitForURL(/\/edit$/);
    expect(await page.getByLabel("Product name").inputValue()).toBe("Orange juice");
    await page.getByLabel("Labels").fill(`Organic, ${"x".repeat(251)}`);
    await page.getByLabel("Quantity").fill("2 l");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForSelector("#field-labels-error");
    expect(await page.locator("#field-labels-error").textContent()).toMatch(/labels/);
    expect(await page.getByLabel("Labels").getAttribute("aria-invalid")).toBe("true");
    // What was typed is still there.
    expect(await page.getByLabel("Quantity").inputValue()).toBe("2 l");
    await shoot(page, "edit-errors");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Labels").fill("Organic");
    await page.getByLabel("Comment on your edit").fill("bigger bottle");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/product\/2000000000035$/);
    expect(await page.locator("dl.facts").textContent()).toContain("2 l");
    const latest = page
      .locator("section", { has: page.locator("#history") })
      .locator("tbody tr")
      .first();
    expect(await latest.locator("td").nth(2).textContent()).toBe("alice");
    expect(await latest.locator("td").nth(4).textContent()).toBe("bigger bottle");
    expect(await latest.locator("td").nth(3).textContent()).toContain("quantity");
    // The previous revision is one click away.
    await page
      .locator("section", { has: page.locator("#history") })
      .locator("tbody tr")
      .nth(1)
      .locator("a")
      .click();
    expect(await page.locator(".notice").textContent()).toContain("You are viewing revision 1");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/$/);
    expect(await page.getByRole("link", { name: "Sign in" }).count()).toBe(1);
    await page.close();
  });

  it("contributing: add an unknown product with its nutrition table from its 404 page, then its front photo", async () => {
    const page = await newPage();
    const response = await page.goto(`${t.url}/product/2000000000073`);
    expect(response?.status()).toBe(404);
    await page.getByRole("link", { name: "Add this product" }).click();
    await page.waitForURL(/\/signin\?return=/);
    await page.getByLabel("User name").fill(ALICE.userId);
    await page.getByLabel("Password").fill(ALICE.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/product\/2000000000073\/edit$/);
    expect(await page.locator("h1").textContent()).toBe("Add the product 2000000000073");
    await page.getByLabel("Product name").fill("Hazelnut spread");
    // Suggestions from the categories taxonomy as one types the last item.
    await page.getByLabel("Categories").pressSequentially("Sweet spr", { delay: 20 });
    await page.waitForFunction(() => document.querySelectorAll("#field-categories-suggestions option").length > 0);
    const options = await page
      .locator("#field-categories-suggestions option")
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain("Sweet spreads");
    await page.getByLabel("Categories").fill("Sweet spreads");
    await page.getByLabel("Values as sold are").selectOption("100g");
    await page.getByLabel("Serving size").fill("15 g");
    for (const [label, value] of [
      ["Energy (kJ), As sold", "2252"],
      ["Energy (kcal), As sold", "539"],
      ["Fat, As sold", "30.9"],
      ["Saturated fat, As sold", "10.6"],
      ["Carbohydrates, As sold", "57.5"],
      ["Sugars, As sold", "56.3"],
      ["Fibre, As sold", "0"],
      ["Proteins, As sold", "6.3"],
      ["Salt, As sold", "107"],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel("Unit of Salt").selectOption("mg");
    await shoot(page, "add-product");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/product\/2000000000073$/);
    expect(await page.locator("h1").textContent()).toBe("Hazelnut spread");
    expect(await page.locator(".ns.big").first().textContent()).toBe("Nutri-Score E");
    const sugars = page.locator("#nutrition-table tr", { hasText: "Sugars" });
    expect(await sugars.locator("td").first().textContent()).toBe("56.3 g");
    expect(await page.locator("#nutrition-table thead").textContent()).toContain("Per serving (15 g)");
    // 107 mg of salt per 100 g, shown in grams.
    const salt = page.locator("#nutrition-table tr", { hasText: "Salt" });
    expect(await salt.locator("td").first().textContent()).toBe("0.107 g");

    // Its photos: upload one as the front photo, then choose it again turned and cropped by drawing on it.
    await page.getByRole("link", { name: "Add or choose photos" }).click();
    await page.waitForURL(/\/product\/2000000000073\/photos$/);
    await page
      .getByLabel("Photo file")
      .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await picture(800, 600) });
    await page.getByLabel("This photo shows").selectOption({ label: "Front of the product" });
    await page.getByRole("button", { name: "Upload" }).click();
    await page.waitForSelector("#photo-1");
    expect(await page.locator("#selected-photos ~ ul figcaption").allTextContents()).toEqual([
      "Front of the product (en): photo 1",
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    const photo = page.locator("#photo-1");
    await photo.locator("img").scrollIntoViewIfNeeded();
    const box = (await photo.locator("img").boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.7, { steps: 8 });
    await page.mouse.up();
    // The drawing did not follow the link to the full-size photo.
    expect(page.url()).toMatch(/\/photos$/);
    const corners = async () =>
      Promise.all(
        ["Left (x1)", "Top (y1)", "Right (x2)", "Bottom (y2)"].map(async (label) =>
          Number(await photo.getByLabel(label).inputValue()),
        ),
      );
    // 10 %–60 % across and 20 %–70 % down the 800 × 600 picture (a pixel or two off for the border).
    const near = (values: number[], expected: number[]) =>
      values.forEach((v, i) =>
        expect(Math.abs(v - (expected[i] as number)), `${values} ≈ ${expected}`).toBeLessThanOrEqual(2),
      );
    near(await corners(), [80, 120, 480, 420]);
    // Turned a quarter clockwise, the picture is 600 × 800 and the rectangle follows it.
    await photo.getByLabel("Rotate clockwise by").selectOption("90");
    near(await corners(), [180, 80, 480, 480]);
    await shoot(page, "photos");
    // At a phone's width the page does not scroll sideways either.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    const chosenBefore = await page.locator("#selected-photos ~ ul img").getAttribute("src");
    await photo.getByRole("button", { name: "Use photo 1" }).click();
    await page.waitForFunction((before) => {
      const img = document.querySelector("#selected-photos ~ ul img");
      return img !== null && img.getAttribute("src") !== before;
    }, chosenBefore);
    await page.getByRole("link", { name: "Back to the product" }).click();
    await page.waitForURL(/\/product\/2000000000073$/);
    const front = page.locator(".photos img").first();
    expect(await front.getAttribute("alt")).toBe("Front of the product photo of Hazelnut spread");
    const size = await front.evaluate(async (img: HTMLImageElement) => {
      if (!img.complete) await new Promise((resolve) => img.addEventListener("load", resolve));
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    // The 300 × 400 crop of the turned picture: loaded, and upright.
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(size.width);
    await shoot(page, "product-with-photo");
    await page.close();
  });

  it("no page broke its Content-Security-Policy or logged an error", () => {
    // The 404 page and the refused edit (400) are logged as failed loads: they are meant.
    const expected = /^Failed to load resource: the server responded with a status of (400|404)/;
    expect(consoleErrors.filter((m) => !expected.test(m))).toEqual([]);
  });
});
