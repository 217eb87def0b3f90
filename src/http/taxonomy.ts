/**
 * `GET /api/v2/taxonomy?tagtype=categories&tags=en:orange-juices` (OFF's taxonomy extract, called by the
 * official SDK's `getCategory`, `getLabel`, `getCountry`, `getNutrient`): per requested id, its names in
 * the `lc` languages, direct parents and children, and properties, keyed by id.
 *
 * `GET /api/v3/taxonomy_suggestions?tagtype=categories&string=fraise&lc=fr` (OFF's autocompletion, used
 * by its apps' edit forms and foodbase's pages): entry names matching what was typed, best first.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseLanguageList } from "../domain/language.js";
import { taxonomyExtract } from "../domain/taxonomy/extract.js";
import {
  isSuggestable,
  MAX_SUGGESTION_LIMIT,
  type SuggestionRequest,
  taxonomySuggestions,
} from "../domain/taxonomy/suggestions.js";
import type { Taxonomies, Taxonomy, TaxonomyName } from "../domain/taxonomy/types.js";
import { HttpError } from "./errors.js";
import { JSON_TYPE, sortKeysDeep } from "./json.js";
import { queryParams } from "./params.js";

const TAXONOMY_NAMES: readonly TaxonomyName[] = ["categories", "countries", "labels", "nutrients"];

function isShippedTaxonomy(name: string): name is TaxonomyName {
  return (TAXONOMY_NAMES as readonly string[]).includes(name);
}

/** Comma list, items trimmed, empties and repeats dropped. */
function commaList(raw: string | undefined): string[] {
  return [...new Set((raw ?? "").split(",").map((item) => item.trim()))].filter((item) => item !== "");
}

/** OFF reads these options as Perl booleans; `false`, `no` and `off` are read as false too. */
function flag(raw: string | undefined): boolean {
  return raw !== undefined && !["", "0", "false", "no", "off"].includes(raw.trim().toLowerCase());
}

export async function taxonomyRoutes(app: FastifyInstance): Promise<void> {
  // The schema documents the parameters; the handler validates them with the API's own messages.
  app.setValidatorCompiler(() => () => true);
  const text = { type: "string" } as const;
  const querystring = {
    type: "object",
    properties: {
      tagtype: { type: "string", enum: [...TAXONOMY_NAMES], description: "Taxonomy" },
      tags: { type: "string", description: "Comma list of entry ids, e.g. `en:orange-juices`" },
      lc: { type: "string", description: "Languages of names and properties, e.g. `fr,en` (default `en`)" },
      fields: {
        type: "string",
        description:
          "Comma list: `name`, `parents`, `children`, a property (`wikidata`, `wikidata:en`), `inherited:<property>:<lc>`",
      },
      include_parents: { ...text, description: "`1`: also the entries of the direct parents" },
      include_children: { ...text, description: "`1`: also the entries of the direct children" },
      include_root_entries: { ...text, description: "`1`: also every entry without parents" },
    },
  } as const;
  const schema = {
    tags: ["taxonomy"],
    summary: "Taxonomy entries: names, parents, children, properties",
    querystring,
  };

  app.get("/api/v2/taxonomy", { schema }, async (request: FastifyRequest, reply: FastifyReply) => {
    const params = queryParams(request);
    const tagtype = (params.tagtype ?? "").trim();
    const available = TAXONOMY_NAMES.join(", ");
    if (tagtype === "") {
      throw HttpError.invalidParameter("tagtype", "", `tagtype is required (one of ${available})`);
    }
    if (!isShippedTaxonomy(tagtype)) {
      throw HttpError.invalidParameter("tagtype", tagtype, `unknown taxonomy: ${tagtype} (available: ${available})`);
    }
    const tags = commaList(params.tags);
    const includeRootEntries = flag(params.include_root_entries);
    if (tags.length === 0 && !includeRootEntries) {
      throw HttpError.invalidParameter("tags", params.tags ?? "", "tags is required: a comma list of entry ids");
    }
    const languages = parseLanguageList(params.lc);
    const fields = commaList(params.fields);
    const taxonomy = app.foodbase.taxonomies[tagtype];
    if (taxonomy === undefined) {
      throw HttpError.invalidParameter("tagtype", tagtype, `unknown taxonomy: ${tagtype} (available: ${available})`);
    }
    const extract = taxonomyExtract(taxonomy, tags, {
      languages: languages.length > 0 ? languages : ["en"],
      ...(fields.length > 0 ? { fields } : {}),
      includeParents: flag(params.include_parents),
      includeChildren: flag(params.include_children),
      includeRootEntries,
    });
    return reply.type(JSON_TYPE).send(JSON.stringify(sortKeysDeep(extract)));
  });

  app.get("/api/v3/taxonomy_suggestions", { schema: suggestionsSchema }, async (request, reply) => {
    const params = queryParams(request);
    const tagtype = params.tagtype?.trim();
    const taxonomy = tagtype === undefined || tagtype === "" ? undefined : suggestionTaxonomy(app, tagtype);
    if (taxonomy === undefined) {
      // OFF's v3 answer, with a 400 where OFF answers 200 with the same body.
      const missing = tagtype === undefined || tagtype === "";
      return reply
        .code(400)
        .type(JSON_TYPE)
        .send(
          JSON.stringify(
            suggestionsFailure(
              missing
                ? { field: { id: "tagtype" }, message: "missing_field" }
                : { field: { id: "tagtype", value: tagtype }, message: "unrecognized_value" },
            ),
          ),
        );
    }
    const suggestions = taxonomySuggestions(taxonomy, suggestionRequest(params));
    return reply.type(JSON_TYPE).send(JSON.stringify({ errors: [], status: "success", suggestions, warnings: [] }));
  });

  // OFF's older route, used by its web forms' autocompletion: the same suggestions as a bare JSON array.
  app.get(
    "/cgi/suggest.pl",
    { schema: { ...suggestionsSchema, summary: "Taxonomy suggestions as a JSON array" } },
    async (request, reply) => {
      const params = queryParams(request);
      const tagtype = (params.tagtype ?? "").trim();
      const available = Object.keys(SUGGESTION_TAXONOMIES).join(", ");
      if (tagtype === "") throw HttpError.invalidParameter("tagtype", "", `tagtype is required (one of ${available})`);
      const taxonomy = suggestionTaxonomy(app, tagtype);
      if (taxonomy === undefined) {
        throw HttpError.invalidParameter("tagtype", tagtype, `unknown taxonomy: ${tagtype} (available: ${available})`);
      }
      return reply.type(JSON_TYPE).send(JSON.stringify(taxonomySuggestions(taxonomy, suggestionRequest(params))));
    },
  );
}

