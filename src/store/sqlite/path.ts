/** Where a SQLite database is, from `DATABASE_URL` (no dependency: the configuration checks it too). */

/** `sqlite:/path/to.db`, `sqlite://relative.db`, `file:...` or a plain path. */
export function sqlitePathFromUrl(url: string): string {
  if (url.startsWith("sqlite://")) return url.slice("sqlite://".length);
  if (url.startsWith("sqlite:")) return url.slice("sqlite:".length);
  if (url.startsWith("file:")) return url.slice("file:".length);
  return url;
}
