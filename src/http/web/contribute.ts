/**
 * Contributing from the pages: sign in and out with the session cookie of `/cgi/session.pl`, and the
 * form that adds or edits a product through the write path of `/cgi/product_jqm2.pl`. Every form is
 * protected against cross-site request forgery (session.ts); a refused form is shown again with what
 * was typed and the write API's message next to its field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSession, deleteSession } from "../../accounts/sessions.js";
import { normalizeBarcode } from "../../domain/barcode.js";
import type { EditOutcome } from "../../domain/product-edit.js";
import type { InputSet } from "../../domain/schema/nutrition-model.js";
import { checkPassword } from "../credentials.js";
import { queryParams } from "../params.js";
import { writeProductEdit } from "../product-write.js";
import { pageContext } from "./context.js";
import { fieldError, formFields, isSecure, redirect } from "./forms.js";
import { type Html, html } from "./html.js";
import type { MessageKey } from "./i18n/index.js";
import { layout, link, type PageContext, sendPage } from "./layout.js";
import { ProductData } from "./product-data.js";
import {
  localReturnPath,
  newSignInToken,
  requestCookie,
  SESSION_COOKIE,
  SIGN_IN_CSRF_COOKIE,
  validSessionForm,
  validSignInForm,
} from "./session.js";

/** The fields of the edit form, in order; the textareas are the long texts. */
const EDIT_FIELDS = [
  "product_name",
  "quantity",
  "brands",
  "categories",
  "labels",
  "ingredients_text",
  "serving_size",
] as const;
/** Nutrients of the form's nutrition table, with the units they may be entered in (the first by default). */
const MASS_UNITS = ["g", "mg", "µg"] as const;
const NUTRITION_FIELDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["energy-kj", ["kJ"]],
  ["energy-kcal", ["kcal"]],
  ["fat", MASS_UNITS],
  ["saturated-fat", MASS_UNITS],
  ["carbohydrates", MASS_UNITS],
  ["sugars", MASS_UNITS],
  ["fiber", MASS_UNITS],
  ["proteins", MASS_UNITS],
  ["salt", MASS_UNITS],
];
/** The product as sold and as prepared (OFF's `nutriment_<nid>` and `nutriment_<nid>_prepared`). */
const PREPARATIONS = [
  { suffix: "", per: "nutrition_data_per" },
  { suffix: "_prepared", per: "nutrition_data_prepared_per" },
] as const;
/** What the values of a preparation are given for. */
const PERS = ["100g", "100ml", "serving"] as const;
type Per = (typeof PERS)[number];
const PER_LABELS: Readonly<Record<Per, MessageKey>> = {
  "100g": "nutritionPer100g",
  "100ml": "nutritionPer100ml",
  serving: "nutritionPerServing",
};
/** Every nutrient input of the form: values of both preparations, then the units they share. */
const NUTRIENT_INPUTS: readonly string[] = NUTRITION_FIELDS.flatMap(([id]) =>
  PREPARATIONS.map(({ suffix }) => `nutriment_${id}${suffix}`),
);
const UNIT_INPUTS: readonly string[] = NUTRITION_FIELDS.filter(([, units]) => units.length > 1).map(
  ([id]) => `nutriment_${id}_unit`,
);
/** A number as people type it (`,` or `.` as decimal separator), optionally after < or >. */
const NUMBER_TEXT = /^[<>~]?\s*\d+(?:[.,]\d+)?$/;
const TEXTAREAS: ReadonlySet<string> = new Set(["ingredients_text"]);
const COMMA_SEPARATED: ReadonlySet<string> = new Set(["brands", "categories", "labels"]);
/** Longest value a form field takes (the body limit bounds the whole form anyway). */
const MAX_FIELD_LENGTH = 10_000;

