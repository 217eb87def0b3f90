/** Guards against an output path that would overwrite one of the command's own inputs. */
import { statSync } from "node:fs";
import { isPostgresUrl } from "../store/open.js";
import { sqlitePathFromUrl } from "../store/sqlite/path.js";

/** True when both paths exist and are the same file (same device and inode: links included). */
export function isSameFile(a: string, b: string): boolean {
  const first = statSync(a, { throwIfNoEntry: false });
  const second = statSync(b, { throwIfNoEntry: false });
  return first !== undefined && second !== undefined && first.dev === second.dev && first.ino === second.ino;
}

/** The files of a SQLite database (none for PostgreSQL): writing over any of them destroys it. */
export function databaseFiles(databaseUrl: string): string[] {
  if (isPostgresUrl(databaseUrl)) return [];
  const path = sqlitePathFromUrl(databaseUrl);
  return [path, `${path}-wal`, `${path}-shm`, `${path}-journal`];
}

/**
 * Throws when `output` (given as `option`) is one of `inputs` or a file of the database, before
 * anything is opened for writing.
 */
export function refuseOverwritingInputs(option: string, output: string, inputs: string[], databaseUrl: string): void {
  for (const input of inputs) {
    if (isSameFile(output, input)) throw new Error(`${option} ${output} is the input file: it would be overwritten`);
  }
  for (const file of databaseFiles(databaseUrl)) {
    if (isSameFile(output, file))
      throw new Error(`${option} ${output} is a file of the database: it would be destroyed`);
  }
}
