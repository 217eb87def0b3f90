/**
 * `GET /images/products/…`: the photo files (IMAGES.md §9), served by @fastify/static (Content-Type,
 * ETag, Last-Modified, conditional requests, Range). Only OFF's file names are served: never a
 * source upload (`*.orig`, which keeps its EXIF and GPS tags), a temporary file, a folder listing or
 * anything outside the folder.
 */
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { ImageFiles, onImageFilesRemoved } from "../storage/image-files.js";
import { apiErrorBody } from "./errors.js";
import { JSON_TYPE } from "./json.js";
import { stagingGateEnabled } from "./staging-gate.js";

export const IMAGES_PREFIX = "/images/products";

/**
 * A product folder (OFF's split `301/762/042/2003`, or an old unsplit short code) and a file name.
 * Names whose content never changes: an upload (`1.jpg`, `1.100.jpg`: image ids are never reused)
 * and a selection with its revision (`front_en.3.400.jpg`). Old OFF names without a revision
 * (`front_en.400.jpg`), which a later selection replaces, are served too, with a short lifetime.
 */
const FOLDER = String.raw`(?:\d{3}/\d{3}/\d{3}/\d{1,31}|\d{1,13})`;
const IMMUTABLE_NAME = String.raw`(?:\d+(?:\.(?:100|200|400))?\.jpg|[a-z]+_[a-z]{2}\.\d+\.(?:100|200|400|full)\.jpg)`;
const CHANGING_NAME = String.raw`[a-z]+_[a-z]{2}\.(?:100|200|400|full)\.jpg`;
const IMMUTABLE_PATH = new RegExp(`^/${FOLDER}/${IMMUTABLE_NAME}$`);
const SERVED_PATH = new RegExp(`^/${FOLDER}/(?:${IMMUTABLE_NAME}|${CHANGING_NAME})$`);

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const CHANGING_CACHE_CONTROL = "public, max-age=600";

/** The path under the prefix when it names a file that may be served, else undefined. */
export function servedImagePath(url: string): string | undefined {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.startsWith(`${IMAGES_PREFIX}/`)) return undefined;
  const rest = path.slice(IMAGES_PREFIX.length);
  // Names are plain ASCII: any %-escape (%2e%2e, %2f, %00…) is refused rather than decoded.
  return SERVED_PATH.test(rest) ? rest : undefined;
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split("?")[0] ?? "";
  return reply
    .code(404)
    .type(JSON_TYPE)
    .send(JSON.stringify(apiErrorBody([{ id: "image_not_found", message: `no image file at ${path}` }])));
}

/** Registered with the prefix IMAGES_PREFIX, so that its not-found answer is this family's own. */
async function imageFileRoutes(scope: FastifyInstance): Promise<void> {
  const files = ImageFiles.fromConfig(scope.foodbase.config);
  // A read-only installation still serves what is there (@fastify/static then warns of a missing folder).
  const root = await files.ensureProductsRoot().catch(() => files.productsRoot);
  await scope.register(fastifyStatic, {
    root,
    serve: false,
    decorateReply: true,
    index: false,
    list: false,
    dotfiles: "deny",
    cacheControl: false,
    setHeaders: (res, path) => {
      const relative = path.slice(root.length).split("\\").join("/");
      res.setHeader("Cache-Control", IMMUTABLE_PATH.test(relative) ? IMMUTABLE_CACHE_CONTROL : CHANGING_CACHE_CONTROL);
      res.setHeader("X-Content-Type-Options", "nosniff");
    },
  });
  scope.setNotFoundHandler(notFound);
  // @fastify/send's own refusals (416 for a range beyond the file, 412 for a failed precondition)
  // keep their status; the app's handler would turn every other 4xx into a 400.
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 416 || status === 412) {
      const id = status === 416 ? "range_not_satisfiable" : "precondition_failed";
      return reply
        .code(status)
        .type(JSON_TYPE)
        .send(JSON.stringify(apiErrorBody([{ id, message: `${error.message} (${request.url.split("?")[0]})` }])));
    }
    if (status === 404 || status === 403) return notFound(request, reply);
    throw error;
  });
  scope.get("/*", { schema: { hide: true } }, (request, reply) => {
    const path = servedImagePath(request.url);
    if (path === undefined) return notFound(request, reply);
    return reply.sendFile(path.slice(1));
  });
}

/**
 * The image-file family; its own not-found handler applies under IMAGES_PREFIX. Small files are then
 * answered from memory in front of Fastify (ImageFileCache), unless the staging gate must see every
 * request.
 */
export async function imageFilesPlugin(app: FastifyInstance): Promise<void> {
  await app.register(imageFileRoutes, { prefix: IMAGES_PREFIX });
  const { config } = app.foodbase;
  if (!stagingGateEnabled(config)) {
    const cache = new ImageFileCache(ImageFiles.fromConfig(config).productsRoot);
    const stopListening = onImageFilesRemoved((paths) => cache.forget(paths));
    app.addHook("onClose", async () => {
      stopListening();
    });
    serveImagesFromMemory(app, cache);
  }
}

/** A file held in memory, with the headers @fastify/static sends for it. */
interface CachedFile {
  data: Buffer;
  etag: string;
  mtimeMs: number;
  /** Headers of a 200 and of a 304, built once (writeHead with a flat list is the cheapest way to send them). */
  okHeaders: string[];
  notModifiedHeaders: string[];
  /** When it was last found unchanged on disk (performance.now()). */
  checkedAt: number;
}