function signInBody(
  ctx: PageContext,
  input: { token: string; userId: string; returnTo: string; error?: string },
): Html {
  const { t } = ctx;
  return html`<h1>${t("signIn")}</h1>
${input.error === undefined ? "" : html`<p class="error" role="alert">${input.error}</p>`}
<form class="stacked" method="post" action="${link(ctx, "/signin")}">
<input type="hidden" name="csrf_token" value="${input.token}">
<input type="hidden" name="return" value="${input.returnTo}">
<p><label for="user_id">${t("userId")}</label>
<input type="text" id="user_id" name="user_id" value="${input.userId}" autocomplete="username" required></p>
<p><label for="password">${t("password")}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required></p>
<p><button type="submit">${t("signIn")}</button></p>
</form>`;
}

interface EditFormInput {
  code: string;
  isNew: boolean;
  name: string;
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  formError?: string;
}

function editBody(ctx: PageContext, input: EditFormInput): Html {
  const { t } = ctx;
  const heading = input.isNew ? t("addTitle", { code: input.code }) : t("editTitle", { name: input.name });
  const field = (name: string) => {
    const id = `field-${name}`;
    const error = input.errors[name];
    const hint = COMMA_SEPARATED.has(name) ? t("commaSeparated") : name === "quantity" ? t("quantityHint") : undefined;
    const describedBy = [hint === undefined ? "" : `${id}-hint`, error === undefined ? "" : `${id}-error`]
      .filter((x) => x !== "")
      .join(" ");
    const suggest = name === "categories" || name === "labels" ? html` data-suggest="${name}"` : "";
    const attrs = html`id="${id}" name="${name}"${suggest}${describedBy === "" ? "" : html` aria-describedby="${describedBy}"`}${
      error === undefined ? "" : html` aria-invalid="true"`
    }`;
    return html`<p><label for="${id}">${t(`field_${name}` as MessageKey)}</label>
${
  TEXTAREAS.has(name)
    ? html`<textarea ${attrs} rows="5">${input.values[name] ?? ""}</textarea>`
    : html`<input type="text" ${attrs} value="${input.values[name] ?? ""}">`
}
${hint === undefined ? "" : html`<span class="hint" id="${id}-hint">${hint}</span>`}
${fieldError(id, error)}</p>`;
  };
  const nutrientRow = (id: string, units: readonly string[]) => {
    // Energy is named once, its unit (kJ or kcal) follows.
    const key = `nutrient_${id.startsWith("energy-") ? "energy" : id}` as MessageKey;
    const label = t(key) === key ? id : t(key);
    const unitName = `nutriment_${id}_unit`;
    const valueCell = (suffix: string) => {
      const name = `nutriment_${id}${suffix}`;
      const fieldId = `field-${name}`;
      const error = input.errors[name];
      const what = t(suffix === "" ? "asSold" : "prepared");
      return html`<td><label class="visually-hidden" for="${fieldId}">${units.length === 1 ? `${label} (${units[0]})` : label}, ${what}</label>
<input type="text" inputmode="decimal" size="6" id="${fieldId}" name="${name}" value="${input.values[name] ?? ""}"${
        error === undefined ? "" : html` aria-invalid="true" aria-describedby="${fieldId}-error"`
      }>${fieldError(fieldId, error)}</td>`;
    };
    const chosen = input.values[unitName] || units[0];
    return html`<tr><th scope="row">${label}</th>${valueCell("")}${valueCell("_prepared")}<td>${
      units.length === 1
        ? units[0]
        : html`<label class="visually-hidden" for="field-${unitName}">${t("unitOf", { nutrient: label })}</label>
<select id="field-${unitName}" name="${unitName}">${units.map(
            (u) => html`<option value="${u}"${u === chosen ? html` selected` : ""}>${u}</option>`,
          )}</select>`
    }</td></tr>`;
  };
  return html`<h1>${heading}</h1>
${input.isNew ? "" : html`<p><a href="${link(ctx, `/product/${encodeURIComponent(input.code)}/photos`)}">${t("managePhotos")}</a></p>`}
${input.formError === undefined ? "" : html`<p class="error" role="alert">${input.formError}</p>`}
<form class="stacked" method="post" action="${link(ctx, `/product/${encodeURIComponent(input.code)}/edit`)}" novalidate>
<input type="hidden" name="csrf_token" value="${ctx.user?.formToken ?? ""}">
${EDIT_FIELDS.filter((f) => f !== "serving_size").map(field)}
<fieldset><legend>${t("nutritionInput")}</legend>
${PREPARATIONS.map(({ suffix, per: perName }) => {
  const id = `field-${perName}`;
  return html`<p><label for="${id}">${t(suffix === "" ? "nutritionPerAsSold" : "nutritionPerPrepared")}</label>
<select id="${id}" name="${perName}">${PERS.map(
    (per) =>
      html`<option value="${per}"${input.values[perName] === per ? html` selected` : ""}>${t(PER_LABELS[per])}</option>`,
  )}</select></p>`;
})}
${field("serving_size")}
<div class="table-wrap"><table class="nutrition-inputs">
<thead><tr><th scope="col">${t("nutrient")}</th><th scope="col">${t("asSold")}</th><th scope="col">${t(
    "prepared",
  )}</th><th scope="col">${t("unit")}</th></tr></thead>
<tbody>${NUTRITION_FIELDS.map(([id, units]) => nutrientRow(id, units))}</tbody>
</table></div>
</fieldset>
${field("comment")}
<p><button type="submit">${t("save")}</button></p>
</form>`;
}

