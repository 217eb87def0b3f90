/**
 * `foodbase serve --workers N`: N server processes sharing one port, with `node:cluster`. The primary
 * process serves no request: it forks the workers (the same command, run again by cluster), migrates the
 * database and loads the sample data once while they load their modules, starts another
 * worker when one dies, and on SIGTERM or SIGINT asks every worker to drain its in-flight requests and
 * waits for them all to exit.
 *
 * Every worker is a whole foodbase server on the one database: what one writes, the others read at once
 * (README, "What is cached where").
 */
import cluster, { type Worker } from "node:cluster";
import { pino } from "pino";
import type { Config } from "../config.js";
import type { ClusterMetricsServer } from "../metrics/cluster.js";
import type { RunningServer } from "../server.js";
import { migrateDatabase, openStore, redactDatabaseUrl } from "../store/open.js";

/** Messages a worker sends the primary. */
type WorkerMessage =
  | { type: "foodbase:database?" }
  | { type: "foodbase:ready"; url: string; folksonomyUrl?: string }
  | { type: "foodbase:failed"; message: string };

/** The primary's answer to "foodbase:database?": the database is migrated (and the sample data loaded). */
const DATABASE_PREPARED = "foodbase:database-prepared";

function isWorkerMessage(message: unknown): message is WorkerMessage {
  const type = (message as { type?: unknown } | null)?.type;
  return type === "foodbase:database?" || type === "foodbase:ready" || type === "foodbase:failed";
}

/**
 * Resolves when the primary says the database is prepared. The worker asks rather than waits for a
 * message, so that an answer can never come before it listens (a replacement worker, forked long after).
 */
function databasePrepared(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== DATABASE_PREPARED) return;
      process.off("message", onMessage);
      resolve();
    };
    process.on("message", onMessage);
    const question: WorkerMessage = { type: "foodbase:database?" };
    process.send?.(question);
  });
}

/** Milliseconds between a replacement worker that could not start and the next try (the database may be back). */
const RESTART_DELAY_MS = 1000;

export function startupMessage(e: unknown, configuredHost: string, configuredPort: number): string {
  const err = e as { code?: string; message?: string; address?: string; port?: number };
  // The failing listener's own address: the folksonomy may have a port of its own (FOODBASE_FOLKSONOMY_PORT).
  const host = err.address ?? configuredHost;
  const port = err.port ?? configuredPort;
  if (err.code === "EADDRINUSE") return `cannot listen on ${host}:${port}: the port is already in use`;
  if (err.code === "EACCES") return `cannot listen on ${host}:${port}: permission denied`;
  if (err.code === "SQLITE_CANTOPEN" || err.code === "SQLITE_NOTADB" || err.code === "SQLITE_CORRUPT") {
    return `cannot open the database: ${err.message}`;
  }
  return `cannot start: ${err.message ?? String(e)}`;
}

/**
 * SIGTERM and SIGINT: stop accepting connections, finish the requests in flight, close the store, exit.
 * The requests get `graceSeconds`: a request whose body never ends (an upload over a link that died) would
 * otherwise keep the process alive for ever (Fastify sets no request timeout), and a supervisor would have
 * to kill it, mid-write perhaps. An answer the client stops reading does not hold it: Node counts an answer
 * handed to the socket as finished.
 */
export function exitOnSignals(server: RunningServer, graceSeconds: number): void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      server.app.log.warn(`requests still in flight after ${graceSeconds} s: closing their connections`);
      server.closeConnections();
    }, graceSeconds * 1000).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** A cluster worker: one server on the shared port; tells the primary when it listens or why it cannot. */
export async function runWorker(config: Config): Promise<void> {
  let server: RunningServer;
  // Asked first: the primary prepares the database while this worker loads its modules.
  const prepared = databasePrepared();
  try {
    const { startServer } = await import("../server.js");
    server = await startServer(config, { clusterWorker: true, databasePrepared: prepared });
  } catch (e) {
    const failed: WorkerMessage = { type: "foodbase:failed", message: startupMessage(e, config.host, config.port) };
    process.send?.(failed, undefined, {}, () => process.exit(1));
    return;
  }
  exitOnSignals(server, config.shutdownGraceSeconds);
  const ready: WorkerMessage = {
    type: "foodbase:ready",
    url: server.url,
    ...(server.folksonomyUrl === undefined ? {} : { folksonomyUrl: server.folksonomyUrl }),
  };
  process.send?.(ready);
}

/**
 * Migrations and the sample products, once, before any worker opens the database. Migrating alone loads
 * only the migrations (a SQLite store's modules would cost this process 80 ms of CPU, while its workers
 * start on the same cores); the store is opened only to load the sample products.
 */
