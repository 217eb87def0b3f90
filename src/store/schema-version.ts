/**
 * A database migrated by a newer foodbase has tables this one does not know how to keep up to date
 * (a write would leave them stale, a migration of its own could clash): it is refused at open.
 */
export function refuseNewerSchema(applied: Iterable<number>, known: ReadonlyArray<{ version: number }>): void {
  const newest = Math.max(0, ...known.map((m) => m.version));
  const ahead = Math.max(0, ...applied);
  if (ahead > newest) {
    throw new Error(
      `the database's schema is at version ${ahead}, newer than this foodbase knows (${newest}): use a foodbase release at least as new as the one that migrated it`,
    );
  }
}
