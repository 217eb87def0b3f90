/**
 * Product writes of `serve --workers N` on SQLite: one write lock for the workers, and the written
 * products told to the other workers.
 *
 * The lock. The primary hands out the database's write lock, one worker at a time, in the order asked.
 * Without it, a worker that finds the database locked by another's commit sleeps in SQLite's busy
 * handler (1, 2, 5, 10… ms), and its event loop with it: two workers writing then did fewer writes a
 * second than one (110 against 158 ingredient-list writes/s, 2 cores). A worker waiting for the lock
 * keeps serving, computes the writes that arrive meanwhile (store/sqlite/index.ts computes a write
 * before its transaction) and commits them as its next group.
 *
 * The written products. Each worker remembers the current revision id of the products it read
 * (store/sqlite/current-revisions.ts) and looks for other processes' writes (`PRAGMA data_version`) at
 * most once per millisecond: checking at every read would cost more than the rest of a cached read. But a
 * client answered by one worker may send its next request to another within that millisecond; so a
 * worker gives the lock back with the codes its group wrote, the primary has every other worker forget
 * them, and only then are the group's writes answered: worker → primary → the other workers → primary →
 * worker, once per group. A worker that does not answer within WAIT_MS (stuck in a long request) is not
 * waited for further: it answers no request meanwhile, and its data_version check catches the write
 * when it does.
 */
import cluster, { type Worker } from "node:cluster";
import type { Store, WriteLock } from "./store/types.js";

/** Worker → primary: may I write? */
const LOCK = "foodbase:write-lock";
/** Primary → worker: you may. */
const GRANTED = "foodbase:write-granted";
/** Worker → primary: done writing these codes (`codes`). */
const UNLOCK = "foodbase:write-unlock";
/** Primary → the other workers: forget these codes. */
const FORGET = "foodbase:forget";
/** Other worker → primary: forgotten. */
const FORGOTTEN = "foodbase:forgotten";
/** Primary → the writing worker: every other worker has forgotten the codes of its group. */
const DONE = "foodbase:written-done";

const WAIT_MS = 1000;
/**
 * A worker waits this long for the write lock, then commits without it (SQLite's busy handling still
 * serialises the commits): a worker stuck while holding it must not stop the others' writes.
 */
const LOCK_WAIT_MS = 5000;

interface Message {
  type?: string;
  id?: number;
  codes?: unknown;
}

function codesOf(message: Message): string[] {
  return Array.isArray(message.codes) ? message.codes.filter((c): c is string => typeof c === "string") : [];
}

/**
 * In a worker: the store takes the primary's write lock before each group of writes and tells the
 * other workers what it wrote; this worker forgets what the others write. PostgreSQL stores are left
 * as they are: they remember nothing of a product between reads and need no lock of ours.
 */
export function announceProductWrites(store: Store): Store {
  const forget = store.forgetCurrentRevision?.bind(store);
  if (forget === undefined || store.useWriteLock === undefined) return store;
  const granted = new Map<number, () => void>();
  const forgotten = new Map<number, () => void>();
  let nextId = 0;
  process.on("message", (message: Message) => {
    if (typeof message?.id !== "number") return;
    const id = message.id;
    if (message.type === FORGET) {
      for (const code of codesOf(message)) forget(code);
      process.send?.({ type: FORGOTTEN, id });
    } else if (message.type === GRANTED) {
      const grant = granted.get(id);
      granted.delete(id);
      // Granted after this worker stopped waiting: given back at once.
      if (grant === undefined) process.send?.({ type: UNLOCK, id, codes: [] });
      else grant();
    } else if (message.type === DONE) {
      forgotten.get(id)?.();
      forgotten.delete(id);
    }
  });
  /** Gives the lock back (if held) with the codes written; resolves when the others have forgotten them. */
  const release = (id: number, held: boolean) => (codes: readonly string[]) =>
    new Promise<void>((resolve) => {
      if (!held && codes.length === 0) return resolve();
      const timer = setTimeout(() => {
        forgotten.delete(id);
        resolve();
      }, WAIT_MS * 2);
      forgotten.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      process.send?.({ type: UNLOCK, id, codes });
    });
  const lock: WriteLock = {
    acquire: () =>
      new Promise((resolve) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          granted.delete(id);
          resolve(release(id, false));
        }, LOCK_WAIT_MS);
        granted.set(id, () => {
          clearTimeout(timer);
          resolve(release(id, true));
        });
        process.send?.({ type: LOCK, id });
      }),
  };
  store.useWriteLock(lock);
  return store;
}

/**
 * In the primary: the write lock, to one worker at a time in the order asked, and each group's codes
 * relayed to the other workers that listen (`isListening`).
 */
export function relayProductWrites(isListening: (worker: Worker) => boolean): void {
  const queue: Array<{ worker: Worker; id: number }> = [];
  let holder: { worker: Worker; id: number } | undefined;
  const grantNext = () => {
    while (holder === undefined && queue.length > 0) {
      const next = queue.shift() as { worker: Worker; id: number };
      if (!next.worker.isConnected()) continue;
      holder = next;
      next.worker.send({ type: GRANTED, id: next.id });
    }
  };
  /** Forget requests not yet answered: by request id, the worker asked and what to do on its answer. */
  const pending = new Map<number, { worker: Worker; settle: () => void }>();
  let nextId = 0;
  // A worker that exits holds nothing, waits for nothing and has nothing left to forget.
  cluster.on("exit", (worker) => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.worker === worker) queue.splice(i, 1);
    if (holder?.worker === worker) {
      holder = undefined;
      grantNext();
    }
    for (const [id, request] of pending) {
      if (request.worker !== worker) continue;
      pending.delete(id);
      request.settle();
    }
  });
  const relay = (writer: Worker, writerId: number, codes: string[]) => {
    const others = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => w !== undefined && w !== writer && w.isConnected() && isListening(w),
    );
    let answered = false;
    const ids: number[] = [];
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      for (const id of ids) pending.delete(id);
      if (writer.isConnected()) writer.send({ type: DONE, id: writerId });
    };
    const timer = setTimeout(answer, WAIT_MS);
    let left = others.length;
    if (left === 0 || codes.length === 0) return answer();
    for (const other of others) {
      const id = nextId++;
      ids.push(id);
      pending.set(id, {
        worker: other,
        settle: () => {
          left--;
          if (left === 0) answer();
        },
      });
      other.send({ type: FORGET, id, codes });
    }
  };
  cluster.on("message", (worker: Worker, message: Message) => {
    if (typeof message?.id !== "number") return;
    if (message.type === LOCK) {
      queue.push({ worker, id: message.id });
      grantNext();
    } else if (message.type === UNLOCK) {
      if (holder?.worker === worker && holder.id === message.id) {
        holder = undefined;
        grantNext();
      }
      relay(worker, message.id, codesOf(message));
    } else if (message.type === FORGOTTEN) {
      const request = pending.get(message.id);
      pending.delete(message.id);
      request?.settle();
    }
  });
}
