import type Database from "better-sqlite3";
import type { FolksonomyStore } from "../folksonomy-types.js";

export class SqliteFolksonomyStore implements FolksonomyStore {
  constructor(readonly db: Database.Database) {}
}
