/** JSON helpers for the product API, whose objects have their keys sorted alphabetically (as OFF). */

export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * `sortKeysDeep` for a value that is not changed afterwards: objects and arrays whose keys are already in
 * order, all the way down, are returned as they are instead of copied. A write's product (a copy of the
 * stored one, whose keys are sorted, with the edit's changes) is mostly such objects.
 */
export function sortKeysDeepShared(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const sorted = sortKeysDeepShared(item);
      if (out === undefined && sorted !== item) out = value.slice(0, i);
      out?.push(sorted);
    }
    return out ?? value;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    let inOrder = true;
    for (let i = 1; i < keys.length && inOrder; i++) inOrder = (keys[i - 1] as string) < (keys[i] as string);
    if (inOrder) {
      let out: Record<string, unknown> | undefined;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const item = record[key];
        const sorted = sortKeysDeepShared(item);
        if (out === undefined && sorted !== item) {
          out = {};
          for (let j = 0; j < i; j++) out[keys[j] as string] = record[keys[j] as string];
        }
        if (out !== undefined) out[key] = sorted;
      }
      return out ?? value;
    }
    const out: Record<string, unknown> = {};
    for (const key of keys.sort()) out[key] = sortKeysDeepShared(record[key]);
    return out;
  }
  return value;
}

export const JSON_TYPE = "application/json; charset=utf-8";
