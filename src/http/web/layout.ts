/** The frame of every page (header with search, language choice, footer) and how pages are sent. */
import type { FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";
import type { ImageUrlContext } from "../../domain/schema/product-view.js";
import { SCRIPT, STYLESHEET } from "./assets.js";
import { type Html, html } from "./html.js";
import type { Messages, Translate } from "./i18n/index.js";
import type { SignedIn } from "./session.js";

/** What a page knows about its request. */
export interface PageContext {
  /** Interface language (one of the language files). */
  lc: string;
  /** Language of the names read from the taxonomies (the request's, even without interface strings). */
  dataLc: string;
  t: Translate;
  languages: ReadonlyMap<string, Messages>;
  /** The request's path and its query parameters (language links keep them). */
  path: string;
  params: Readonly<Record<string, string>>;
  /** The signed-in user, if any. */
  user?: SignedIn;
  /** Where the product photos' URLs point (as the JSON API's `image_*_url`). */
  images: ImageUrlContext;
}

/**
 * No inline script or style, nothing from elsewhere except product photos (which an imported dump
 * may point at on OFF's image server over https).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the page's language writes it (at most 3 decimals). The formats are kept: making one
 * per number cost more than the rest of a product page.
 */
export function formatNumber(ctx: Pick<PageContext, "lc">, n: number): string {
  let format = numberFormats.get(ctx.lc);
  if (format === undefined) {
    format = new Intl.NumberFormat(ctx.lc, { maximumFractionDigits: 3 });
    numberFormats.set(ctx.lc, format);
  }
  return format.format(n);
}

/** A query string of `params` (empty values dropped), with its leading `?` when not empty. */
export function queryString(params: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, v);
  const s = search.toString();
  return s === "" ? "" : `?${s}`;
}

/** `path` with the page's `lc` kept when it was given, so links stay in the chosen language. */
export function link(
  ctx: PageContext,
  path: string,
  params: Readonly<Record<string, string | undefined>> = {},
): string {
  return path + queryString({ ...params, lc: ctx.params.lc });
}

function accountArea(ctx: PageContext): Html {
  const { t } = ctx;
  if (ctx.user === undefined) {
    const here = ctx.path + queryString(ctx.params);
    return html`<a class="account" href="${link(ctx, "/signin", { return: here })}">${t("signIn")}</a>`;
  }
  return html`<form class="account" method="post" action="${link(ctx, "/signout")}"><span>${t("signedInAs", {
    user: ctx.user.userId,
  })}</span> <input type="hidden" name="csrf_token" value="${ctx.user.formToken}"><button type="submit">${t(
    "signOut",
  )}</button></form>`;
}

/** A page around its body: `start`, then the body, then `end`. */
export function pageFrame(ctx: PageContext, title: string): { start: Html; end: Html } {
  const { t } = ctx;
  const languageLinks = [...ctx.languages.entries()].map(
    ([lc, m]) =>
      html` <a href="${ctx.path + queryString({ ...ctx.params, lc })}" lang="${lc}" hreflang="${lc}"${
        lc === ctx.lc ? html` aria-current="true"` : ""
      }>${m.languageName}</a>`,
  );
  const start = html`<!DOCTYPE html>
<html lang="${ctx.lc}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – ${t("siteName")}</title>
<link rel="stylesheet" href="${STYLESHEET.path}">
<script src="${SCRIPT.path}" defer></script>
</head>
<body>
<a class="skip" href="#main">${t("skipToContent")}</a>
<header class="site">
<a class="brand" href="${link(ctx, "/")}">${t("siteName")}</a>
<form role="search" action="/search" method="get">
<label class="visually-hidden" for="q-header">${t("searchLabel")}</label>
<input type="search" id="q-header" name="search_terms" value="${ctx.params.search_terms ?? ""}" placeholder="${t("searchPlaceholder")}">
${ctx.params.lc === undefined ? "" : html`<input type="hidden" name="lc" value="${ctx.params.lc}">`}
<button type="submit">${t("searchButton")}</button>
</form>
<nav class="lang" aria-label="${t("language")}">${languageLinks}</nav>
${accountArea(ctx)}
</header>
<main id="main" tabindex="-1">
`;
  const end = html`
</main>
<footer class="site"><p>${t("footer")} <a href="/api/docs">${t("apiLink")}</a></p></footer>
</body>
</html>`;
  return { start, end };
}

/**
 * Frames of pages seen by visitors who are not signed in, as UTF-8 bytes: they depend only on the
 * page's language, path, parameters and title, and making one (links, escaping, query strings) costs
 * as much as the rest of a cached product page. A signed-in frame holds the user's form token: never kept.
 */
const anonymousFrames = new LRUCache<string, { start: Buffer; end: Buffer }>({ max: 2000 });

/** A page of already-rendered body parts, in its frame, as the bytes to send. */
export function framedPage(ctx: PageContext, title: string, parts: ReadonlyArray<Buffer | Html>): Buffer {
  const key = ctx.user === undefined ? JSON.stringify([ctx.lc, ctx.path, ctx.params, title]) : undefined;
  let frame = key === undefined ? undefined : anonymousFrames.get(key);
  if (frame === undefined) {
    const { start, end } = pageFrame(ctx, title);
    frame = { start: Buffer.from(start.text), end: Buffer.from(end.text) };
    if (key !== undefined) anonymousFrames.set(key, frame);
  }
  return Buffer.concat([
    frame.start,
    ...parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part.text))),
    frame.end,
  ]);
}

export function layout(ctx: PageContext, title: string, body: Html): Html {
  const { start, end } = pageFrame(ctx, title);
  return html`${start}${body}${end}`;
}

/** Sends a page with its security headers (every HTML answer goes through here). */
export function sendPage(reply: FastifyReply, page: Html | Buffer, status = 200): FastifyReply {
  return reply
    .code(status)
    .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    .header("X-Content-Type-Options", "nosniff")
    .header("Referrer-Policy", "same-origin")
    .header("X-Frame-Options", "DENY")
    .header("Cache-Control", "no-cache")
    .type("text/html; charset=utf-8")
    .send(Buffer.isBuffer(page) ? page : page.text);
}