function valueText(v: unknown): string {
  return typeof v === "number" || typeof v === "string" ? String(v) : "";
}

/**
 * The nutrition inputs of a stored document, as they were typed: from the label's input sets of schema
 * 1003 (one per preparation: the one with most values), else from the classic `nutriments` of an older
 * document. Read from the stored document: API v2's view keeps only one preparation.
 */
function storedNutritionValues(product: ProductData): Record<string, string> {
  const values: Record<string, string> = {};
  const nutrition = product.record("nutrition");
  const sets = Array.isArray(nutrition?.input_sets) ? (nutrition.input_sets as InputSet[]) : undefined;
  const units = new Map<string, string>();
  for (const { suffix, per: perName } of PREPARATIONS) {
    if (sets !== undefined) {
      const preparation = suffix === "" ? "as_sold" : "prepared";
      const size = (set: InputSet) => Object.keys(set.nutrients ?? {}).length;
      const set = sets
        .filter((s) => s.source === "packaging" && (s.preparation ?? "as_sold") === preparation)
        .sort((a, b) => size(b) - size(a) || PERS.indexOf(a.per as Per) - PERS.indexOf(b.per as Per))[0];
      values[perName] = PERS.includes(set?.per as Per) ? (set?.per as string) : "100g";
      for (const [id] of NUTRITION_FIELDS) {
        const nutrient = set?.nutrients?.[id];
        if (nutrient === undefined) continue;
        values[`nutriment_${id}${suffix}`] =
          `${nutrient.modifier ?? ""}${valueText(nutrient.value_string ?? nutrient.value)}`;
        if (!units.has(id) && nutrient.unit !== undefined) units.set(id, nutrient.unit);
      }
    } else {
      const nutriments = product.record("nutriments") ?? {};
      const per = product.text(perName) === "serving" ? "serving" : "100g";
      values[perName] = per;
      for (const [id] of NUTRITION_FIELDS) {
        values[`nutriment_${id}${suffix}`] = valueText(
          nutriments[`${id}${suffix}_value`] ?? nutriments[`${id}${suffix}_${per}`],
        );
        const unit = valueText(nutriments[`${id}_unit`]);
        if (unit !== "" && !units.has(id)) units.set(id, unit);
      }
    }
  }
  for (const [id, allowed] of NUTRITION_FIELDS) {
    const unit = units.get(id);
    if (unit !== undefined && allowed.includes(unit)) values[`nutriment_${id}_unit`] = unit;
  }
  return values;
}

/** The form's values of a stored product: its texts as a contributor wrote them. */
function storedValues(product: ProductData, lc: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of EDIT_FIELDS) {
    values[name] =
      name === "product_name" || name === "ingredients_text"
        ? product.text(`${name}_${lc}`) || product.text(name)
        : product.text(name);
  }
  return values;
}

