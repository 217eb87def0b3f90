/**
 * A list of products with its facets, sort choice and pages: the body of the search page and of the
 * tag pages. Filters use the parameters of `/api/v2/search`, so every page has a URL that can be shared.
 */
import type { FastifyInstance } from "fastify";
import type { ParsedSearch } from "../../../domain/search/params.js";
import type { SearchQuery, SortOrder } from "../../../domain/search/query.js";
import type { Taxonomies } from "../../../domain/taxonomy/types.js";
import { type Html, html } from "../html.js";
import type { MessageKey } from "../i18n/index.js";
import { formatNumber, link, type PageContext, queryString } from "../layout.js";
import { nutriscoreBadge, ProductData, productPath, tagNames } from "../product-data.js";

/** The facets shown, in this order. */
export const FACET_TAG_TYPES = [
  "categories",
  "labels",
  "brands",
  "countries",
  "nutrition_grades",
  "nova_groups",
] as const;
/** Facets of a filtered search are counted over at most this many of its products. */
export const FACET_SAMPLE = 1000;
const FACET_ITEMS = 10;
const SORTS: readonly SortOrder[] = [
  "popularity",
  "product_name",
  "created_t",
  "last_modified_t",
  "nutriscore_score",
  "nova_score",
  "completeness",
];

export interface FacetGroup {
  tagtype: string;
  tags: Array<{ tag: string; products: number }>;
}

export interface ResultsInput {
  ctx: PageContext;
  app: FastifyInstance;
  parsed: ParsedSearch;
  query: SearchQuery;
  /** This page's path (pages and sort keep it). */
  path: string;
  /** The page's own parameters (pages and sort keep them). */
  params: Readonly<Record<string, string>>;
  /** Filters of this list as `/search` parameters: facet links add to them. */
  filters: Readonly<Record<string, string>>;
}

/** True when the query filters nothing: facets then come exactly from the store's facet counts. */
function filtersNothing(query: SearchQuery): boolean {
  return query.tags.length === 0 && query.numbers.length === 0 && query.codes === undefined && query.text === undefined;
}

/**
 * Tag counts of each facet over the products matching `query` (past FACET_SAMPLE of them, over the first
 * ones), from the search index: no document is read.
 */
export async function facetGroups(app: FastifyInstance, query: SearchQuery): Promise<FacetGroup[]> {
  const { store } = app.foodbase;
  if (filtersNothing(query)) {
    const groups = await Promise.all(
      FACET_TAG_TYPES.map(async (tagtype) => ({
        tagtype,
        tags: (await store.facetCounts({ tagtype })).tags.slice(0, FACET_ITEMS),
      })),
    );
    return groups;
  }
  const sample = await store.facetSample(query, FACET_TAG_TYPES, FACET_SAMPLE);
  return FACET_TAG_TYPES.map((tagtype) => ({ tagtype, tags: (sample.facets[tagtype] ?? []).slice(0, FACET_ITEMS) }));
}

/** `filters` with `tag` added (and) to `<tagtype>_tags`. */
function narrowed(filters: Readonly<Record<string, string>>, tagtype: string, tag: string): Record<string, string> {
  const key = `${tagtype}_tags`;
  const current = filters[key];
  return { ...filters, [key]: current === undefined || current === "" ? tag : `${current},${tag}` };
}

function countText(ctx: PageContext, n: number, one: MessageKey, many: MessageKey): string {
  return n === 1 ? ctx.t(one) : ctx.t(many, { n: formatNumber(ctx, n) });
}

function facetName(ctx: PageContext, taxonomies: Taxonomies, tagtype: string, tag: string): string {
  if (tagtype === "nutrition_grades" && /^[a-e]$/.test(tag)) return tag.toUpperCase();
  if (tagtype === "nutrition_grades" && tag === "unknown") return ctx.t("nutriscoreUnknown");
  const nova = tagtype === "nova_groups" ? /^en:([1-4])-/.exec(tag) : null;
  if (nova !== null) return `NOVA ${nova[1]}`;
  return tagNames(tagtype, [tag], ctx, taxonomies)[0] as string;
}

/** The active tag filters, each with a link removing it. */
function activeFilters(ctx: PageContext, input: ResultsInput, taxonomies: Taxonomies): Html {
  const chips: Html[] = [];
  for (const [key, value] of Object.entries(input.params)) {
    const m = /^([a-z0-9_]+)_tags$/.exec(key);
    if (m === null) continue;
    const tagtype = m[1] as string;
    const items = value.split(",").filter((x) => x !== "");
    items.forEach((item, i) => {
      const rest = items.filter((_, j) => j !== i).join(",");
      const negated = item.startsWith("-");
      const name = `${negated ? "−" : ""}${facetName(ctx, taxonomies, tagtype, negated ? item.slice(1) : item)}`;
      const params: Record<string, string> = { ...input.params, [key]: rest };
      delete params.page;
      chips.push(
        html`<li><a href="${input.path + queryString(params)}" aria-label="${ctx.t("removeFilter", { name })}">${name} ✕</a></li>`,
      );
    });
  }
  if (chips.length === 0) return html``;
  return html`<h2 class="visually-hidden">${ctx.t("activeFilters")}</h2><ul class="filters">${chips}</ul>`;
}

