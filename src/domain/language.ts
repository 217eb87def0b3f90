/** Language and country parameters (API.md §1.3). */

/** `fr`, `fr-BE`, `pt_BR` → 2 lowercase letters; anything else → undefined. */
export function normalizeLanguageCode(raw: string): string | undefined {
  const m = /^([a-zA-Z]{2})(?:[-_][a-zA-Z0-9]+)?$/.exec(raw.trim());
  return m ? (m[1] as string).toLowerCase() : undefined;
}

/** `lc=fr,nl` → ["fr", "nl"]; invalid items dropped. */
export function parseLanguageList(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const out: string[] = [];
  for (const item of raw.split(",")) {
    const lc = normalizeLanguageCode(item);
    if (lc !== undefined && !out.includes(lc)) out.push(lc);
  }
  return out;
}
