/** The product page: facts, photos, Nutri-Score and how it was computed, nutrition, tags, history. */
import type { FastifyInstance } from "fastify";
import { splitTagText } from "../../../domain/tags.js";
import type { Taxonomies } from "../../../domain/taxonomy/types.js";
import type { TagRow } from "../../../store/folksonomy-types.js";
import type { RevisionRecord } from "../../../store/types.js";
import { type Html, html } from "../html.js";
import type { MessageKey } from "../i18n/index.js";
import { formatNumber, link, type PageContext } from "../layout.js";
import { nutriscoreBadge, type ProductData, tagLinks, tagPath } from "../product-data.js";

/** The photos a product page shows, and that the photos page selects. */
export const PHOTO_KINDS = ["front", "ingredients", "nutrition"] as const;

/** Rows of the nutrition table, in the order of a label. */
const NUTRIENTS = [
  "energy-kj",
  "energy-kcal",
  "fat",
  "saturated-fat",
  "carbohydrates",
  "sugars",
  "fiber",
  "proteins",
  "salt",
  "sodium",
] as const;

function nutrientLabel(ctx: PageContext, id: string): string {
  const key = `nutrient_${id}` as MessageKey;
  const text = ctx.t(key);
  return text === key ? id : text;
}

function numberText(ctx: PageContext, value: unknown): string {
  if (typeof value === "number") return formatNumber(ctx, value);
  if (typeof value === "string") return value;
  return "";
}

function photos(ctx: PageContext, product: ProductData, name: string): Html {
  const items = PHOTO_KINDS.flatMap((kind) => {
    const photo = product.photo(kind);
    if (photo === undefined) return [];
    const what = ctx.t(`photo_${kind}` as MessageKey);
    return [
      html`<li><figure><a href="${photo.large}" title="${ctx.t("enlarge")}"><img src="${photo.small}" alt="${ctx.t(
        "photoOf",
        { what, name },
      )}"></a><figcaption>${what}</figcaption></figure></li>`,
    ];
  });
  if (items.length === 0) return html`<p>${ctx.t("noPhoto")}</p>`;
  return html`<ul class="photos">${items}</ul>`;
}

interface ScoreComponent {
  id: string;
  value: unknown;
  unit?: string;
  points: unknown;
  pointsMax?: unknown;
}

/** The components of one Nutri-Score version as stored: 2023 lists them, 2021 has `<id>_value`/`<id>_points`. */
function scoreComponents(
  version: string,
  data: Record<string, unknown>,
): { negative: ScoreComponent[]; positive: ScoreComponent[] } {
  if (version === "2023") {
    const components = (data.components ?? {}) as Record<string, unknown>;
    const read = (list: unknown): ScoreComponent[] =>
      Array.isArray(list)
        ? list.map((c: Record<string, unknown>) => ({
            id: String(c.id),
            value: c.value,
            ...(typeof c.unit === "string" ? { unit: c.unit } : {}),
            points: c.points,
            pointsMax: c.points_max,
          }))
        : [];
    return { negative: read(components.negative), positive: read(components.positive) };
  }
  // The 2021 data has no units: OFF's computation reads energy in kJ, sodium in mg, the fruit share in %.
  const units: Record<string, string> = {
    energy: "kJ",
    sugars: "g",
    saturated_fat: "g",
    saturated_fat_ratio: "%",
    sodium: "mg",
    fruits_vegetables_nuts_colza_walnut_olive_oils: "%",
    fiber: "g",
    proteins: "g",
  };
  const pick = (ids: string[]): ScoreComponent[] =>
    ids
      .filter((id) => data[`${id}_points`] !== undefined)
      .map((id) => ({
        id,
        value: data[`${id}_value`] ?? data[id],
        ...(units[id] === undefined ? {} : { unit: units[id] }),
        points: data[`${id}_points`],
      }));
  return {
    negative: pick(["energy", "sugars", "saturated_fat", "saturated_fat_ratio", "sodium"]),
    positive: pick(["fruits_vegetables_nuts_colza_walnut_olive_oils", "fiber", "proteins"]),
  };
}

