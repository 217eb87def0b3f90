/**
 * Facets (API.md §5.8): `GET /facets/{tagtype}.json` (tags with their product counts) and
 * `GET /facets/{tagtype}/{tag}.json` (products having a tag, as a search answer), with the root aliases
 * `/{tagtype}.json` and `/{tagtype}/{tag}.json` for the tag types of §5.8 in every spelling
 * (`category`, `categories`, `manufacturing-place`, `packager-codes`, …). Root alias routes match those
 * names only, so `/api/…`, `/cgi/…` and the folksonomy prefix keep their own routes and 404 answers.
 * As on OFF, the same paths without `.json` are the web pages (web/index.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseLanguageList } from "../domain/language.js";
import type { TagClause, TagLiteral } from "../domain/search/query.js";
import {
  CREATOR_TAG_TYPE,
  languageOfTagTypeName,
  SEARCH_TAG_TYPES,
  tagTypeFromUrl,
  tagTypeUrlName,
  tagTypeUrlNames,
} from "../domain/search/tag-types.js";
import { canonicalizeTagForField, displayTags, TAG_FIELDS, taxonomyOfField } from "../domain/tags.js";
import { countryFromCode } from "../domain/taxonomy/index.js";
import { HttpError } from "./errors.js";
import { JSON_TYPE } from "./json.js";
import { queryParams } from "./params.js";
import { parseOrThrow, sendSearch } from "./search.js";
import { tagListPage, tagProductsPage } from "./web/index.js";

const DEFAULT_FACET_PAGE_SIZE = 1000;
const MAX_FACET_PAGE_SIZE = 10_000;

/**
 * Tag types with root aliases: those of API.md §5.8, and the user tag types OFF answers at its root
 * (`/contributor/`, `/editor/`, `/photographer/`, `/informer/`, `/corrector/`, `/checker/`). The
 * others are under /facets/ only.
 */
const ROOT_TAG_TYPES = [
  ...Object.keys(TAG_FIELDS),
  "nutrition_grades",
  "misc",
  "editors",
  "entry_dates",
  "last_edit_dates",
  CREATOR_TAG_TYPE,
  "photographers",
  "informers",
  "correctors",
  "checkers",
];

/** Longest tag path taken (`/category/apples/label/organic/brand/-brand1` has 6 segments). */
const MAX_PATH_SEGMENTS = 20;

function stripJson(segment: string): string {
  return segment.endsWith(".json") ? segment.slice(0, -".json".length) : segment;
}

/** A path segment, percent-decoded (a malformed escape is a 400 in the API's shape). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw HttpError.invalidParameter("path", segment, "malformed percent-encoding in the path");
  }
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
    if (!urlName.endsWith(".json")) return tagListPage(app, request, reply, tagtype);
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
    const lc = parseLanguageList(params.lc)[0] ?? languageOfTagTypeName(stripJson(urlName)) ?? "en";
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

  /**
   * Products of a tag path as OFF reads it: `{tagtype}/{tag}` pairs, all of which must hold, a tag
   * `-x` meaning "without x", `unknown` "no value" and `-unknown` "some value"; tag names are read in
   * the request language (`lc`). `path` is the raw path after the first tag type (still encoded).
   */
  const products = async (request: FastifyRequest, reply: FastifyReply, urlName: string, path: string) => {
    const segments = stripJson(path).split("/");
    if (segments.length % 2 === 0 || segments.length > MAX_PATH_SEGMENTS) return reply.callNotFound();
    const params = queryParams(request);
    const lc = parseLanguageList(params.lc)[0] ?? languageOfTagTypeName(stripJson(urlName)) ?? "en";
    const clauses: TagClause[] = [];
    const texts: Array<{ tagtype: string; text: string }> = [];
    for (let i = 0; i < segments.length; i += 2) {
      const tagtype = tagTypeFromUrl(i === 0 ? urlName : decodeSegment(segments[i - 1] as string));
      if (tagtype === undefined) return reply.callNotFound();
      const text = decodeSegment(segments[i] as string);
      clauses.push({ tagtype, anyOf: tagLiterals(tagtype, text, lc) });
      texts.push({ tagtype, text });
    }
    if (!path.endsWith(".json")) {
      return tagProductsPage(app, request, reply, texts, (parsed) => ({
        ...parsed.query,
        tags: [...parsed.query.tags, ...clauses],
      }));
    }
    const parsed = parseOrThrow(params, app, false);
    const query = { ...parsed.query, tags: [...parsed.query.tags, ...clauses] };
    return sendSearch(app, reply, params, parsed, query);
  };

  /** The literal of one tag of a path; none (so nothing matches) for a tag that canonicalises to nothing. */
  const tagLiterals = (tagtype: string, text: string, lc: string): TagLiteral[] => {
    const negated = text.startsWith("-");
    const name = negated ? text.slice(1) : text;
    if (name.toLowerCase() === "unknown") return [{ kind: "unknown", negated }];
    const tag = canonicalizeTagForField(tagtype, lc, name, taxonomies);
    if (tag !== "") return [{ kind: "tag", tag, negated }];
    // "Without <nothing>" holds for every product; "with <nothing>" for none.
    return negated
      ? [
          { kind: "unknown", negated: false },
          { kind: "unknown", negated: true },
        ]
      : [];
  };

  /** The raw (still encoded) path of a request after its first `skip` segments. */
  const rawPathAfter = (request: FastifyRequest, skip: number): string =>
    (request.url.split("?")[0] ?? "")
      .split("/")
      .slice(skip + 1)
      .join("/");

  const hidden = { schema: { hide: true } };
  app.get<{ Params: { tagtype: string } }>(
    "/facets/:tagtype",
    { schema: { tags: ["facets"], summary: "Tags of a tag type with their product counts (/facets/{tagtype}.json)" } },
    (request, reply) => list(request, reply, request.params.tagtype),
  );
  app.get<{ Params: { tagtype: string; "*": string } }>(
    "/facets/:tagtype/*",
    {
      schema: {
        tags: ["facets"],
        summary:
          "Products having a tag (/facets/{tagtype}/{tag}.json); more {tagtype}/{tag} pairs may follow, -{tag} = without it",
      },
    },
    (request, reply) => {
      const tagtype = request.params.tagtype;
      return products(request, reply, tagtype, rawPathAfter(request, 2));
    },
  );
  // The root aliases: two routes whose first segment must be an alias (a regular expression of them all).
  // One route per alias and language (about 600) took 150-200 ms of every start of every worker.
  const aliases = aliasAlternation();
  app.get<{ Params: { alias: string } }>(`/:alias(^(?:${aliases})\\.json$)`, hidden, (request, reply) =>
    list(request, reply, request.params.alias),
  );
  app.get<{ Params: { alias: string; "*": string } }>(`/:alias(^(?:${aliases})$)/*`, hidden, (request, reply) =>
    products(request, reply, request.params.alias, rawPathAfter(request, 1)),
  );
}

/**
 * The URL names of the tag types answered at the root (`brands`, `brand`, `marques`, `catégories` …) as a
 * regular expression alternation, escaped (`-` matches itself). The router matches and hands over a
 * segment percent-decoded (`/cat%C3%A9gories.json`).
 */
function aliasAlternation(): string {
  const names = new Set(ROOT_TAG_TYPES.filter((t) => SEARCH_TAG_TYPES.includes(t)).flatMap(tagTypeUrlNames));
  return [...names].map((name) => name.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")).join("|");
}