function facetsHtml(ctx: PageContext, input: ResultsInput, groups: FacetGroup[], sampled: boolean): Html {
  const { taxonomies } = input.app.foodbase;
  const sections = groups
    .filter((g) => g.tags.length > 0)
    .map(
      (g) =>
        html`<details open><summary>${ctx.t(`facet_${g.tagtype}` as MessageKey)}</summary><ul>${g.tags.map(
          ({ tag, products }) =>
            html`<li><a href="${link(ctx, "/search", narrowed(input.filters, g.tagtype, tag))}">${facetName(
              ctx,
              taxonomies,
              g.tagtype,
              tag,
            )}</a> <span class="count">${formatNumber(ctx, products)}</span></li>`,
        )}</ul></details>`,
    );
  return html`<aside aria-labelledby="refine"><h2 id="refine">${ctx.t("refine")}</h2>${sections}${
    sampled ? html`<p class="count">${ctx.t("facetsSample", { n: FACET_SAMPLE })}</p>` : ""
  }</aside>`;
}

function sortForm(ctx: PageContext, input: ResultsInput): Html {
  const current = input.params.sort_by ?? "";
  const hidden = Object.entries(input.params)
    .filter(([k]) => k !== "sort_by" && k !== "page")
    .map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  const options = [...(input.query.text === undefined ? [] : ["relevance" as const]), ...SORTS].map(
    (s) =>
      html`<option value="${s === "relevance" ? "" : s}"${
        (s === "relevance" ? current === "" : current === s || (current === "" && s === input.query.sort))
          ? html` selected`
          : ""
      }>${ctx.t(`sort_${s}` as MessageKey)}</option>`,
  );
  return html`<form method="get" action="${input.path}" class="sort">${hidden}<label for="sort_by">${ctx.t(
    "sortBy",
  )}</label> <select id="sort_by" name="sort_by" data-autosubmit>${options}</select> <button type="submit">${ctx.t(
    "sortApply",
  )}</button></form>`;
}

function pagination(ctx: PageContext, input: ResultsInput, count: number): Html {
  const pages = Math.max(1, Math.ceil(count / input.parsed.pageSize));
  const page = input.parsed.page;
  const at = (p: number) => input.path + queryString({ ...input.params, page: p === 1 ? undefined : String(p) });
  return html`<nav class="pages" aria-label="${ctx.t("pagination")}">${
    page > 1 ? html`<a href="${at(page - 1)}" rel="prev">${ctx.t("previous")}</a>` : ""
  }<span>${ctx.t("pageOf", { page, pages })}</span>${
    page < pages ? html`<a href="${at(page + 1)}" rel="next">${ctx.t("next")}</a>` : ""
  }</nav>`;
}

export function resultItem(ctx: PageContext, product: ProductData): Html {
  const name = product.name(ctx.dataLc) || product.code;
  const photo = product.photo("front");
  return html`<li><a href="${productPath(ctx, product.code, name)}">${
    photo === undefined
      ? html`<span class="thumb none">${ctx.t("noPhoto")}</span>`
      : html`<img class="thumb" src="${photo.small}" alt="${ctx.t("photoOf", { what: ctx.t("photo_front"), name })}" loading="lazy">`
  }<span class="name">${name}</span></a><span class="brand">${product.text("brands")}${
    product.text("quantity") === "" ? "" : ` – ${product.text("quantity")}`
  }</span>${nutriscoreBadge(product.nutriscoreGrade, ctx)}</li>`;
}

/** The whole body: heading, filters, sort, results, pages and facets. */
export async function resultsBody(input: ResultsInput, heading: string): Promise<Html> {
  const { ctx, app } = input;
  const { taxonomies, store } = app.foodbase;
  const [{ count, documents }, groups] = await Promise.all([
    store.searchProducts(input.query),
    facetGroups(app, input.query),
  ]);
  const items = documents.map((bytes) => resultItem(ctx, new ProductData(bytes, taxonomies, false, ctx.images)));
  return html`<h1>${heading}</h1>
${activeFilters(ctx, input, taxonomies)}
<div class="search-layout">
${facetsHtml(ctx, input, groups, !filtersNothing(input.query) && count > FACET_SAMPLE)}
<section aria-labelledby="results-count">
<div class="toolbar"><p id="results-count" role="status">${countText(ctx, count, "resultsCountOne", "resultsCount")}</p>${sortForm(
    ctx,
    input,
  )}</div>
${count === 0 ? html`<p>${ctx.t("noResults")}</p>` : html`<ul class="results">${items}</ul>`}
${pagination(ctx, input, count)}
</section>
</div>`;
}