function scoreTable(ctx: PageContext, version: string, entry: Record<string, unknown>): Html {
  const data = (entry.data ?? {}) as Record<string, unknown>;
  const { negative, positive } = scoreComponents(version, data);
  const rows = (list: ScoreComponent[]) =>
    list.map(
      (c) =>
        html`<tr><th scope="row">${nutrientLabel(ctx, c.id)}</th><td class="num">${numberText(ctx, c.value)}${
          c.unit === undefined ? "" : ` ${c.unit}`
        }</td><td class="num">${numberText(ctx, c.points)}${
          c.pointsMax === undefined ? "" : ` / ${numberText(ctx, c.pointsMax)}`
        }</td></tr>`,
    );
  const grade = typeof entry.grade === "string" && /^[a-e]$/.test(entry.grade) ? entry.grade : undefined;
  return html`<div class="table-wrap"><table>
<caption>${ctx.t("nutriscoreVersion", { version })}: ${nutriscoreBadge(grade, ctx)}</caption>
<thead><tr><th scope="col">${ctx.t("component")}</th><th scope="col" class="num">${ctx.t("value")}</th><th scope="col" class="num">${ctx.t(
    "points",
  )}</th></tr></thead>
<tbody>
<tr><th colspan="3" scope="rowgroup">${ctx.t("negativePoints")}: ${numberText(ctx, data.negative_points)}</th></tr>
${rows(negative)}
<tr><th colspan="3" scope="rowgroup">${ctx.t("positivePoints")}: ${numberText(ctx, data.positive_points)}</th></tr>
${rows(positive)}
</tbody>
<tfoot><tr><th scope="row">${ctx.t("finalScore")}</th><td class="num" colspan="2">${numberText(ctx, entry.score)}</td></tr></tfoot>
</table></div>`;
}

function nutriscoreSection(ctx: PageContext, product: ProductData): Html {
  const all = product.record("nutriscore") ?? {};
  const headline = product.text("nutriscore_version") || (all["2023"] !== undefined ? "2023" : "2021");
  const versions = Object.keys(all).filter((v) => /^\d{4}$/.test(v));
  const others = versions.filter((v) => v !== headline);
  const headlineEntry = all[headline] as Record<string, unknown> | undefined;
  return html`<section aria-labelledby="nutriscore"><h2 id="nutriscore">${ctx.t("nutriscore")}</h2>
<p>${nutriscoreBadge(product.nutriscoreGrade, ctx, true)}</p>
${
  headlineEntry === undefined || headlineEntry.data === undefined
    ? ""
    : html`<h3>${ctx.t("howComputed", { version: headline })}</h3>${scoreTable(ctx, headline, headlineEntry)}`
}
${others.map((v) => {
  const entry = all[v] as Record<string, unknown>;
  if (entry.data === undefined) return "";
  return html`<details><summary>${ctx.t("otherVersion", { version: v })}</summary>${scoreTable(ctx, v, entry)}</details>`;
})}
</section>`;
}

function nutritionTable(ctx: PageContext, product: ProductData): Html {
  const nutriments = product.record("nutriments") ?? {};
  const serving = product.text("serving_size");
  const hasServing = NUTRIENTS.some((id) => nutriments[`${id}_serving`] !== undefined);
  const rows = NUTRIENTS.filter(
    (id) => nutriments[`${id}_100g`] !== undefined || nutriments[`${id}_serving`] !== undefined,
  );
  if (rows.length === 0) return html`<p>${ctx.t("noNutrition")}</p>`;
  const unit = (id: string) => {
    const u = nutriments[`${id}_unit`];
    return typeof u === "string" && u !== "" ? ` ${id === "sodium" || id === "salt" ? "g" : u}` : "";
  };
  return html`<div class="table-wrap"><table id="nutrition-table">
<caption>${ctx.t("nutritionFacts")}</caption>
<thead><tr><th scope="col">${ctx.t("nutrient")}</th><th scope="col" class="num">${ctx.t("per100g")}</th>${
    hasServing
      ? html`<th scope="col" class="num">${serving === "" ? ctx.t("perServingPlain") : ctx.t("perServing", { size: serving })}</th>`
      : ""
  }</tr></thead>
<tbody>${rows.map(
    (id) =>
      html`<tr><th scope="row">${nutrientLabel(ctx, id)}</th><td class="num">${
        nutriments[`${id}_100g`] === undefined ? "" : numberText(ctx, nutriments[`${id}_100g`]) + unit(id)
      }</td>${
        hasServing
          ? html`<td class="num">${
              nutriments[`${id}_serving`] === undefined ? "" : numberText(ctx, nutriments[`${id}_serving`]) + unit(id)
            }</td>`
          : ""
      }</tr>`,
  )}</tbody></table></div>`;
}

