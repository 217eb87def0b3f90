/** Chooses the store implementation from `DATABASE_URL`. */
import { SqliteStore } from "./sqlite/index.js";
import type { Store } from "./types.js";

export async function openStore(databaseUrl: string): Promise<Store> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("PostgreSQL is not supported yet: use a SQLite file path for DATABASE_URL");
  }
  return SqliteStore.open(databaseUrl);
}
