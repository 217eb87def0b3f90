/**
 * Facets (API.md §5.8): `GET /facets/{tagtype}.json` (tags with their product counts) and
 * `GET /facets/{tagtype}/{tag}.json` (products having a tag, as a search answer), with the root aliases
 * `/{tagtype}.json` and `/{tagtype}/{tag}[.json]` for the tag types of §5.8 in every spelling
 * (`category`, `categories`, `manufacturing-place`, `packager-codes`, …). Root aliases are static
 * routes, so `/api/…`, `/cgi/…` and the folksonomy prefix keep their own routes and 404 answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseLanguageList } from "../domain/language.js";
import type { TagLiteral } from "../domain/search/query.js";
import { SEARCH_TAG_TYPES, tagTypeFromUrl, tagTypeUrlName, tagTypeUrlNames } from "../domain/search/tag-types.js";
import { canonicalizeTagForField, displayTags, TAG_FIELDS, taxonomyOfField } from "../domain/tags.js";
import { countryFromCode } from "../domain/taxonomy/index.js";
import { HttpError } from "./errors.js";
import { JSON_TYPE } from "./json.js";
import { queryParams } from "./params.js";
import { parseOrThrow, sendSearch } from "./search.js";

const DEFAULT_FACET_PAGE_SIZE = 1000;
const MAX_FACET_PAGE_SIZE = 10_000;

/** Tag types with root aliases: those of API.md §5.8 (the others are under /facets/ only). */
const ROOT_TAG_TYPES = [
  ...Object.keys(TAG_FIELDS),
  "nutrition_grades",
  "misc",
  "editors",
  "entry_dates",
  "last_edit_dates",
];

function stripJson(segment: string): string {
  return segment.endsWith(".json") ? segment.slice(0, -".json".length) : segment;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const t = raw.trim();
  const n = Number(t);
  if (!/^\d+$/.test(t) || !Number.isSafeInteger(n) || n < 1) {
    throw HttpError.invalidParameter(name, raw, `${name} must be a positive integer`);
  }
  return n;
}

/** The base of facet `url`s: the configured public URL, else the request's own. */
function baseUrl(app: FastifyInstance, request: FastifyRequest): string {
  const configured = app.foodbase.config.publicUrl.replace(/\/+$/, "");
  return configured !== "" ? configured : `${request.protocol}://${request.host}`;
}

export async function facetRoutes(app: FastifyInstance): Promise<void> {
  const { store, taxonomies } = app.foodbase;

  const list = async (request: FastifyRequest, reply: FastifyReply, urlName: string) => {
    const tagtype = tagTypeFromUrl(stripJson(urlName));
    if (tagtype === undefined) return reply.callNotFound();
    const params = queryParams(request);
    const page = positiveInteger("page", params.page, 1);
    const pageSize = Math.min(
      positiveInteger("page_size", params.page_size, DEFAULT_FACET_PAGE_SIZE),
      MAX_FACET_PAGE_SIZE,
    );
    const sortBy = (params.sort_by ?? "").trim();
    if (sortBy !== "" && sortBy !== "products" && sortBy !== "name") {
      throw HttpError.invalidParameter("sort_by", sortBy, `unknown sort_by value: ${sortBy}`);
    }
    const lc = parseLanguageList(params.lc)[0] ?? "en";
    const country = params.cc === undefined ? undefined : countryFromCode(taxonomies, params.cc);
    const { tags } = await store.facetCounts({ tagtype, ...(country === undefined ? {} : { country }) });
    const taxonomy = taxonomyOfField(tagtype, taxonomies);
    const named = tags.map(({ tag, products }) => ({
      tag,
      products,
      name: (displayTags([tag], lc, taxonomy)[0] as string) ?? tag,
    }));
    if (sortBy === "name") {
      // As a reader of that language sorts names (case and accents second: "Éclair" among the e's).
      const collator = new Intl.Collator(lc, { sensitivity: "variant", numeric: true });
      named.sort((a, b) => collator.compare(a.name, b.name) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    }
    const base = `${baseUrl(app, request)}/${tagTypeUrlName(tagtype)}/`;
    const pageTags = named.slice((page - 1) * pageSize, page * pageSize).map(({ tag, products, name }) => ({
      id: tag,
      known: taxonomy === undefined || taxonomy.has(tag) ? 1 : 0,
      name,
      products,
      url: base + encodeURIComponent(tag).replaceAll("%3A", ":"),
    }));
    return reply
      .type(JSON_TYPE)
      .send(JSON.stringify({ count: tags.length, page, page_size: pageSize, tags: pageTags }));
  };

  const products = async (request: FastifyRequest, reply: FastifyReply, urlName: string, rawTag: string) => {
    const tagtype = tagTypeFromUrl(urlName);
    if (tagtype === undefined) return reply.callNotFound();
    const params = queryParams(request);
    const parsed = parseOrThrow(params, app, false);
    const text = stripJson(rawTag);
    const lc = parseLanguageList(params.lc)[0] ?? "en";
    let literal: TagLiteral | undefined;
    if (text.toLowerCase() === "unknown") literal = { kind: "unknown", negated: false };
    else {
      const tag = canonicalizeTagForField(tagtype, lc, text, taxonomies);
      if (tag !== "") literal = { kind: "tag", tag, negated: false };
    }
    const query = {
      ...parsed.query,
      tags: [...parsed.query.tags, { tagtype, anyOf: literal === undefined ? [] : [literal] }],
    };
    return sendSearch(app, reply, params, parsed, query);
  };

  const hidden = { schema: { hide: true } };
  app.get<{ Params: { tagtype: string } }>(
    "/facets/:tagtype",
    { schema: { tags: ["facets"], summary: "Tags of a tag type with their product counts (/facets/{tagtype}.json)" } },
    (request, reply) => list(request, reply, request.params.tagtype),
  );
  app.get<{ Params: { tagtype: string; tag: string } }>(
    "/facets/:tagtype/:tag",
    { schema: { tags: ["facets"], summary: "Products having a tag (/facets/{tagtype}/{tag}.json)" } },
    (request, reply) => products(request, reply, request.params.tagtype, request.params.tag),
  );
  const rootNames = new Set(ROOT_TAG_TYPES.filter((t) => SEARCH_TAG_TYPES.includes(t)).flatMap(tagTypeUrlNames));
  for (const name of rootNames) {
    app.get(`/${name}.json`, hidden, (request, reply) => list(request, reply, name));
    app.get<{ Params: { tag: string } }>(`/${name}/:tag`, hidden, (request, reply) =>
      products(request, reply, name, request.params.tag),
    );
  }
}