function historyTable(ctx: PageContext, code: string, revisions: RevisionRecord[], shownRev: number | undefined): Html {
  if (revisions.length === 0) return html``;
  const date = (t: number) => new Date(t * 1000).toISOString().replace("T", " ").slice(0, 16);
  return html`<section aria-labelledby="history"><h2 id="history">${ctx.t("history")}</h2><div class="table-wrap"><table>
<thead><tr><th scope="col">${ctx.t("revision")}</th><th scope="col">${ctx.t("date")}</th><th scope="col">${ctx.t(
    "contributor",
  )}</th><th scope="col">${ctx.t("changes")}</th><th scope="col">${ctx.t("comment")}</th></tr></thead>
<tbody>${[...revisions]
    .sort((a, b) => b.rev - a.rev)
    .map(
      (r) =>
        html`<tr><td>${
          r.rev === shownRev
            ? html`<strong>${r.rev}</strong>`
            : html`<a href="${link(ctx, `/product/${encodeURIComponent(code)}`, { rev: String(r.rev) })}" aria-label="${ctx.t(
                "viewRevision",
                { rev: r.rev },
              )}">${r.rev}</a>`
        }</td><td><time datetime="${new Date(r.t * 1000).toISOString()}">${date(r.t)}</time></td><td>${r.userId}</td><td>${r.changedFields.join(
          ", ",
        )}</td><td>${r.comment}</td></tr>`,
    )}</tbody></table></div></section>`;
}

export function folksonomySection(ctx: PageContext, tags: TagRow[]): Html {
  if (tags.length === 0) return html``;
  return html`<section aria-labelledby="folksonomy"><h2 id="folksonomy">${ctx.t("folksonomy")}</h2><div class="table-wrap"><table>
<thead><tr><th scope="col">${ctx.t("property")}</th><th scope="col">${ctx.t("value")}</th></tr></thead>
<tbody>${tags.map((tag) => html`<tr><td>${tag.k}</td><td>${tag.v}</td></tr>`)}</tbody></table></div></section>`;
}

export interface ProductPageInput {
  ctx: PageContext;
  app: FastifyInstance;
  product: ProductData;
  revisions: RevisionRecord[];
  /** The revision shown when it is not the current one. */
  rev?: number;
}

/**
 * The page's body but for the folksonomy tags, which change without a new revision: `main`, then the
 * tags (folksonomyBody), then `history`. Depends only on the revision shown and the page's languages.
 */
export interface ProductBody {
  title: string;
  main: Html;
  history: Html;
}

export function productBody(input: ProductPageInput): ProductBody {
  const { ctx, product, app } = input;
  const { taxonomies } = app.foodbase;
  const code = product.code;
  const name = product.name(ctx.dataLc) || code;
  const revision = input.revisions.find((r) => r.rev === input.rev);
  const tagSection = (tagtype: string, key: MessageKey) => {
    const tags = product.tags(tagtype);
    if (tags.length === 0) return html``;
    return html`<h3>${ctx.t(key)}</h3>${tagLinks(tagtype, tags, ctx, taxonomies)}`;
  };
  const nova = product.text("nova_group");
  const ingredients = product.text(`ingredients_text_${ctx.dataLc}`) || product.text("ingredients_text");
  const body = html`${
    input.rev === undefined
      ? ""
      : html`<p class="notice">${ctx.t("viewingRevision", {
          rev: input.rev,
          date: revision === undefined ? "" : new Date(revision.t * 1000).toISOString().slice(0, 10),
        })} <a href="${link(ctx, `/product/${encodeURIComponent(code)}`)}">${ctx.t("currentVersion")}</a></p>`
  }
<h1>${name}</h1>
${
  input.rev === undefined
    ? html`<p><a href="${link(ctx, `/product/${encodeURIComponent(code)}/edit`)}">${ctx.t("editProduct")}</a> · <a href="${link(
        ctx,
        `/product/${encodeURIComponent(code)}/photos`,
      )}">${ctx.t("managePhotos")}</a></p>`
    : ""
}
<div class="product-head">
<section aria-labelledby="photos"><h2 id="photos">${ctx.t("photos")}</h2>${photos(ctx, product, name)}</section>
<section aria-labelledby="facts"><h2 id="facts" class="visually-hidden">${name}</h2>
<dl class="facts">
<dt>${ctx.t("barcode")}</dt><dd>${code}</dd>
${product.text("brands") === "" ? "" : html`<dt>${ctx.t("brand")}</dt><dd>${brandLinks(ctx, product)}</dd>`}
${product.text("quantity") === "" ? "" : html`<dt>${ctx.t("quantity")}</dt><dd>${product.text("quantity")}</dd>`}
${nova === "" ? "" : html`<dt>${ctx.t("nova")}</dt><dd>${nova}</dd>`}
</dl>
<p>${nutriscoreBadge(product.nutriscoreGrade, ctx, true)}</p>
</section>
</div>
${nutriscoreSection(ctx, product)}
<section aria-labelledby="nutrition"><h2 id="nutrition">${ctx.t("nutritionFacts")}</h2>${nutritionTable(ctx, product)}</section>
<section aria-labelledby="ingredients"><h2 id="ingredients">${ctx.t("ingredients")}</h2>${
    ingredients === ""
      ? html`<p>${ctx.t("noIngredients")}</p>`
      : html`<p lang="${product.text("lang") || undefined}">${ingredients}</p>`
  }</section>
