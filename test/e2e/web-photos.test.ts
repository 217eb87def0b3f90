/**
 * The photos page over real HTTP, on the test project's store: upload, selection with rotation and crop,
 * unselection, through the image API's operations, and stored as that API stores them (IMAGES.md §2.1–2.3,
 * §3.3, §5.2); refused forms (no form token, another site, not an image, bad crop) change nothing.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { picture } from "../helpers/pictures.js";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";
import { writeProducts } from "../helpers/web-products.js";
import { hiddenToken, Jar, type PageAnswer, send, signIn } from "../helpers/web-session.js";

const CODE = "2000000000103";
const NAME = "Photo test <crisps>";

let t: TestServer;
let jar: Jar;
/** A JPEG of 800 × 600 pixels whose edges are not of one colour (so OFF's trim keeps them). */
let photo: Buffer;

const photosPath = `/product/${CODE}/photos`;

function uploadForm(token: string | undefined, file: Buffer, filename: string, imagefield = "front"): FormData {
  const form = new FormData();
  if (token !== undefined) form.append("csrf_token", token);
  form.append("imagefield", imagefield);
  form.append("imgupload", new Blob([new Uint8Array(file)]), filename);
  return form;
}

/** The product as API v2 gives it (flat images, IMAGES.md §2.3). */
async function product(fields = "rev,images,max_imgid,image_front_url"): Promise<Record<string, any>> {
  const answer = await getJson(`${t.url}/api/v2/product/${CODE}?fields=${fields}`);
  expect(answer.status).toBe(200);
  return answer.body.product;
}

async function token(): Promise<string> {
  const page = await send(t.url, jar, photosPath);
  expect(page.status).toBe(200);
  return hiddenToken(page.text);
}

function expectRedirectToPhotos(answer: PageAnswer): void {
  expect(answer.status, answer.text).toBe(303);
  expect(answer.headers.get("location")).toBe(photosPath);
}

beforeAll(async () => {
  t = await startTestServer();
  await writeProducts(t.url, [{ code: CODE, product_name: NAME, categories: "Crisps" }]);
  photo = await picture(800, 600);
  jar = new Jar();
  await signIn(t.url, jar);
});

afterAll(async () => {
  await t?.close();
});

