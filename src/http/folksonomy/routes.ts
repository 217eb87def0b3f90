/**
 * The routes of the folksonomy API and their schemas. The schemas only document (the plugin's
 * validator accepts everything: handlers validate with FastAPI's exact error entries) and feed both
 * OpenAPI documents: the main one (`/api/openapi.json`) and the folksonomy one (`{F}/openapi.json`).
 */
import type { FastifySchema, RouteHandlerMethod } from "fastify";
import { MAX_KEY_LENGTH, MAX_VALUE_LENGTH } from "./validation.js";

const str = { type: "string" } as const;
const int = { type: "integer" } as const;

const tagRow = {
  type: "object",
  properties: {
    product: { type: "string", description: "Barcode, as given" },
    k: { type: "string", description: "Key (property)" },
    v: { type: "string", description: "Value" },
    owner: { type: "string", description: '"" for public tags, else the user id of a private tag' },
    version: { type: "integer", description: "1 at creation, +1 at each update; 0 marks a deletion in the history" },
    editor: str,
    last_edit: { type: "string", description: "UTC, YYYY-MM-DDTHH:MM:SS.ffffff (trailing zeros removed)" },
    comment: str,
  },
} as const;

const tagBody = {
  type: "object",
  required: ["product", "k", "v"],
  properties: {
    product: { type: "string", pattern: "^[0-9]{1,24}$", description: "Barcode: 1 to 24 digits" },
    k: {
      type: "string",
      pattern: "^[a-z0-9_-]+(:[a-z0-9_-]+)*$",
      maxLength: MAX_KEY_LENGTH,
      description: "Key (trimmed)",
    },
    v: { type: "string", maxLength: MAX_VALUE_LENGTH, description: "Value (trimmed, not empty; no NUL character)" },
    owner: { type: "string", default: "", description: '"" for a public tag, or your user id for a private one' },
    version: { type: "integer", default: 1, minimum: 1, description: "POST: 1; PUT: the current version + 1" },
    comment: { type: "string", default: "", maxLength: 200 },
  },
} as const;

const detail = {
  type: "object",
  properties: { detail: { description: "A message, an object `{msg}`, or a list of validation errors" } },
} as const;

const ok = { type: "string", enum: ["ok"], description: 'The JSON string "ok"' } as const;
const ownerQuery = { type: "string", default: "", description: '"" (public) or your user id (private tags)' } as const;
const productParams = { type: "object", properties: { product: str }, required: ["product"] } as const;
const productKeyParams = { type: "object", properties: { product: str, k: str }, required: ["product", "k"] } as const;
const errors = { 401: detail, 422: detail } as const;

export type FolksonomyHandlerName =
  | "hello"
  | "ping"
  | "login"
  | "loginByCookie"
  | "me"
  | "productTags"
  | "productTag"
  | "versions"
  | "create"
  | "update"
  | "remove"
  | "products"
  | "productStats"
  | "keys"
  | "valuesOfKey"
  | "values"
  | "checkClash"
  | "renameProperty"
  | "deleteProperty"
  | "replaceValue"
  | "deleteValue";

export interface FolksonomyRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  handler: FolksonomyHandlerName;
  schema: FastifySchema;
}

const propertyPair = {
  type: "object",
  required: ["old_property", "new_property"],
  properties: { old_property: str, new_property: str },
} as const;

const adminErrors = { 401: detail, 403: detail, 404: detail, 422: detail } as const;

const adminDone = {
  type: "object",
  properties: {
    status: str,
    renamed_products: int,
    conflicting_products_resolved: int,
    deleted_entries: int,
    message: str,
  },
} as const;

export type FolksonomyHandlers = Record<FolksonomyHandlerName, RouteHandlerMethod>;

