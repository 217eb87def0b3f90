/** Guards against an output path that would overwrite one of the command's own inputs. */
import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { isPostgresUrl } from "../store/open.js";
import { sqlitePathFromUrl } from "../store/sqlite/path.js";

/** The real path of a file, or of the folder it would be created in (symbolic links followed). */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/**
 * True when both paths name the same file: the same real path (also for a file not there yet, such as
 * a database's -wal, which opening the database creates), or the same existing file (hard links).
 */
export function isSameFile(a: string, b: string): boolean {
  if (realPath(a) === realPath(b)) return true;
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