describe("photos page", () => {
  it("signed out, the page and its forms send to the sign-in page, and nothing is written", async () => {
    const anonymous = new Jar();
    const page = await send(t.url, anonymous, photosPath);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`/signin?return=%2Fproduct%2F${CODE}%2Fphotos`);
    const upload = await send(t.url, anonymous, `${photosPath}/upload`, uploadForm("x", photo, "front.jpg"));
    expect(upload.status).toBe(303);
    expect(upload.headers.get("location")).toMatch(/^\/signin\?return=/);
    const select = await send(t.url, anonymous, `${photosPath}/select`, { imgid: "1", type: "front", angle: "0" });
    expect(select.status).toBe(303);
    expect(await product("rev,images")).toEqual({ rev: 1 });
  });

  it("is linked from the product page next to Edit, and from the edit page; it is escaped and has no inline script", async () => {
    const productPage = await send(t.url, jar, `/product/${CODE}`);
    expect(productPage.text).toContain(
      `<a href="/product/${CODE}/edit">Edit this product</a> · <a href="/product/${CODE}/photos">Add or choose photos</a>`,
    );
    const edit = await send(t.url, jar, `/product/${CODE}/edit`);
    expect(edit.text).toContain(`<a href="/product/${CODE}/photos">Add or choose photos</a>`);
    const page = await send(t.url, jar, photosPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Photos of Photo test &lt;crisps&gt;</h1>");
    expect(page.text).toContain("No photo has been uploaded yet.");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    expect(page.text).not.toMatch(/<style|\sstyle="/);
    // The upload form: multipart, a file input for images, and what the photo shows.
    expect(page.text).toMatch(
      /<form [^>]*method="post" enctype="multipart\/form-data" action="\/product\/2000000000103\/photos\/upload"/,
    );
    expect(page.text).toMatch(/<input type="file" id="photo-file" name="imgupload" accept="image\/\*"/);
    expect([...page.text.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual([
      "front",
      "ingredients",
      "nutrition",
      "other",
    ]);
    // An unknown product: the 404 page, offering to add it.
    const missing = await send(t.url, jar, "/product/1234567890128/photos");
    expect(missing.status).toBe(404);
  });

  it("a form without the token, or posted from another site, is refused (403) and changes nothing", async () => {
    const valid = await token();
    const before = await product();
    const attempts = [
      send(t.url, jar, `${photosPath}/upload`, uploadForm(undefined, photo, "front.jpg")),
      send(t.url, jar, `${photosPath}/upload`, uploadForm("forged", photo, "front.jpg")),
      send(t.url, jar, `${photosPath}/upload`, uploadForm(valid, photo, "front.jpg"), {
        origin: "https://evil.example",
      }),
      send(t.url, jar, `${photosPath}/select`, { imgid: "1", type: "front", angle: "0" }),
      send(
        t.url,
        jar,
        `${photosPath}/select`,
        { csrf_token: valid, imgid: "1", type: "front", angle: "0" },
        { origin: "https://evil.example" },
      ),
      send(t.url, jar, `${photosPath}/unselect`, { id: "front_en" }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(403);
      expect(answer.text).toContain("This form has expired or was not sent from this site");
    }
    expect(await product()).toEqual(before);
  });

  it("a file that is not an image, or too small, gets the upload API's message next to the file field; nothing is stored", async () => {
    const before = await product();
    const notImage = await send(
      t.url,
      jar,
      `${photosPath}/upload`,
      uploadForm(await token(), Buffer.from("just some text, not a picture\n"), "notes.txt"),
    );
    expect(notImage.status).toBe(400);
    // IMAGES.md §13 scenario 6: "The image could not be read."
    expect(notImage.text).toMatch(/<p class="field-error" id="photo-file-error">The image could not be read\. \(/);
    expect(notImage.text).toMatch(
      /id="photo-file"[^>]*aria-describedby="photo-file-hint photo-file-error" aria-invalid="true"/,
    );
    const tiny = await send(
      t.url,
      jar,
      `${photosPath}/upload`,
      uploadForm(await token(), await picture(100, 100), "tiny.jpg"),
    );
    expect(tiny.status).toBe(400);
    // IMAGES.md §3.4 / scenario 3: OFF's wording for a picture narrower than 640 and lower than 160 pixels.
    expect(tiny.text).toContain(
      '<p class="field-error" id="photo-file-error">The picture is too small. Please do not upload pictures found on the Internet and only send photos you have taken yourself.</p>',
    );
    expect(await product()).toEqual(before);
  });

  it("a file over the image size limit is refused (413) with the API's message, nothing stored", async () => {
    const before = await product();
    const limit = 20 * 1024 * 1024; // FOODBASE_IMAGE_MAX_BYTES' default: OFF's 20 MB
    const tooLarge = await send(
      t.url,
      jar,
      `${photosPath}/upload`,
      uploadForm(await token(), Buffer.alloc(limit + 1, 7), "huge.jpg"),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toContain(
      `<p class="field-error" id="photo-file-error">request body is larger than ${limit} bytes</p>`,
    );
    expect(await product()).toEqual(before);
  });

  it("an upload as the front photo is stored and selected whole, as the upload API with imagefield=front_en", async () => {
    const uploaded = await send(t.url, jar, `${photosPath}/upload`, uploadForm(await token(), photo, "front.jpg"));
    expectRedirectToPhotos(uploaded);
    const after = await product("rev,images,max_imgid,image_front_url,photographers_tags");
    // Created at rev 1; the upload is rev 2, its selection rev 3 (IMAGES.md §2.1, §2.6, §3.3).
    expect(after.rev).toBe(3);
    expect(after.max_imgid).toBe(1);
    expect(after.photographers_tags).toEqual(["alice"]);
    expect(after.images["1"]).toMatchObject({
      uploader: "alice",
      sizes: { 100: { w: 100, h: 75 }, 400: { w: 400, h: 300 }, full: { w: 800, h: 600 } },
    });
    // An uncropped selection in the flat shape: imgid, rev and sizes only (§2.3).
    expect(after.images.front_en).toEqual({
      imgid: 1,
      rev: 3,
      sizes: { 100: { w: 100, h: 75 }, 200: { w: 200, h: 150 }, 400: { w: 400, h: 300 }, full: { w: 800, h: 600 } },
    });
    expect(after.image_front_url).toMatch(/\/images\/products\/200\/000\/000\/0103\/front_en\.3\.400\.jpg$/);
    // The page shows it chosen, and the upload with its selection form.
    const page = await send(t.url, jar, photosPath);
    expect(page.text).toContain("Front of the product (en): photo 1");
    expect(page.text).toContain(
      `<img src="${after.image_front_url.replace(".400.jpg", ".200.jpg")}" alt="Front of the product photo of Photo test &lt;crisps&gt;">`,
    );
    expect(page.text).toMatch(
      /<img src="[^"]*\/200\/000\/000\/0103\/1\.400\.jpg" alt="Uploaded photo 1 of Photo test &lt;crisps&gt;" width="400" height="300"/,
    );
    expect(page.text).toContain('<button type="submit">Use photo 1</button>');
    const thumbnail = /<img src="([^"]*\/1\.400\.jpg)"/.exec(page.text)?.[1] as string;
    const file = await fetch(thumbnail);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    // The same bytes again: OFF's duplicate answer, nothing new.
    const again = await send(t.url, jar, `${photosPath}/upload`, uploadForm(await token(), photo, "again.jpg"));
    expect(again.status).toBe(409);
    expect(again.text).toContain('<p class="field-error" id="photo-file-error">This picture has already been sent.');
    expect((await product("rev")).rev).toBe(3);
  });

  it("select with a rotation and a crop: stored as the crop API stores them, with the picture cropped", async () => {
    const turnedAndCropped = { imgid: "1", type: "front", angle: "90", x1: "100", y1: "50", x2: "500", y2: "350" };
    const selected = await send(t.url, jar, `${photosPath}/select`, { csrf_token: await token(), ...turnedAndCropped });
    expectRedirectToPhotos(selected);
    const after = await product();
    expect(after.rev).toBe(4);
    // §2.2/§2.3: the normalised generation on the flat entry; coordinates in pixels of the full picture
    // after rotation (800 × 600 turned a quarter: 600 × 800), so the crop is 400 × 300.
    expect(after.images.front_en).toEqual({
      imgid: 1,
      rev: 4,
      angle: 90,
      coordinates_image_size: "full",
      x1: 100,
      y1: 50,
      x2: 500,
      y2: 350,
      sizes: { 100: { w: 100, h: 75 }, 200: { w: 200, h: 150 }, 400: { w: 400, h: 300 }, full: { w: 400, h: 300 } },
    });
    expect(after.image_front_url).toMatch(/\/front_en\.4\.400\.jpg$/);
    const split = (await getJson(`${t.url}/api/v3.3/product/${CODE}?fields=images`)).body.product.images;
    expect(split.selected.front.en.generation).toEqual({
      angle: 90,
      coordinates_image_size: "full",
      x1: 100,
      x2: 500,
      y1: 50,
      y2: 350,
    });
    const full = await fetch(after.image_front_url.replace(".400.jpg", ".full.jpg"));
    expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 300 });
    // The same selection again changes nothing (§5.2 step 3).
    const same = await send(t.url, jar, `${photosPath}/select`, { csrf_token: await token(), ...turnedAndCropped });
    expectRedirectToPhotos(same);
    expect((await product("rev")).rev).toBe(4);
    // As ingredients, whole: a second selection of the same upload.
    const ingredients = await send(t.url, jar, `${photosPath}/select`, {
      csrf_token: await token(),
      imgid: "1",
      type: "ingredients",
      angle: "0",
    });
    expectRedirectToPhotos(ingredients);
    expect((await product("images")).images.ingredients_en).toMatchObject({ imgid: 1, rev: 5 });
  });

  it("bad crop numbers, a bad angle and an unknown photo: 400, the message next to the field, nothing changes", async () => {
    const before = await product();
    const select = async (fields: Record<string, string>) =>
      send(t.url, jar, `${photosPath}/select`, { csrf_token: await token(), type: "nutrition", angle: "0", ...fields });

    const notNumber = await select({ imgid: "1", x1: "abc", y1: "0", x2: "100", y2: "100" });
    expect(notNumber.status).toBe(400);
    // The crop API's reason (IMAGES.md §5.3 "status not ok - image not selected - …").
    expect(notNumber.text).toContain(
      '<p class="field-error" id="photo-1-x1-error">Image not selected - invalid x1</p>',
    );
    expect(notNumber.text).toMatch(
      /id="photo-1-x1" name="x1" value="abc" data-crop="x1" aria-describedby="photo-1-x1-error" aria-invalid="true"/,
    );

    const partial = await select({ imgid: "1", x1: "10", y1: "10", x2: "100" });
    expect(partial.status).toBe(400);
    expect(partial.text).toContain(
      '<p class="field-error" id="photo-1-crop-error">Fill in all four corners, or none to keep the whole picture.</p>',
    );

    const angle = await select({ imgid: "1", angle: "45" });
    expect(angle.status).toBe(400);
    expect(angle.text).toContain(
      '<p class="field-error" id="photo-1-angle-error">Image not selected - invalid angle</p>',
    );

    const outside = await select({ imgid: "1", x1: "5000", y1: "5000", x2: "6000", y2: "6000" });
    expect(outside.status).toBe(400);
    expect(outside.text).toMatch(
      /<p class="field-error" id="photo-1-crop-error">Image not selected - image cannot be cropped: /,
    );

    const unknown = await select({ imgid: "25" });
    expect(unknown.status).toBe(400);
    // IMAGES.md §13 scenario 12: "image not selected - imgid not in uploaded images".
    expect(unknown.text).toContain(
      '<p class="error" role="alert">Image not selected - imgid not in uploaded images</p>',
    );

    expect(await product()).toEqual(before);
  });

  it("an upload as something else is stored; it is not the front photo while there is one (§3.3)", async () => {
    const other = await send(
      t.url,
      jar,
      `${photosPath}/upload`,
      uploadForm(await token(), await picture(640, 480, "png"), "back.png", "other"),
    );
    expectRedirectToPhotos(other);
    const after = await product();
    expect(after.max_imgid).toBe(2);
    expect(after.images["2"].sizes.full).toEqual({ w: 640, h: 480 });
    expect(after.images.front_en.imgid).toBe(1);
  });

  it("unselect: the selection goes, the uploaded photos stay", async () => {
    const before = await product();
    const answer = await send(t.url, jar, `${photosPath}/unselect`, { csrf_token: await token(), id: "front_en" });
    expectRedirectToPhotos(answer);
    const after = await product();
    expect(after.rev).toBe(before.rev + 1);
    expect(after.images.front_en).toBeUndefined();
    expect(after.image_front_url).toBeUndefined();
    expect(Object.keys(after.images).sort()).toEqual(["1", "2", "ingredients_en"]);
    const page = await send(t.url, jar, photosPath);
    expect(page.text).not.toContain("Front of the product (en): photo");
    expect(page.text).toContain("Ingredients (en): photo 1");
  });

  it("in French with ?lc=fr: French strings, and photos chosen for French", async () => {
    const page = await send(t.url, jar, `${photosPath}?lc=fr`);
    expect(page.text).toContain("<h1>Photos de Photo test &lt;crisps&gt;</h1>");
    const selected = await send(t.url, jar, `${photosPath}/select?lc=fr`, {
      csrf_token: hiddenToken(page.text),
      imgid: "2",
      type: "nutrition",
      angle: "0",
    });
    expect(selected.status).toBe(303);
    expect(selected.headers.get("location")).toBe(`${photosPath}?lc=fr`);
    expect((await product("images")).images.nutrition_fr).toMatchObject({ imgid: 2 });
  });
});
