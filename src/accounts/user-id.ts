/** User ids are lowercase letters, digits and `-` (API.md §6); an e-mail address is never one. */
export const USER_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

export function isValidUserId(userId: string): boolean {
  return USER_ID_PATTERN.test(userId);
}

/** How a received `user_id` is compared: trimmed and lowercased (API.md §4.1). */
export function normalizeUserId(received: string): string {
  return received.trim().toLowerCase();
}