export const FOLKSONOMY_ROUTES: FolksonomyRoute[] = [
  {
    method: "GET",
    url: "/",
    handler: "hello",
    schema: {
      tags: ["folksonomy"],
      summary: "Hello",
      response: { 200: { type: "object", properties: { message: str } } },
    },
  },
  {
    method: "GET",
    url: "/ping",
    handler: "ping",
    schema: {
      tags: ["folksonomy"],
      summary: "Liveness: the server's UTC time",
      response: { 200: { type: "object", properties: { ping: str } } },
    },
  },
  {
    method: "POST",
    url: "/auth",
    handler: "login",
    schema: {
      tags: ["folksonomy auth"],
      summary: "Get a bearer token for a foodbase user id and password",
      description:
        "OAuth2 password form (urlencoded or multipart). Send the token back as `Authorization: Bearer <token>`. " +
        "Repeated failures for one user name or from one address are refused for a while (429, `Retry-After`).",
      consumes: ["application/x-www-form-urlencoded", "multipart/form-data"],
      body: {
        type: "object",
        required: ["username", "password"],
        properties: {
          grant_type: { type: "string", pattern: "^password$" },
          username: { type: "string", description: "foodbase user id (not the e-mail)" },
          password: { type: "string", format: "password" },
          scope: { type: "string", default: "" },
          client_id: str,
          client_secret: str,
        },
      },
      response: {
        200: { type: "object", properties: { access_token: str, token_type: { type: "string", enum: ["bearer"] } } },
        ...errors,
        429: detail,
      },
    },
  },
  {
    method: "POST",
    url: "/auth_by_cookie",
    handler: "loginByCookie",
    schema: {
      tags: ["folksonomy auth"],
      summary: "Get a bearer token for the foodbase `session` cookie",
      response: {
        200: { type: "object", properties: { access_token: str, token_type: { type: "string", enum: ["bearer"] } } },
        ...errors,
      },
    },
  },
  {
    method: "GET",
    url: "/user/me",
    handler: "me",
    schema: {
      tags: ["folksonomy auth"],
      summary: "The user of the bearer token and their roles",
      response: {
        200: {
          type: "object",
          properties: {
            user_id: str,
            admin: { type: "boolean" },
            moderator: { type: "boolean" },
            user: { type: "boolean" },
          },
        },
        401: detail,
      },
    },
  },
  {
    method: "GET",
    url: "/products/stats",
    handler: "productStats",
    schema: {
      tags: ["folksonomy"],
      summary: "Products with tag statistics, optionally limited to a key or key=value",
      querystring: { type: "object", properties: { k: str, v: str, owner: ownerQuery } },
      response: {
        200: {
          type: "array",
          items: { type: "object", properties: { product: str, keys: int, last_edit: str, editors: int } },
        },
        ...errors,
      },
    },
  },
  {
    method: "GET",
    url: "/products",
    handler: "products",
    schema: {
      tags: ["folksonomy"],
      summary: "Products having a key (or key=value)",
      querystring: {
        type: "object",
        required: ["k"],
        properties: {
          k: { type: "string", description: "Key; empty = every key" },
          v: { type: "string", description: "Value (with a non-empty k)" },
          owner: ownerQuery,
          code: { type: "string", description: "Comma-separated barcodes to keep" },
        },
      },
      response: {
        200: { type: "array", items: { type: "object", properties: { product: str, k: str, v: str } } },
        ...errors,
      },
    },
  },
  {
    method: "GET",
    url: "/product/:product",
    handler: "productTags",
    schema: {
      tags: ["folksonomy"],
      summary: "Tags of a product",
      params: productParams,
      querystring: {
        type: "object",
        properties: { owner: ownerQuery, keys: { type: "string", description: "Comma-separated keys to keep" } },
      },
      response: { 200: { type: "array", items: tagRow }, ...errors },
    },
  },
  {
    method: "GET",
    url: "/product/:product/:k",
    handler: "productTag",
    schema: {
      tags: ["folksonomy"],
      summary: "One tag of a product (an object, or [] if none); `key*` = the key and its `key:…` subkeys (an array)",
      params: productKeyParams,
      querystring: { type: "object", properties: { owner: ownerQuery } },
      response: { 200: { description: "A tag, or an array of tags for `key*`" }, ...errors },
    },
  },
  {
    method: "GET",
    url: "/product/:product/:k/versions",
    handler: "versions",
    schema: {
      tags: ["folksonomy"],
      summary: "Every version of a tag, latest first (deletions are version 0)",
      params: productKeyParams,
      querystring: { type: "object", properties: { owner: ownerQuery } },
      response: { 200: { type: "array", items: tagRow }, ...errors },
    },
  },
  {
    method: "POST",
    url: "/product",
    handler: "create",
    schema: {
      tags: ["folksonomy"],
      summary: "Create a tag (version 1); needs a bearer token",
      body: tagBody,
      response: { 200: ok, ...errors },
    },
  },
  {
    method: "PUT",
    url: "/product",
    handler: "update",
    schema: {
      tags: ["folksonomy"],
      summary: "Update a tag: version = current version + 1; needs a bearer token",
      body: tagBody,
      response: { 200: ok, 404: detail, ...errors },
    },
  },
  {
    method: "DELETE",
    url: "/product/:product/:k",
    handler: "remove",
    schema: {
      tags: ["folksonomy"],
      summary: "Delete a tag at its current version; needs a bearer token",
      params: productKeyParams,
      querystring: {
        type: "object",
        required: ["version"],
        properties: { version: { type: "integer", description: "The current version" }, owner: ownerQuery },
      },
      response: { 200: ok, ...errors },
    },
  },
  {
    method: "GET",
    url: "/keys",
    handler: "keys",
    schema: {
      tags: ["folksonomy"],
      summary: "Keys with their number of products and of distinct values",
      querystring: {
        type: "object",
        properties: { q: { type: "string", description: "Case-insensitive substring of the key" }, owner: ownerQuery },
      },
      response: {
        200: { type: "array", items: { type: "object", properties: { k: str, count: int, values: int } } },
        ...errors,
      },
    },
  },
  {
    method: "GET",
    url: "/values/:k",
    handler: "valuesOfKey",
    schema: {
      tags: ["folksonomy"],
      summary: "Distinct values of a key with their number of products",
      params: { type: "object", properties: { k: str }, required: ["k"] },
      querystring: {
        type: "object",
        properties: {
          owner: ownerQuery,
          q: { type: "string", description: "Case-insensitive substring of the value" },
          limit: { type: "integer", minimum: 0, default: 50, description: "At most 1000" },
        },
      },
      response: {
        200: { type: "array", items: { type: "object", properties: { v: str, product_count: int } } },
        ...errors,
      },
    },
  },
  {
    method: "GET",
    url: "/values",
    handler: "values",
    schema: {
      tags: ["folksonomy"],
      summary: "Tags of some products and/or keys",
      querystring: {
        type: "object",
        properties: {
          codes: { type: "string", description: "Comma-separated barcodes (at most 1000)" },
          keys: { type: "string", description: "Comma-separated keys (at most 1000)" },
          owner: ownerQuery,
        },
      },
      response: {
        200: {
          type: "array",
          items: {
            type: "object",
            properties: { product: str, k: str, v: str, owner: str, version: int, editor: str, last_edit: str },
          },
        },
        ...errors,
      },
    },
  },
  {
    method: "POST",
    url: "/admin/property/check-clash",
    handler: "checkClash",
    schema: {
      tags: ["folksonomy admin"],
      summary: "Moderators: what renaming a public key would merge",
      body: propertyPair,
      response: {
        200: {
          type: "object",
          properties: {
            products_with_both: int,
            products_with_old_only: int,
            products_with_new_only: int,
            conflicting_products: {
              type: "array",
              items: { type: "object", properties: { product: str, old_value: str, new_value: str } },
            },
          },
        },
        ...adminErrors,
      },
    },
  },
  {
    method: "POST",
    url: "/admin/property/rename",
    handler: "renameProperty",
    schema: {
      tags: ["folksonomy admin"],
      summary: "Moderators: rename a public key (where a product has both keys, the new one is kept)",
      body: propertyPair,
      response: { 200: adminDone, ...adminErrors },
    },
  },
  {
    method: "DELETE",
    url: "/admin/property",
    handler: "deleteProperty",
    schema: {
      tags: ["folksonomy admin"],
      summary: "Moderators: delete a public key from every product",
      body: { type: "object", required: ["property"], properties: { property: str } },
      response: { 200: adminDone, ...adminErrors },
    },
  },
  {
    method: "POST",
    url: "/admin/value/replace",
    handler: "replaceValue",
    schema: {
      tags: ["folksonomy admin"],
      summary: "Moderators: replace a value of a public key everywhere",
      body: {
        type: "object",
        required: ["property", "old_value", "new_value"],
        properties: { property: str, old_value: str, new_value: str },
      },
      response: { 200: adminDone, ...adminErrors },
    },
  },
  {
    method: "DELETE",
    url: "/admin/value",
    handler: "deleteValue",
    schema: {
      tags: ["folksonomy admin"],
      summary: "Moderators: delete a value of a public key everywhere",
      body: { type: "object", required: ["property", "value"], properties: { property: str, value: str } },
      response: { 200: adminDone, ...adminErrors },
    },
  },
];
