/**
 * Product writes told across the workers of `serve --workers N` on SQLite. Each worker remembers the
 * current revision id of the products it read (store/sqlite/current-revisions.ts) and looks for other
 * processes' writes (`PRAGMA data_version`) at most once per millisecond: checking at every read would
 * cost more than the rest of a cached read. But a client answered by one worker may send its next request
 * to another within that millisecond; so a worker that wrote a product has every other worker forget it
 * before answering: worker → primary → the other workers → primary → worker, over the cluster's IPC.
 * A worker that does not answer within WAIT_MS (stuck in a long request) is not waited for further: it
 * answers no request meanwhile, and its data_version check catches the write when it does.
 */
import cluster, { type Worker } from "node:cluster";
import type { Store } from "./store/types.js";

const WRITTEN = "foodbase:written";
const FORGET = "foodbase:forget";
const FORGOTTEN = "foodbase:forgotten";
const DONE = "foodbase:written-done";

const WAIT_MS = 1000;

interface Message {
  type?: string;
  id?: number;
  code?: string;
}

/** In a worker: the store whose product writes are announced (and the other workers' writes heard). */
export function announceProductWrites(store: Store): Store {
  const forget = store.forgetCurrentRevision?.bind(store);
  if (forget === undefined) return store; // PostgreSQL: nothing of a product is remembered between reads
  const waiting = new Map<number, () => void>();
  let nextId = 0;
  process.on("message", (message: Message) => {
    if (message?.type === FORGET && typeof message.code === "string") {
      forget(message.code);
      process.send?.({ type: FORGOTTEN, id: message.id });
    } else if (message?.type === DONE && typeof message.id === "number") {
      waiting.get(message.id)?.();
      waiting.delete(message.id);
    }
  });
  const announce = (code: string) =>
    new Promise<void>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve();
      }, WAIT_MS * 2);
      waiting.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      process.send?.({ type: WRITTEN, id, code });
    });
  const writeProduct: Store["writeProduct"] = async (code, info, mutate) => {
    const outcome = await store.writeProduct(code, info, mutate);
    await announce(code);
    return outcome;
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === "writeProduct") return writeProduct;
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** In the primary: relays each worker's writes to the other workers that listen (`isListening`). */
export function relayProductWrites(isListening: (worker: Worker) => boolean): void {
  /** Forget requests not yet answered: by request id, the worker asked and what to do on its answer. */
  const pending = new Map<number, { worker: Worker; settle: () => void }>();
  let nextId = 0;
  // A worker that exits has nothing left to forget.
  cluster.on("exit", (worker) => {
    for (const [id, request] of pending) {
      if (request.worker !== worker) continue;
      pending.delete(id);
      request.settle();
    }
  });
  cluster.on("message", (writer: Worker, message: Message) => {
    if (message?.type === FORGOTTEN && typeof message.id === "number") {
      const request = pending.get(message.id);
      pending.delete(message.id);
      request?.settle();
      return;
    }
    if (message?.type !== WRITTEN) return;
    const others = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => w !== undefined && w !== writer && w.isConnected() && isListening(w),
    );
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      for (const id of ids) pending.delete(id);
      if (writer.isConnected()) writer.send({ type: DONE, id: message.id });
    };
    const ids: number[] = [];
    const timer = setTimeout(answer, WAIT_MS);
    let left = others.length;
    if (left === 0) return answer();
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
      other.send({ type: FORGET, id, code: message.code });
    }
  });
}