${analysisSection(ctx, product, taxonomies)}
<section aria-labelledby="tags-heading"><h2 id="tags-heading" class="visually-hidden">${ctx.t("categories")}</h2>
${tagSection("categories", "categories")}
${tagSection("labels", "labels")}
${tagSection("countries", "countries")}
</section>
`;
  const history = historyTable(ctx, code, input.revisions, input.rev ?? (product.value("rev") as number | undefined));
  return { title: name, main: body, history };
}

/** OFF's ingredients analysis tags, in words (INGREDIENTS.md §2.2). */
const ANALYSIS_TAGS: Readonly<Record<string, MessageKey>> = {
  "en:vegan": "analysis_vegan",
  "en:non-vegan": "analysis_non_vegan",
  "en:maybe-vegan": "analysis_maybe_vegan",
  "en:vegan-status-unknown": "analysis_vegan_unknown",
  "en:vegetarian": "analysis_vegetarian",
  "en:non-vegetarian": "analysis_non_vegetarian",
  "en:maybe-vegetarian": "analysis_maybe_vegetarian",
  "en:vegetarian-status-unknown": "analysis_vegetarian_unknown",
  "en:palm-oil-free": "analysis_palm_oil_free",
  "en:palm-oil": "analysis_palm_oil",
  "en:may-contain-palm-oil": "analysis_may_contain_palm_oil",
  "en:palm-oil-content-unknown": "analysis_palm_oil_unknown",
};

/** What the ingredients analysis found: allergens, traces, additives, and vegan, vegetarian, palm oil. */
function analysisSection(ctx: PageContext, product: ProductData, taxonomies: Taxonomies): Html {
  const analysis = product.tags("ingredients_analysis").filter((tag) => ANALYSIS_TAGS[tag] !== undefined);
  const rows = (["allergens", "traces", "additives"] as const)
    .filter((tagtype) => product.tags(tagtype).length > 0)
    .map(
      (tagtype) =>
        html`<dt>${ctx.t(`analysis_${tagtype}`)}</dt><dd>${tagLinks(tagtype, product.tags(tagtype), ctx, taxonomies)}</dd>`,
    );
  if (rows.length === 0 && analysis.length === 0) return html``;
  return html`<section aria-labelledby="analysis"><h2 id="analysis">${ctx.t("ingredientsAnalysis")}</h2>
${analysis.length === 0 ? "" : html`<ul class="tags analysis">${analysis.map((tag) => html`<li>${ctx.t(ANALYSIS_TAGS[tag] as MessageKey)}</li>`)}</ul>`}
${rows.length === 0 ? "" : html`<dl class="facts">${rows}</dl>`}
</section>`;
}

/** Brands as written, each linked to its tag page (brands have no taxonomy to name them). */
function brandLinks(ctx: PageContext, product: ProductData): Html {
  const written = splitTagText(product.text("brands"));
  const tags = product.tags("brands");
  if (written.length !== tags.length) return html`${product.text("brands")}`;
  return html`<ul class="tags">${tags.map(
    (tag, i) => html`<li><a href="${link(ctx, tagPath("brands", tag))}">${written[i]}</a></li>`,
  )}</ul>`;
}

export function notFoundBody(ctx: PageContext, code: string): Html {
  return html`<h1>${ctx.t("notFoundTitle")}</h1>
<p>${ctx.t("notFoundText", { code })}</p>
<p><a href="${link(ctx, `/product/${encodeURIComponent(code)}/edit`)}">${ctx.t("addProduct")}</a></p>
<p>${ctx.t("addProductHint", { code })}</p>
<p><a href="${link(ctx, "/")}">${ctx.t("backHome")}</a></p>`;
}
