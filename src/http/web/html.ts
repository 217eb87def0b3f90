/**
 * HTML built safely by default: every value interpolated into an `html` template is escaped, unless it
 * is itself `Html` (built by `html` or, for trusted fragments only, `raw`). Arrays are joined.
 */

/** A piece of HTML known to be safe (built by `html` or `raw`). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Text as HTML text or attribute value (both quote kinds escaped, so any attribute is safe). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] as string);
}

/** What a template takes: text, numbers, safe HTML, nothing (null/undefined/false print nothing), or lists. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${userText}</p>\`` escapes userText. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += render(values[i] as HtmlValue) + (strings[i + 1] as string);
  return new Html(out);
}

/** A trusted fragment, inserted as it is. Never for user text. */
export function raw(text: string): Html {
  return new Html(text);
}

/** A URL for an href/src: only http(s), relative paths and fragments; anything else (javascript:…) → "#". */
export function safeUrl(url: string): string {
  const t = url.trim();
  if (/^(https?:)?\/\//i.test(t) || /^[/?#]/.test(t)) return t;
  if (/^[a-z][a-z0-9+.-]*:/i.test(t)) return "#";
  return t;
}