export async function contributeRoutes(app: FastifyInstance): Promise<void> {
  const { store, config } = app.foodbase;
  const hidden = { schema: { hide: true } };

  app.get("/signin", hidden, async (request, reply) => {
    const params = queryParams(request);
    const ctx = await pageContext(app, request, params);
    const token = newSignInToken(reply, isSecure(request));
    const body = signInBody(ctx, { token, userId: "", returnTo: localReturnPath(params.return) });
    return sendPage(reply, layout(ctx, ctx.t("signIn"), body));
  });

  app.post("/signin", hidden, async (request, reply) => {
    const params = queryParams(request);
    const ctx = await pageContext(app, request, params);
    const form = formFields(request);
    const userId = (form.user_id ?? "").trim().slice(0, 200);
    const returnTo = localReturnPath(form.return);
    const again = (status: number, error: string) => {
      const token = newSignInToken(reply, isSecure(request));
      return sendPage(reply, layout(ctx, ctx.t("signIn"), signInBody(ctx, { token, userId, returnTo, error })), status);
    };
    if (!validSignInForm(request, form.csrf_token)) return again(403, ctx.t("formExpired"));
    const password = form.password ?? "";
    if (userId === "" || password === "") return again(400, ctx.t("signInFailed"));
    const check = await checkPassword(app, request, userId, password);
    if (!check.ok) {
      if ("retryAfterSeconds" in check) {
        reply.header("Retry-After", String(check.retryAfterSeconds));
        return again(429, ctx.t("tooManyFailures", { seconds: check.retryAfterSeconds }));
      }
      return again(403, ctx.t("signInFailed"));
    }
    const value = await createSession(store, check.user.userId, config.sessionLifetime);
    reply.setCookie(SESSION_COOKIE, value, {
      path: "/",
      maxAge: config.sessionLifetime,
      httpOnly: true,
      sameSite: "lax",
      secure: isSecure(request),
      encode: (v) => v,
    });
    reply.clearCookie(SIGN_IN_CSRF_COOKIE, { path: "/signin" });
    return redirect(reply, returnTo);
  });

  app.post("/signout", hidden, async (request, reply) => {
    const params = queryParams(request);
    const ctx = await pageContext(app, request, params);
    const form = formFields(request);
    if (ctx.user !== undefined && !validSessionForm(request, ctx.user, form.csrf_token)) {
      const body = html`<h1>${ctx.t("signOut")}</h1><p class="error" role="alert">${ctx.t("formExpired")}</p>`;
      return sendPage(reply, layout(ctx, ctx.t("signOut"), body), 403);
    }
    await deleteSession(store, requestCookie(request, SESSION_COOKIE));
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return redirect(reply, link(ctx, "/"));
  });

  const editPath = (code: string) => `/product/${encodeURIComponent(code)}/edit`;

  app.get<{ Params: { code: string } }>("/product/:code/edit", hidden, async (request, reply) => {
    const params = queryParams(request);
    const ctx = await pageContext(app, request, params);
    const code = normalizeBarcode(request.params.code);
    if (ctx.user === undefined) return redirect(reply, link(ctx, "/signin", { return: editPath(request.params.code) }));
    if (code === "") {
      const body = html`<h1>${ctx.t("notFoundTitle")}</h1><p>${ctx.t("notFoundText", { code: request.params.code })}</p>`;
      return sendPage(reply, layout(ctx, ctx.t("notFoundTitle"), body), 404);
    }
    const bytes = await store.getProductDocumentBytes(code);
    const product = bytes === undefined ? undefined : new ProductData(bytes, app.foodbase.taxonomies);
    const input: EditFormInput = {
      code,
      isNew: product === undefined,
      name: product?.name(ctx.dataLc) || code,
      values:
        bytes === undefined || product === undefined
          ? {}
          : {
              ...storedValues(product, product.text("lang") || ctx.dataLc),
              // As stored: the nutrition as typed, which API v2's view does not keep (one preparation).
              ...storedNutritionValues(new ProductData(bytes, app.foodbase.taxonomies, false)),
            },
      errors: {},
    };
    const title = input.isNew ? ctx.t("addTitle", { code }) : ctx.t("editTitle", { name: input.name });
    return sendPage(reply, layout(ctx, title, editBody(ctx, input)));
  });

  app.post<{ Params: { code: string } }>("/product/:code/edit", hidden, async (request, reply) => {
    const params = queryParams(request);
    const ctx = await pageContext(app, request, params);
    const code = normalizeBarcode(request.params.code);
    if (ctx.user === undefined) return redirect(reply, link(ctx, "/signin", { return: editPath(request.params.code) }));
    const form = formFields(request);
    const values: Record<string, string> = {};
    const formNames = [
      ...EDIT_FIELDS,
      "comment",
      ...PREPARATIONS.map((p) => p.per),
      ...NUTRIENT_INPUTS,
      ...UNIT_INPUTS,
    ];
    for (const name of formNames) values[name] = form[name] ?? "";
    for (const { per } of PREPARATIONS) if (!PERS.includes(values[per] as Per)) values[per] = "100g";
    for (const [id, units] of NUTRITION_FIELDS) {
      const unitName = `nutriment_${id}_unit`;
      if (units.length > 1 && !units.includes(values[unitName] ?? "")) values[unitName] = units[0] as string;
    }
    const bytes = code === "" ? undefined : await store.getProductDocumentBytes(code);
    const name = bytes === undefined ? code : new ProductData(bytes, app.foodbase.taxonomies).name(ctx.dataLc) || code;
    const input = { code: code === "" ? request.params.code : code, isNew: bytes === undefined, name, values };
    const title = input.isNew ? ctx.t("addTitle", { code: input.code }) : ctx.t("editTitle", { name });
    const again = (status: number, errors: Record<string, string>, formError: string) =>
      sendPage(reply, layout(ctx, title, editBody(ctx, { ...input, errors, formError })), status);

    if (!validSessionForm(request, ctx.user, form.csrf_token)) return again(403, {}, ctx.t("formExpired"));
    const tooLong = Object.keys(values).filter((k) => (values[k] as string).length > MAX_FIELD_LENGTH);
    if (tooLong.length > 0) {
      return again(
        400,
        Object.fromEntries(tooLong.map((k) => [k, `${k}: at most ${MAX_FIELD_LENGTH} characters`])),
        ctx.t("formErrors"),
      );
    }
    if (code === "") return again(400, {}, ctx.t("notFoundText", { code: request.params.code }));
    if (input.isNew && values.product_name?.trim() === "") {
      return again(400, { product_name: ctx.t("fieldRequired") }, ctx.t("formErrors"));
    }
    const notNumbers = NUTRIENT_INPUTS.filter(
      (name) => (values[name] ?? "").trim() !== "" && !NUMBER_TEXT.test((values[name] as string).trim()),
    );
    if (notNumbers.length > 0) {
      return again(400, Object.fromEntries(notNumbers.map((n) => [n, ctx.t("notANumber")])), ctx.t("formErrors"));
    }
    const writeParams: Record<string, string> = { code, ...values };
    for (const name of NUTRIENT_INPUTS) {
      const v = (writeParams[name] ?? "").trim();
      if (v === "") delete writeParams[name];
      else writeParams[name] = v.replace(",", ".");
    }
    // The prepared values' basis only when some are given: it would otherwise record an empty set.
    if (!NUTRIENT_INPUTS.some((n) => n.endsWith("_prepared") && writeParams[n] !== undefined)) {
      delete writeParams.nutrition_data_prepared_per;
    }
    if (input.isNew) writeParams.lang = ctx.dataLc;
    const outcome: EditOutcome = await writeProductEdit(app, request, ctx.user.userId, code, writeParams);
    if (!outcome.ok) {
      // The write API's message, next to the field it names (else above the form).
      const field =
        [...EDIT_FIELDS, ...NUTRIENT_INPUTS].find((f) => outcome.parameter === f) ??
        EDIT_FIELDS.find((f) => outcome.parameter.startsWith(`${f}_`));
      return again(
        400,
        field === undefined ? {} : { [field]: outcome.message },
        field === undefined ? outcome.message : ctx.t("formErrors"),
      );
    }
    return redirect(reply, link(ctx, `/product/${encodeURIComponent(code)}`));
  });
}
