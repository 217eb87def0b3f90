/**
 * `GET /images/products/…`: the photo files (IMAGES.md §9), served by @fastify/static (Content-Type,
 * ETag, Last-Modified, conditional requests, Range). Only OFF's file names are served: never a
 * source upload (`*.orig`, which keeps its EXIF and GPS tags), a temporary file, a folder listing or
 * anything outside the folder.
 */
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ImageFiles } from "../storage/image-files.js";
import { apiErrorBody } from "./errors.js";
import { JSON_TYPE } from "./json.js";

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
  const root = ImageFiles.fromConfig(scope.foodbase.config).productsRoot;
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

/** The image-file family; its own not-found handler applies under IMAGES_PREFIX. */
export async function imageFilesPlugin(app: FastifyInstance): Promise<void> {
  await app.register(imageFileRoutes, { prefix: IMAGES_PREFIX });
}