export interface ImageFileCacheOptions {
  /** Memory for cached files, bytes. */
  maxBytes?: number;
  /** Larger files are always streamed from disk. */
  maxFileBytes?: number;
  /** How often a cached file is looked for on disk again, ms (a deleted upload stops being served after this). */
  recheckMs?: number;
}

/**
 * The hot path of photo serving, in front of Fastify: the small files with names that never change
 * (thumbnails, 400 px versions), once read, are answered from memory with exactly the headers and
 * conditional answers (304) @fastify/static gives them; everything else (a first read, `Range`,
 * `If-Match`, other names, errors) goes through Fastify and @fastify/static as before. A cached file is
 * dropped at once when this process deletes it, and looked for on disk again every `recheckMs` (a delete
 * through another process) and dropped once it is gone or changed.
 * Answers from memory are neither logged per request nor counted in the HTTP metrics.
 */
export class ImageFileCache {
  private readonly files: LRUCache<string, CachedFile>;
  private readonly loading = new Set<string>();
  private readonly maxFileBytes: number;
  private readonly recheckMs: number;

  constructor(
    private readonly productsRoot: string,
    options: ImageFileCacheOptions = {},
  ) {
    this.maxFileBytes = options.maxFileBytes ?? 512 * 1024;
    this.recheckMs = options.recheckMs ?? 10_000;
    this.files = new LRUCache<string, CachedFile>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (file) => file.data.length + 200,
    });
  }

  /** Answers the request from memory and returns true, or returns false for Fastify to answer it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith(IMAGES_PREFIX)) return false;
    const path = servedImagePath(url);
    if (path === undefined || !IMMUTABLE_PATH.test(path)) return false;
    const headers = req.headers;
    if (
      headers.range !== undefined ||
      headers["if-match"] !== undefined ||
      headers["if-unmodified-since"] !== undefined ||
      headers["if-range"] !== undefined
    ) {
      return false;
    }
    const file = this.files.get(path);
    if (file === undefined) {
      this.load(path);
      return false;
    }
    if (performance.now() - file.checkedAt > this.recheckMs) this.recheck(path, file);
    if (notModified(req, file)) {
      res.writeHead(304, file.notModifiedHeaders);
      res.end();
      return true;
    }
    res.writeHead(200, file.okHeaders);
    if (method === "HEAD") res.end();
    else res.end(file.data);
    return true;
  }

  /** Drops files removed by this process (`301/762/042/2003/1.jpg`), before their next request. */
  forget(relativePaths: string[]): void {
    for (const path of relativePaths) this.files.delete(`/${path}`);
  }

  private filePath(path: string): string {
    return join(this.productsRoot, path);
  }

  private load(path: string): void {
    if (this.loading.has(path)) return;
    this.loading.add(path);
    const file = this.filePath(path);
    (async () => {
      const info = await stat(file);
      if (!info.isFile() || info.size > this.maxFileBytes) return;
      const data = await readFile(file);
      const again = await stat(file);
      // Changed while it was read: leave it to the next request.
      if (again.mtimeMs !== info.mtimeMs || data.length !== info.size) return;
      // @fastify/send's validators, so that a client's ETag fits either path; the headers in the order
      // the Fastify path sends them.
      const etag = `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
      const validators = [
        "access-control-allow-origin",
        "*",
        "cache-control",
        IMMUTABLE_CACHE_CONTROL,
        "x-content-type-options",
        "nosniff",
        "accept-ranges",
        "bytes",
        "last-modified",
        info.mtime.toUTCString(),
        "etag",
        etag,
      ];
      this.files.set(path, {
        data,
        etag,
        mtimeMs: info.mtimeMs,
        okHeaders: [...validators, "content-type", "image/jpeg", "content-length", String(data.length)],
        notModifiedHeaders: validators,
        checkedAt: performance.now(),
      });
    })()
      .catch(() => {
        // Missing or unreadable: Fastify's path answers it (404) each time.
      })
      .finally(() => this.loading.delete(path));
  }

  private recheck(path: string, file: CachedFile): void {
    file.checkedAt = performance.now();
    stat(this.filePath(path)).then(
      (info) => {
        if (info.mtimeMs !== file.mtimeMs || info.size !== file.data.length) this.files.delete(path);
      },
      () => this.files.delete(path),
    );
  }
}

/** RFC 9110 §13.1.2–13.1.3, as @fastify/send reads them: If-None-Match wins over If-Modified-Since. */
function notModified(req: IncomingMessage, file: CachedFile): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === "*") return true;
    const weakless = file.etag.slice(2);
    return noneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === file.etag || t === weakless;
    });
  }
  const modifiedSince = req.headers["if-modified-since"];
  if (modifiedSince !== undefined) {
    const since = Date.parse(modifiedSince);
    return !Number.isNaN(since) && Math.floor(file.mtimeMs / 1000) * 1000 <= since;
  }
  return false;
}

/**
 * Puts the cache in front of the app's request handler (before Fastify's routing, hooks and
 * logging), on the app's own server so its timeouts and settings stay Fastify's.
 */
export function serveImagesFromMemory(app: FastifyInstance, cache: ImageFileCache): void {
  const server = app.server;
  const handlers = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (cache.serve(req, res)) return;
    for (const handler of handlers) handler(req, res);
  });
}
