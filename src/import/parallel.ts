/**
 * Worker threads for bulk data work (import, generate): a pool running one module's task handler,
 * and an ordered map over a stream of tasks, so that output order is input order however the work is
 * spread. With 0 workers the same handler runs in this thread.
 */
import { parentPort, type TransferListItem, Worker } from "node:worker_threads";

interface TaskMessage<In> {
  id: number;
  input: In;
}

type ResultMessage<Out> = { id: number; output: Out } | { id: number; error: string };

export type TaskRunner<In, Out> = (input: In, transfer?: readonly TransferListItem[]) => Promise<Out>;

/** Worker threads of one module, given tasks in turn. */
export class WorkerPool<In, Out> {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve(output: Out): void; reject(error: Error): void }>();
  private nextId = 0;
  private closing = false;
  private failure: Error | undefined;

  /**
   * `heapMb`: old-generation limit of each thread. Its live data is small (a block of lines, the
   * taxonomies), but V8 lets garbage grow up to the limit before collecting it all, so the limit is
   * what the thread ends up using. The young generation is 64 MB: parsing makes short-lived objects
   * by the megabyte, and with V8's default for worker threads collecting them took a quarter of the
   * thread's time (an import of 100,000 products: 4,131 products/s with 16 MB, 4,649 with 64 MB).
   */
  constructor(moduleUrl: URL, workerData: unknown, size: number, heapMb: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(moduleUrl, {
        workerData,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
      });
      worker.on("message", (message: ResultMessage<Out>) => {
        const task = this.pending.get(message.id);
        if (task === undefined) return;
        this.pending.delete(message.id);
        if ("error" in message) task.reject(new Error(message.error));
        else task.resolve(message.output);
      });
      worker.on("error", (error) => this.fail(error));
      worker.on("exit", (code) => {
        if (!this.closing) this.fail(new Error(`a worker thread stopped (exit code ${code})`));
      });
      this.workers.push(worker);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const task of this.pending.values()) task.reject(error);
    this.pending.clear();
  }

  run: TaskRunner<In, Out> = (input, transfer) => {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length] as Worker;
    return new Promise<Out>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: TaskMessage<In> = { id, input };
      worker.postMessage(message, transfer);
    });
  };

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** In a worker module: answers the pool's tasks with `handle`. */
export function serveTasks<In, Out>(handle: (input: In) => Out): void {
  const port = parentPort;
  if (port === null) throw new Error("serveTasks runs in a worker thread");
  port.on("message", (message: TaskMessage<In>) => {
    let reply: ResultMessage<Out>;
    try {
      reply = { id: message.id, output: handle(message.input) };
    } catch (e) {
      reply = { id: message.id, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}

/** A runner that calls `handle` in this thread (no worker): same results, one core. */
export function inlineRunner<In, Out>(handle: (input: In) => Out): TaskRunner<In, Out> {
  return async (input) => handle(input);
}

/**
 * Runs up to `window` inputs at once and yields their outputs in input order. When reading the inputs
 * fails, the outputs of the inputs already read are yielded first, then the error is thrown.
 */
export async function* mapInOrder<In, Out>(
  inputs: AsyncIterable<In>,
  run: (input: In) => Promise<Out>,
  window: number,
): AsyncGenerator<Out> {
  const iterator = inputs[Symbol.asyncIterator]();
  const queue: Array<Promise<Out>> = [];
  let inputError: unknown;
  let inputDone = false;
  try {
    for (;;) {
      while (!inputDone && queue.length < window) {
        let next: IteratorResult<In>;
        try {
          next = await iterator.next();
        } catch (e) {
          inputError = e;
          inputDone = true;
          break;
        }
        if (next.done) inputDone = true;
        else {
          const output = run(next.value);
          // Awaited in order below; a rejection waiting in the queue must not count as unhandled.
          output.catch(() => {});
          queue.push(output);
        }
      }
      const head = queue.shift();
      if (head === undefined) break;
      yield await head;
    }
  } finally {
    if (!inputDone) await iterator.return?.();
  }
  if (inputError !== undefined) throw inputError;
}