async function prepareDatabase(config: Config, sampleData: boolean): Promise<number> {
  await migrateDatabase(config.databaseUrl);
  if (!sampleData) return 0;
  const store = await openStore(config.databaseUrl, { poolSize: 1 });
  try {
    if ((await store.countProducts()) > 0) return 0;
    // Loaded only here: the primary serves nothing, and the server's modules would delay every start.
    const [{ loadSampleProducts }, { loadTaxonomies }] = await Promise.all([
      import("../sample-data.js"),
      import("../storage/taxonomy-files.js"),
    ]);
    return await loadSampleProducts(store, loadTaxonomies(), config.nutriscoreHeadlineVersion);
  } finally {
    await store.close();
  }
}

/**
 * The primary process. Resolves once every worker listens (the "listening" line is printed); rejects
 * when the database cannot be prepared or the first workers cannot start. It then runs until a signal
 * stops it, and exits the process itself.
 */
export async function runPrimary(config: Config, workerCount: number, sampleData: boolean): Promise<void> {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: "primary" } });
  let metrics: ClusterMetricsServer | undefined;
  let databaseIsPrepared = false;
  const ready = new Set<number>();
  /** Workers that asked whether the database is prepared before it was. */
  const waitingForDatabase: Worker[] = [];
  let started = false;
  let stopping = false;
  let startupFailed = false;
  let failure: string | undefined;
  let allClean = true;
  let firstReady: { url: string; folksonomyUrl?: string } | undefined;
  let resolveStarted: () => void = () => {};
  let rejectStarted: (e: Error) => void = () => {};
  const startedPromise = new Promise<void>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.type === "foodbase:database?") {
        if (databaseIsPrepared) worker.send({ type: DATABASE_PREPARED });
        else waitingForDatabase.push(worker);
        return;
      }
      if (message.type === "foodbase:failed") {
        failure = message.message;
        return;
      }
      ready.add(worker.id);
      firstReady ??= message;
      if (started) log.info({ worker: worker.process.pid }, "worker listening");
      if (!started && ready.size === workerCount) {
        started = true;
        resolveStarted();
      }
    });
    return worker;
  };

  const stopAll = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  /** The first start failed: say why (the first reason wins) and stop every worker. */
  const failStart = (e: Error) => {
    if (startupFailed) return;
    startupFailed = true;
    rejectStarted(e);
    stopAll();
  };
  const finishWhenAllExited = () => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return;
    void (metrics?.close() ?? Promise.resolve()).finally(() => process.exit(allClean ? 0 : 1));
  };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log.info("stopping: the workers finish their requests in flight");
    stopAll();
    finishWhenAllExited();
  };

  cluster.on("exit", (worker, code, signal) => {
    const wasReady = ready.delete(worker.id);
    if (code !== 0) allClean = false;
    if (stopping) {
      finishWhenAllExited();
      return;
    }
    if (!started) {
      // The first workers cannot start (port taken, database unreadable): stop them all, saying why.
      failStart(new Error(failure ?? `a worker exited (${signal ?? code}) before listening`));
      return;
    }
    log.warn({ worker: worker.process.pid, code, signal }, "worker exited; starting another");
    if (wasReady) fork();
    else {
      log.error({ reason: failure }, `a new worker could not start; trying again in ${RESTART_DELAY_MS} ms`);
      failure = undefined;
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS).unref();
    }
  });
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  // The workers are forked first: loading their modules, the longest part of a start, runs while this
  // process migrates the database. They open it only once it is prepared.
  for (let i = 0; i < workerCount; i++) fork();
  try {
    const loaded = await prepareDatabase(config, sampleData);
    if (loaded > 0) log.info(`loaded ${loaded} sample products`);
    databaseIsPrepared = true;
    for (const worker of waitingForDatabase.splice(0)) {
      if (worker.isConnected()) worker.send({ type: DATABASE_PREPARED });
    }
  } catch (e) {
    failStart(new Error(startupMessage(e, config.host, config.port)));
  }
  if (config.metrics && !startupFailed) {
    const { startClusterMetrics } = await import("../metrics/cluster.js");
    try {
      metrics = await startClusterMetrics(config);
    } catch (e) {
      failStart(new Error(startupMessage(e, config.host, config.metricsPort)));
    }
  }
  try {
    await startedPromise;
  } catch (e) {
    // Wait for the other workers to go, then let the caller report.
    await new Promise<void>((resolve) => {
      const check = () => (Object.keys(cluster.workers ?? {}).length === 0 ? resolve() : setTimeout(check, 20));
      check();
    });
    await metrics?.close();
    throw e;
  }
  const at = firstReady as { url: string; folksonomyUrl?: string };
  const folksonomy = at.folksonomyUrl === undefined ? "" : `, folksonomy also on ${at.folksonomyUrl}`;
  const metricsAt = metrics?.url === undefined ? "" : `, metrics on ${metrics.url}`;
  process.stdout.write(
    `foodbase listening on ${at.url} (database ${redactDatabaseUrl(config.databaseUrl)}, ${workerCount} workers${folksonomy}${metricsAt})\n`,
  );
}
