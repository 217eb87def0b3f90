/**
 * What `foodbase sync` keeps in the database (README "Keeping current with OFF: sync"): the delta files
 * (and full dump) it applied, and a lock so that one run at a time applies them.
 */

/** A file of OFF's published data that was imported whole. */
export interface AppliedDelta {
  /** The file name as the index lists it (`openfoodfacts_products_<start>_<end>.json.gz`), or `full:<url>`. */
  name: string;
  /** When it was applied (Unix seconds); for a full dump, when the dump was made (HTTP Last-Modified) if known. */
  appliedT: number;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** The sync lock, held: release it when the run ends. */
export interface SyncLock {
  release(): Promise<void>;
}

export interface SyncStore {
  /** Applied files, oldest first. */
  appliedDeltas(): Promise<AppliedDelta[]>;
  /** Records a file as applied (only once it is fully imported). Recording it again changes nothing. */
  recordDelta(delta: AppliedDelta): Promise<void>;
  /**
   * Takes the sync lock, or answers who holds it (a description for the error message). A lock whose
   * process died (kill -9) is taken over.
   */
  tryLock(owner: string): Promise<SyncLock | { heldBy: string }>;
}
