/**
 * Tag routes of the folksonomy API (API.md §7.5, §7.6), with the Folksonomy Engine's behaviour.
 * Order of checks: body validation (422) → authentication (401) → owner → existence/version.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { JSON_TYPE } from "../json.js";
import { checkOwner } from "./auth.js";
import {
  commaList,
  FolksonomyError,
  formatLastEdit,
  formatPythonDateTime,
  jsonBodyInput,
  OK_BODY,
  pathParam,
  queryValue,
  requiredQuery,
  sendJson,
  validationFailed,
} from "./common.js";
import { type FieldError, greaterThanEqual, parseLaxInt, pyStrip, validateTagBody } from "./validation.js";

const MAX_VALUES_LIMIT = 1000;
const DEFAULT_VALUES_LIMIT = 50;
const MAX_LIST_ITEMS = 1000;
const VERSION_CONFLICT = "Version conflict for this product (might result from a concurrent edit)";

function sendRaw(reply: FastifyReply, json: string): FastifyReply {
  return reply.code(200).type(JSON_TYPE).send(json);
}

export function tagHandlers(app: FastifyInstance) {
  const tags = app.foodbase.store.folksonomy;
  const owner = (request: FastifyRequest): string => queryValue(request, "owner") ?? "";

  return {
    async hello(_request: FastifyRequest, reply: FastifyReply) {
      return sendJson(reply, 200, { message: "Hello folksonomy World! Tip: open /docs for documentation" });
    },

    async ping(_request: FastifyRequest, reply: FastifyReply) {
      return sendJson(reply, 200, { ping: `pong @ ${formatPythonDateTime(Date.now())}` });
    },

    async productTags(request: FastifyRequest, reply: FastifyReply) {
      const product = pathParam(request, "product");
      const ownerValue = owner(request);
      if (ownerValue !== "") await checkOwner(app, request, ownerValue, true);
      const keys = queryValue(request, "keys");
      const json = await tags.getProductTagsJson(
        product,
        ownerValue,
        keys === undefined || keys === "" ? undefined : keys.split(",").map((k) => k.trim()),
      );
      return sendRaw(reply, json);
    },

    async productTag(request: FastifyRequest, reply: FastifyReply) {
      const product = pathParam(request, "product");
      const k = pyStrip(pathParam(request, "k"));
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      if (k.endsWith("*")) {
        return sendRaw(reply, JSON.stringify(await tags.getTagsWithPrefix(product, ownerValue, k.slice(0, -1))));
      }
      const row = await tags.getTag(product, ownerValue, k);
      return sendRaw(reply, row === undefined ? "[]" : JSON.stringify(row));
    },

    async versions(request: FastifyRequest, reply: FastifyReply) {
      const product = pathParam(request, "product");
      const k = pyStrip(pathParam(request, "k"));
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      return sendRaw(reply, JSON.stringify(await tags.getTagVersions(product, ownerValue, k)));
    },

    async create(request: FastifyRequest, reply: FastifyReply) {
      const check = validateTagBody(jsonBodyInput(request));
      if (!check.ok) throw validationFailed(check.errors);
      const tag = check.tag;
      const editor = (await checkOwner(app, request, tag.owner, false)) as string;
      if (tag.version !== 1) {
        throw new FolksonomyError(422, { msg: `first version must be equal to 1, was ${tag.version}` });
      }
      const result = await tags.createTag({ ...tag, editor, lastEdit: formatLastEdit(Date.now()) });
      if (!result.ok) throw new FolksonomyError(422, { msg: VERSION_CONFLICT });
      return sendRaw(reply, OK_BODY);
    },

    async update(request: FastifyRequest, reply: FastifyReply) {
      const check = validateTagBody(jsonBodyInput(request));
      if (!check.ok) throw validationFailed(check.errors);
      const tag = check.tag;
      const editor = (await checkOwner(app, request, tag.owner, false)) as string;
      const result = await tags.updateTag({ ...tag, editor, lastEdit: formatLastEdit(Date.now()) });
      if (!result.ok) {
        if (result.reason === "not_found") throw new FolksonomyError(404, "Key was not found");
        throw new FolksonomyError(422, [
          {
            type: "value_error",
            loc: ["body", "version"],
            msg: `Value error, version must be exactly ${result.expected}`,
            input: tag.version,
          },
        ]);
      }
      return sendRaw(reply, OK_BODY);
    },

    async remove(request: FastifyRequest, reply: FastifyReply) {
      const errors: FieldError[] = [];
      const rawVersion = requiredQuery(request, "version", errors);
      let version = 0;
      if (errors.length === 0) {
        const parsed = parseLaxInt(["query", "version"], rawVersion);
        if (parsed.ok) version = parsed.value;
        else errors.push(parsed.error);
      }
      if (errors.length > 0) throw validationFailed(errors);
      const ownerValue = owner(request);
      const editor = (await checkOwner(app, request, ownerValue, false)) as string;
      const deleted = await tags.deleteTag({
        product: pathParam(request, "product"),
        owner: ownerValue,
        k: pyStrip(pathParam(request, "k")),
        version,
        editor,
        lastEdit: formatLastEdit(Date.now()),
      });
      if (!deleted) throw new FolksonomyError(422, "Unknown product/k/version for this owner");
      return sendRaw(reply, OK_BODY);
    },

    async products(request: FastifyRequest, reply: FastifyReply) {
      const errors: FieldError[] = [];
      const k = requiredQuery(request, "k", errors);
      if (errors.length > 0) throw validationFailed(errors);
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      const filter = { owner: ownerValue, k: pyStrip(k), v: pyStrip(queryValue(request, "v") ?? "") };
      const rows = await tags.listProducts(filter, commaList(queryValue(request, "code")));
      return sendRaw(reply, JSON.stringify(rows));
    },

    async productStats(request: FastifyRequest, reply: FastifyReply) {
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      const filter = {
        owner: ownerValue,
        k: pyStrip(queryValue(request, "k") ?? ""),
        v: pyStrip(queryValue(request, "v") ?? ""),
      };
      return sendRaw(reply, JSON.stringify(await tags.productStats(filter)));
    },

    async keys(request: FastifyRequest, reply: FastifyReply) {
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      return sendRaw(reply, JSON.stringify(await tags.keyStats(ownerValue, queryValue(request, "q") ?? "")));
    },

    async valuesOfKey(request: FastifyRequest, reply: FastifyReply) {
      const errors: FieldError[] = [];
      const rawLimit = queryValue(request, "limit");
      let limit = DEFAULT_VALUES_LIMIT;
      if (rawLimit !== undefined) {
        const parsed = parseLaxInt(["query", "limit"], rawLimit);
        if (!parsed.ok) errors.push(parsed.error);
        else if (parsed.value < 0) errors.push(greaterThanEqual(["query", "limit"], 0, rawLimit));
        else limit = Math.min(parsed.value, MAX_VALUES_LIMIT);
      }
      if (errors.length > 0) throw validationFailed(errors);
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      const k = pyStrip(pathParam(request, "k"));
      const rows = await tags.valueCounts(ownerValue, k, queryValue(request, "q") ?? "", limit);
      return sendRaw(reply, JSON.stringify(rows));
    },

    async values(request: FastifyRequest, reply: FastifyReply) {
      const ownerValue = owner(request);
      await checkOwner(app, request, ownerValue, true);
      const codes = commaList(queryValue(request, "codes"));
      const keys = commaList(queryValue(request, "keys"));
      if (codes.length === 0 && keys.length === 0) {
        throw new FolksonomyError(422, "At least one of 'code' or 'keys' parameters must be provided");
      }
      if (codes.length > MAX_LIST_ITEMS) throw new FolksonomyError(422, "Maximum 1000 products allowed");
      if (keys.length > MAX_LIST_ITEMS) throw new FolksonomyError(422, "Maximum 1000 keys allowed");
      return sendRaw(reply, JSON.stringify(await tags.tagValues(ownerValue, codes, keys)));
    },
  };
}