function suggestionRequest(params: Record<string, string | undefined>): SuggestionRequest {
  const limit = Number.parseInt(params.limit ?? "", 10);
  return {
    lc: parseLanguageList(params.lc)[0] ?? "en",
    // OFF reads `string`, else `term` (jQuery UI's autocomplete parameter).
    text: params.string || params.term || "",
    ...(Number.isFinite(limit) ? { limit } : {}),
  };
}

/** Taxonomies suggestions draw from, by OFF's tag type; `traces` are allergens. */
const SUGGESTION_TAXONOMIES: Readonly<Record<string, TaxonomyName>> = {
  categories: "categories",
  labels: "labels",
  countries: "countries",
  origins: "origins",
  nutrients: "nutrients",
  ingredients: "ingredients",
  additives: "additives",
  allergens: "allergens",
  traces: "allergens",
  vitamins: "vitamins",
  minerals: "minerals",
};

function suggestionTaxonomy(app: FastifyInstance, tagtype: string) {
  const name = Object.hasOwn(SUGGESTION_TAXONOMIES, tagtype) ? SUGGESTION_TAXONOMIES[tagtype] : undefined;
  const taxonomy: Taxonomy | undefined = name === undefined ? undefined : app.foodbase.taxonomies[name];
  return taxonomy !== undefined && isSuggestable(taxonomy) ? taxonomy : undefined;
}

const MESSAGES = { missing_field: "Missing field", unrecognized_value: "Unrecognized value" } as const;

function suggestionsFailure(error: { field: { id: string; value?: string }; message: keyof typeof MESSAGES }) {
  const name = MESSAGES[error.message];
  return {
    errors: [
      {
        field: error.field,
        impact: { id: "failure", lc_name: "Failure", name: "Failure" },
        message: { id: error.message, lc_name: name, name },
      },
    ],
    status: "failure",
    warnings: [],
  };
}

const suggestionsSchema = {
  tags: ["taxonomy"],
  summary: "Taxonomy suggestions for autocompletion: entries matching what was typed, best first",
  querystring: {
    type: "object",
    properties: {
      tagtype: { type: "string", enum: Object.keys(SUGGESTION_TAXONOMIES), description: "Taxonomy" },
      string: { type: "string", description: "What was typed; `fr:` in front searches French names" },
      term: { type: "string", description: "Same as `string` (jQuery UI autocomplete), used when `string` is absent" },
      lc: { type: "string", description: "Language of the text and of the names returned (default `en`)" },
      limit: {
        type: "string",
        description: `At most this many suggestions (default 25, at most ${MAX_SUGGESTION_LIMIT})`,
      },
    },
  },
} as const;
