/**
 * `GET /images/products/…` over real HTTP (IMAGES.md §9, issue 22 item 2): the files the storage
 * module wrote, with Content-Type, ETag, conditional requests, Range and cache lifetimes; 404 in the
 * API's error shape for anything else, path traversal included.
 */

import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageFileCache } from "../../src/http/image-files.js";
import { processSelection, processUpload, WHOLE_PICTURE } from "../../src/images/process.js";
import { ImageFiles } from "../../src/storage/image-files.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let files: ImageFiles;
let upload400: Buffer;
let selection400: Buffer;
const BASE = "/images/products/301/762/042/2003";

/** A raw request: the path is sent as written (fetch would resolve `..` and escapes first). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  base = server.url,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-images-"));
  server = await startTestServer({ users: [], config: { imagesDir: dir } });
  files = new ImageFiles(dir);
  const source = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c05020" } })
    .jpeg()
    .toBuffer();
  const processed = await processUpload(source, { maxBytes: 20 * 1024 * 1024, maxPixels: 100_000_000 });
  await files.writeUpload("3017620422003", 1, processed, { data: source, extension: "jpg" });
  const selection = await processSelection(processed.files[2]?.data as Buffer, { ...WHOLE_PICTURE, angle: 90 });
  await files.writeSelection("3017620422003", "front_en", 3, selection);
  upload400 = processed.files[1]?.data as Buffer;
  selection400 = selection.files[2]?.data as Buffer;
  // An old OFF name without revision (e.g. copied from OFF with `foodbase images import`).
  writeFileSync(join(files.productFolder("3017620422003"), "front_fr.400.jpg"), selection400);
  // A temporary file as a writer in another process leaves it until its rename.
  writeFileSync(join(files.productFolder("3017620422003"), ".front_en.4.400.jpg.123.abc.tmp"), selection400);
  mkdirSync(join(dir, "secret"), { recursive: true });
  writeFileSync(join(dir, "secret", "1.jpg"), "secret");
});

afterAll(async () => {
  await server?.close();
});

describe("GET /images/products/…", () => {
  it("serves an upload's file as image/jpeg with ETag and a long immutable lifetime", async () => {
    const res = await fetch(`${server.url}${BASE}/1.400.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^(W\/)?".+"$/);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(upload400)).toBe(true);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
    for (const name of ["1.jpg", "1.100.jpg"]) {
      const other = await fetch(`${server.url}${BASE}/${name}`);
      expect(other.status, name).toBe(200);
      expect(other.headers.get("cache-control")).toContain("immutable");
    }
  });

  it("serves a selection named with its revision, immutable; an old name without revision, briefly", async () => {
    const res = await fetch(`${server.url}${BASE}/front_en.3.400.jpg`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(selection400)).toBe(true);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const size of ["100", "200", "full"]) {
      expect((await fetch(`${server.url}${BASE}/front_en.3.${size}.jpg`)).status, size).toBe(200);
    }
    const old = await fetch(`${server.url}${BASE}/front_fr.400.jpg`);
    expect(old.status).toBe(200);
    expect(old.headers.get("cache-control")).toBe("public, max-age=600");
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const first = await fetch(`${server.url}${BASE}/1.400.jpg`);
    const etag = first.headers.get("etag") as string;
    await first.arrayBuffer();
    const again = await rawGet(`${BASE}/1.400.jpg`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawGet(`${BASE}/1.400.jpg`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(upload400.length));
    expect(head.body.length).toBe(0);
  });

  it("answers a Range request with 206 and the bytes asked for", async () => {
    const res = await rawGet(`${BASE}/1.400.jpg`, { Range: "bytes=0-99" });
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-99/${upload400.length}`);
    expect(res.body.equals(upload400.subarray(0, 100))).toBe(true);
    const tail = await rawGet(`${BASE}/1.400.jpg`, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(upload400.subarray(upload400.length - 10))).toBe(true);
    const beyond = await rawGet(`${BASE}/1.400.jpg`, { Range: `bytes=${upload400.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(JSON.parse(beyond.body.toString()).errors[0].id).toBe("range_not_satisfiable");
  });

  it("answers 404 in the API's error shape for a missing file", async () => {
    for (const path of [
      `${BASE}/2.jpg`,
      `${BASE}/1.200.jpg`,
      `${BASE}/front_en.4.400.jpg`,
      "/images/products/000/001/234/5678/1.jpg",
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await res.json();
      expect(body.status).toBe(0);
      expect(body.errors[0].id).toBe("image_not_found");
      expect(body.errors[0].message).toBe(`no image file at ${path}`);
    }
  });

  it("never serves the source upload, temporary files, folders or other names", async () => {
    for (const path of [
      `${BASE}/1.jpg.orig`,
      `${BASE}/.front_en.4.400.jpg.123.abc.tmp`,
      `${BASE}/`,
      `${BASE}`,
      "/images/products/",
      "/images/products/301/762/042",
      `${BASE}/1.JPG`,
      `${BASE}/1.json`,
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body.toString()).errors[0].id, path).toBe("image_not_found");
    }
  });

  it("refuses path traversal, encoded or not, and serves nothing outside the folder", async () => {
    for (const path of [
      "/images/products/../secret/1.jpg",
      "/images/products/%2e%2e/secret/1.jpg",
      "/images/products/..%2fsecret/1.jpg",
      "/images/products/301/762/042/2003/..%2f..%2f..%2f..%2f..%2fsecret/1.jpg",
      "/images/products/301/762/042/2003/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret/1.jpg",
      "/images/products/301/762/042/2003/1.jpg%00.orig",
      "/images/products//etc/passwd",
      "/images/products/..\\..\\secret\\1.jpg",
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body.toString()).errors[0].id, path).toBe("image_not_found");
      expect(res.headers["content-type"], path).toMatch(/^application\/json/);
    }
  });

  it("keeps the other routes' 404 and 405 answers", async () => {
    const res = await fetch(`${server.url}${BASE}/1.jpg`, { method: "DELETE" });
    expect([404, 405]).toContain(res.status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await fetch(`${server.url}/images/other/1.jpg`)).status).toBe(404);
  });
});

/** Headers that must be the same whichever path answered (not Date, Connection, Keep-Alive). */
function servedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!["date", "connection", "keep-alive"].includes(name)) kept[name] = value;
  }
  return kept;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("small immutable files from memory", () => {
  it("a repeated request gets the same status, headers and bytes as the first, and 304s alike", async () => {
    const path = `${BASE}/1.100.jpg`;
    const first = await rawGet(path);
    await pause(100);
    const second = await rawGet(path);
    const third = await rawGet(path);
    expect(first.status).toBe(200);
    expect(servedHeaders(second.headers)).toEqual(servedHeaders(first.headers));
    expect(servedHeaders(third.headers)).toEqual(servedHeaders(first.headers));
    expect(third.body.equals(first.body)).toBe(true);
    const etag = first.headers.etag as string;
    const lastModified = first.headers["last-modified"] as string;
    for (const conditional of <Record<string, string>[]>[
      { "If-None-Match": etag },
      { "If-None-Match": `"x", ${etag}` },
      { "If-Modified-Since": lastModified },
    ]) {
      const res = await rawGet(path, conditional);
      expect(res.status, JSON.stringify(conditional)).toBe(304);
      expect(res.body.length).toBe(0);
    }
    expect((await rawGet(path, { "If-None-Match": '"other"' })).status).toBe(200);
    const head = await rawGet(path, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    // Range still gets its 206.
    expect((await rawGet(path, { Range: "bytes=0-9" })).status).toBe(206);
  });

  it("a file deleted through this process is gone at once, even from memory", async () => {
    const processed = await processUpload(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#106010" } })
        .jpeg()
        .toBuffer(),
      { maxBytes: 20 * 1024 * 1024, maxPixels: 100_000_000 },
    );
    await files.writeUpload("3017620422003", 7, processed);
    const path = `${BASE}/7.100.jpg`;
    await rawGet(path);
    await pause(100);
    expect((await rawGet(path)).status).toBe(200);
    await files.deleteUpload("3017620422003", 7);
    const after = await rawGet(path);
    expect(after.status).toBe(404);
    expect(JSON.parse(after.body.toString()).errors[0].id).toBe("image_not_found");
  });

  describe("ImageFileCache", () => {
    let bare: Server;
    let bareUrl: string;
    let cache: ImageFileCache;

    beforeAll(async () => {
      cache = new ImageFileCache(files.productsRoot, { recheckMs: 0 });
      // 599: "not answered from memory" (foodbase hands those to Fastify).
      bare = createServer((req, res) => {
        if (!cache.serve(req, res)) {
          res.statusCode = 599;
          res.end();
        }
      });
      await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
      const address = bare.address() as { port: number };
      bareUrl = `http://127.0.0.1:${address.port}`;
    });
    afterAll(() => new Promise<void>((resolve) => bare.close(() => resolve())));

    it("answers from memory once a file was read, only for immutable names and plain requests", async () => {
      const path = `${BASE}/front_en.3.200.jpg`;
      expect((await rawGet(path, {}, "GET", bareUrl)).status).toBe(599);
      await pause(100);
      const hit = await rawGet(path, {}, "GET", bareUrl);
      expect(hit.status).toBe(200);
      expect(hit.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(hit.headers["access-control-allow-origin"]).toBe("*");
      const viaFoodbase = await rawGet(path);
      expect(hit.body.equals(viaFoodbase.body)).toBe(true);
      expect(hit.headers.etag).toBe(viaFoodbase.headers.etag);
      // Never from memory: a range, a precondition, a name that changes, a missing file, other methods.
      expect((await rawGet(path, { Range: "bytes=0-1" }, "GET", bareUrl)).status).toBe(599);
      expect((await rawGet(path, { "If-Match": "*" }, "GET", bareUrl)).status).toBe(599);
      expect((await rawGet(`${BASE}/front_fr.400.jpg`, {}, "GET", bareUrl)).status).toBe(599);
      await rawGet(`${BASE}/9.jpg`, {}, "GET", bareUrl);
      await pause(50);
      expect((await rawGet(`${BASE}/9.jpg`, {}, "GET", bareUrl)).status).toBe(599);
      expect((await rawGet(path, {}, "DELETE", bareUrl)).status).toBe(599);
      expect((await rawGet(`${BASE}/../${path}`, {}, "GET", bareUrl)).status).toBe(599);
    });

    it("stops serving a file once it is deleted from disk", async () => {
      const path = `${BASE}/front_en.3.100.jpg`;
      await rawGet(path, {}, "GET", bareUrl);
      await pause(100);
      expect((await rawGet(path, {}, "GET", bareUrl)).status).toBe(200);
      const folder = files.productFolder("3017620422003");
      renameSync(join(folder, "front_en.3.100.jpg"), join(folder, "moved-away.jpg"));
      try {
        // The request after the deletion may still be answered while the file is looked for again.
        await rawGet(path, {}, "GET", bareUrl);
        await pause(100);
        expect((await rawGet(path, {}, "GET", bareUrl)).status).toBe(599);
      } finally {
        renameSync(join(folder, "moved-away.jpg"), join(folder, "front_en.3.100.jpg"));
      }
    });
  });
});
