/**
 * Product writes of `serve --workers N` on SQLite: one write lock for the workers.
 *
 * The primary hands out the database's write lock, one worker at a time, in the order asked. Without
 * it, a worker that finds the database locked by another's commit sleeps in SQLite's busy handler (1, 2,
 * 5, 10… ms), and its event loop with it: two workers writing then did fewer writes a second than one
 * (110 against 158 ingredient-list writes/s, 2 cores). A worker waiting for the lock keeps serving,
 * computes the writes that arrive meanwhile (store/sqlite/index.ts computes a write before its
 * transaction) and commits them as its next group.
 *
 * What the other workers read after a write needs no message: a worker answers a group's writes only
 * once its readers' check for other processes' writes is due (store/sqlite/index.ts).
 */
import cluster, { type Worker } from "node:cluster";
import type { Store, WriteLock } from "./store/types.js";

/** Worker → primary: may I write? */
const LOCK = "foodbase:write-lock";
/** Primary → worker: you may. */
const GRANTED = "foodbase:write-granted";
/** Worker → primary: done writing. */
const UNLOCK = "foodbase:write-unlock";

/**
 * A worker waits this long for the write lock, then commits without it (SQLite's busy handling still
 * serialises the commits): a worker stuck while holding it must not stop the others' writes.
 */
const LOCK_WAIT_MS = 5000;

interface Message {
  type?: string;
  id?: number;
}

/**
 * In a worker: the store takes the primary's write lock before each group of writes. PostgreSQL stores
 * are left as they are: they need no lock of ours.
 */
export function shareWriteLock(store: Store): Store {
  if (store.useWriteLock === undefined) return store;
  const granted = new Map<number, () => void>();
  let nextId = 0;
  process.on("message", (message: Message) => {
    if (message?.type !== GRANTED || typeof message.id !== "number") return;
    const id = message.id;
    const grant = granted.get(id);
    granted.delete(id);
    // Granted after this worker stopped waiting: given back at once.
    if (grant === undefined) process.send?.({ type: UNLOCK, id });
    else grant();
  });
  const lock: WriteLock = {
    acquire: () =>
      new Promise((resolve) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          granted.delete(id);
          resolve(() => {});
        }, LOCK_WAIT_MS);
        granted.set(id, () => {
          clearTimeout(timer);
          resolve(() => process.send?.({ type: UNLOCK, id }));
        });
        process.send?.({ type: LOCK, id });
      }),
  };
  store.useWriteLock(lock);
  return store;
}

/** In the primary: the write lock, to one worker at a time in the order asked. */
export function grantWriteLock(): void {
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
  // A worker that exits holds nothing and waits for nothing.
  cluster.on("exit", (worker) => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.worker === worker) queue.splice(i, 1);
    if (holder?.worker === worker) {
      holder = undefined;
      grantNext();
    }
  });
  cluster.on("message", (worker: Worker, message: Message) => {
    if (typeof message?.id !== "number") return;
    if (message.type === LOCK) {
      queue.push({ worker, id: message.id });
      grantNext();
    } else if (message.type === UNLOCK && holder?.worker === worker && holder.id === message.id) {
      holder = undefined;
      grantNext();
    }
  });
}
