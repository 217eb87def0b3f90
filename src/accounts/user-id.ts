/** User ids are lowercase letters, digits and `-` (API.md §6); an e-mail address is never one. */
export const USER_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

/** The user of every revision an import records (`foodbase import`): no account may take it. */
export const IMPORT_USER_ID = "import";

/** Ids no account may have, with why. */
export const RESERVED_USER_IDS: ReadonlyMap<string, string> = new Map([
  [IMPORT_USER_ID, "the revisions of imports are recorded under it"],
]);

export function isValidUserId(userId: string): boolean {
  return USER_ID_PATTERN.test(userId);
}

/** How a received `user_id` is compared: trimmed and lowercased (API.md §4.1). */
export function normalizeUserId(received: string): string {
  return received.trim().toLowerCase();
}
