/**
 * Interface languages: every `<lc>.ts` file of this folder exporting `messages` is a language, so adding
 * one is adding its file (the keys are those of en.ts, checked by the type `Messages`). The page's
 * language comes from `?lc=`, else the best of `Accept-Language`, else English.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { normalizeLanguageCode, parseLanguageList } from "../../../domain/language.js";
import { messages as english, type Messages } from "./en.js";

export type { Messages } from "./en.js";
export type MessageKey = keyof Messages;

const LANGUAGE_FILE = /^([a-z]{2})\.(?:js|ts)$/;

/** The languages found next to this file, English first. */
export async function loadLanguages(): Promise<ReadonlyMap<string, Messages>> {
  const found = new Map<string, Messages>([["en", english]]);
  const dir = fileURLToPath(new URL(".", import.meta.url));
  for (const file of readdirSync(dir).sort()) {
    const m = LANGUAGE_FILE.exec(file);
    if (m === null || m[1] === "en" || found.has(m[1] as string)) continue;
    const module = (await import(new URL(file, import.meta.url).href)) as { messages?: Messages };
    if (module.messages !== undefined) found.set(m[1] as string, module.messages);
  }
  return found;
}

/** `Accept-Language: fr-CH, fr;q=0.9, en;q=0.8` → ["fr", "en"], by decreasing q (q=0 dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (header === undefined) return [];
  const items: Array<{ lc: string; q: number; order: number }> = [];
  header.split(",").forEach((part, order) => {
    const [tag, ...params] = part.trim().split(";");
    const lc = normalizeLanguageCode(tag ?? "");
    if (lc === undefined) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m !== null) q = Number(m[1]);
    }
    if (Number.isFinite(q) && q > 0) items.push({ lc, q, order });
  });
  items.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(items.map((i) => i.lc))];
}

/** The interface language: the first of `lc` that we have, else of Accept-Language, else English. */
export function chooseLanguage(
  lcParam: string | undefined,
  acceptLanguage: string | undefined,
  available: ReadonlyMap<string, Messages>,
): string {
  for (const lc of [...parseLanguageList(lcParam), ...acceptedLanguages(acceptLanguage)]) {
    if (available.has(lc)) return lc;
  }
  return "en";
}

/** A message with its `{name}` placeholders filled (values are text; the caller escapes them). */
export function format(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([a-z]+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** Translation function of one language. */
export type Translate = (key: MessageKey, vars?: Readonly<Record<string, string | number>>) => string;

export function translator(messages: Messages): Translate {
  return (key, vars) => format(messages[key] ?? english[key] ?? key, vars);
}
