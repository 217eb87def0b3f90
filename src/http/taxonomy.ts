/**
 * `GET /api/v2/taxonomy?tagtype=categories&tags=en:orange-juices` (OFF's taxonomy extract, called by the
 * official SDK's `getCategory`, `getLabel`, `getCountry`, `getNutrient`): per requested id, its names in
 * the `lc` languages, direct parents and children, and properties, keyed by id.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseLanguageList } from "../domain/language.js";
import { taxonomyExtract } from "../domain/taxonomy/extract.js";
import type { Taxonomies } from "../domain/taxonomy/types.js";
import { HttpError } from "./errors.js";
import { JSON_TYPE, sortKeysDeep } from "./json.js";
import { queryParams } from "./params.js";

const TAXONOMY_NAMES: readonly (keyof Taxonomies)[] = ["categories", "countries", "labels", "nutrients"];

function isShippedTaxonomy(name: string): name is keyof Taxonomies {
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
}
