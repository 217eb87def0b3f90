/** The home page: a search box and the categories having the most products. */
import type { FastifyInstance } from "fastify";
import { type Html, html } from "../html.js";
import { formatNumber, link, type PageContext } from "../layout.js";
import { tagNames, tagPath } from "../product-data.js";

const MAIN_CATEGORIES = 24;

export async function homeBody(ctx: PageContext, app: FastifyInstance): Promise<Html> {
  const { store, taxonomies } = app.foodbase;
  const { tags } = await store.facetCounts({ tagtype: "categories" });
  const top = tags.slice(0, MAIN_CATEGORIES);
  const names = tagNames(
    "categories",
    top.map((t) => t.tag),
    ctx,
    taxonomies,
  );
  return html`<h1>${ctx.t("homeTitle")}</h1>
<p>${ctx.t("homeIntro")}</p>
<form class="home-search" role="search" action="/search" method="get">
<label class="visually-hidden" for="q-home">${ctx.t("searchLabel")}</label>
<input type="search" id="q-home" name="search_terms" placeholder="${ctx.t("searchPlaceholder")}">
${ctx.params.lc === undefined ? "" : html`<input type="hidden" name="lc" value="${ctx.params.lc}">`}
<button type="submit">${ctx.t("searchButton")}</button>
</form>
<section aria-labelledby="main-categories"><h2 id="main-categories">${ctx.t("mainCategories")}</h2>
<ul class="tiles">${top.map(
    ({ tag, products }, i) =>
      html`<li><a href="${link(ctx, tagPath("categories", tag))}">${names[i]}<span class="count">${
        products === 1 ? ctx.t("productCountOne") : ctx.t("productCount", { n: formatNumber(ctx, products) })
      }</span></a></li>`,
  )}</ul>
<p><a href="${link(ctx, "/facets/categories")}">${ctx.t("allCategories")}</a></p>
</section>`;
}
