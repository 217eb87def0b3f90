/**
 * Checkpoints of a SQLite database in WAL mode, run by a thread of their own during a bulk load.
 *
 * A checkpoint copies the pages committed to the WAL back into the database file. Run by the loading
 * connection (`wal_autocheckpoint`), it stops the load while it writes pages all over the file: the
 * last 100,000 products of a million took a fifth less time without it. Run here, on another
 * connection, it overlaps with the load; PASSIVE checkpoints never wait for the writer, and once one
 * has copied the whole WAL, the writer's next transaction starts the WAL over, so it stays about as
 * large as what is written between two checkpoints.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** Time from the end of one checkpoint to the start of the next. */
const INTERVAL_MS = 100;

interface CheckpointerData {
  /** The database file (a key of its own, so that no other thread's data is taken for it). */
  foodbaseCheckpointerPath: string;
}

/** The thread checkpointing the database at `path` until {@link stop}. */
export class BackgroundCheckpointer {
  private readonly worker: Worker;
  private readonly stopped: Promise<void>;

  /**
   * `onError`: the thread failed (could not open the database, say). That costs the load only speed,
   * so it is reported, not thrown.
   */
  constructor(path: string, onError?: (error: Error) => void) {
    const data: CheckpointerData = { foodbaseCheckpointerPath: path };
    this.worker = new Worker(new URL(import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    this.worker.on("error", (error) => onError?.(error));
    this.stopped = new Promise((resolve) => this.worker.once("exit", () => resolve()));
  }

  /** Ends the thread after the checkpoint it is running, if any. */
  async stop(): Promise<void> {
    this.worker.postMessage("stop");
    await this.stopped;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}

/**
 * The thread's failure as a plain Error: the copy of a SqliteError that reaches the main thread
 * keeps only its `code`, without the message.
 */
function reportable(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const code = (error as { code?: unknown }).code;
  return new Error(typeof code === "string" ? `${code}: ${error.message}` : error.message);
}

/**
 * One PASSIVE checkpoint. A busy database (another checkpoint is running) is left for the next tick;
 * anything else is thrown, which ends the thread and is reported to the load (it then checkpoints
 * on its own connection).
 */
export function checkpointOnce(db: Database.Database): void {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    if (!isBusy(error)) throw reportable(error);
  }
}

function checkpointUntilStopped({ foodbaseCheckpointerPath }: CheckpointerData): void {
  const db = new Database(foodbaseCheckpointerPath);
  db.pragma("busy_timeout = 10000");
  // This connection only copies pages; a small cache is enough.
  db.pragma("cache_size = -2048");
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    checkpointOnce(db);
    timer = setTimeout(run, INTERVAL_MS);
  };
  parentPort?.on("message", (message) => {
    if (message !== "stop") return;
    clearTimeout(timer);
    db.close();
    parentPort?.close();
  });
  run();
}

if (!isMainThread && typeof (workerData as Partial<CheckpointerData> | null)?.foodbaseCheckpointerPath === "string") {
  try {
    checkpointUntilStopped(workerData as CheckpointerData);
  } catch (error) {
    throw reportable(error);
  }
}
