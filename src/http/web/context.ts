/** The context of a page request: its languages (`lc`, Accept-Language) and the signed-in user. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseLanguageList } from "../../domain/language.js";
import type { Params } from "../params.js";
import { imageUrlContext } from "../product-read.js";
import { acceptedLanguages, chooseLanguage, loadLanguages, type Messages, translator } from "./i18n/index.js";
import type { PageContext } from "./layout.js";
import { signedInUser } from "./session.js";

let languagesLoading: Promise<ReadonlyMap<string, Messages>> | undefined;
function languages(): Promise<ReadonlyMap<string, Messages>> {
  languagesLoading ??= loadLanguages();
  return languagesLoading;
}

/** The page context of a request: languages from `lc` or Accept-Language. */
export async function pageContext(app: FastifyInstance, request: FastifyRequest, params: Params): Promise<PageContext> {
  const [available, user] = await Promise.all([languages(), signedInUser(app.foodbase.store, request)]);
  const accept = request.headers["accept-language"];
  const lc = chooseLanguage(params.lc, accept, available);
  const dataLc = parseLanguageList(params.lc)[0] ?? acceptedLanguages(accept)[0] ?? lc;
  return {
    lc,
    dataLc,
    t: translator(available.get(lc) as Messages),
    languages: available,
    path: (request.url.split("?")[0] ?? "/") || "/",
    params,
    images: imageUrlContext(app, request, dataLc),
    ...(user === undefined ? {} : { user }),
  };
}
