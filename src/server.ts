/** Starting and stopping a foodbase server: store, taxonomies, HTTP app. */
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import type { Taxonomies } from "./domain/taxonomy/types.js";
import { buildApp } from "./http/app.js";
import { buildFolksonomyApp } from "./http/folksonomy/index.js";
import { type MetricsSource, registerMetricsRoute, registerRequestMetrics } from "./http/metrics.js";
import type { Metrics } from "./metrics/metrics.js";
import type { MetricsListener } from "./metrics/server.js";
import { loadTaxonomies } from "./storage/taxonomy-files.js";
import { openStore } from "./store/open.js";
import type { Store } from "./store/types.js";

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  taxonomies: Taxonomies;
  url: string;
  /** Base URL of the folksonomy API's own listener (config `folksonomyPort` > 0). */
  folksonomyUrl?: string;
  /** URL of the metrics' own listener (config `metrics` and `metricsPort` > 0, single process). */
  metricsUrl?: string;
  /** Stops accepting connections, lets the requests in flight finish, then closes the store. */
  close(): Promise<void>;
  /** Closes every connection of the listeners now, requests in flight included (a stalled client's too). */
  closeConnections(): void;
}

export interface ServerOptions {
  store?: Store;
  logStream?: NodeJS.WritableStream;
  /**
   * A worker of `serve --workers N`: its product writes take turns with the other workers' (a SQLite store
   * is told so), and its metrics are served summed with the others' by the primary.
   */
  clusterWorker?: boolean;
  /**
   * Settles when the database may be opened: a cluster worker loads its modules while the primary
   * migrates the database (serve-cluster.ts).
   */
  databasePrepared?: Promise<void>;
  /** Milliseconds since the epoch for the sign-in limits' windows (tests move it instead of waiting). */
  clock?: () => number;
}

/** Metrics (config `metrics`): the registry, and where `GET /metrics` reads its text. */
async function setUpMetrics(clusterWorker: boolean): Promise<{ metrics: Metrics; source: MetricsSource }> {
  const { Metrics } = await import("./metrics/metrics.js");
  const metrics = new Metrics();
  if (!clusterWorker) return { metrics, source: metrics };
  const { workerMetricsSource } = await import("./metrics/cluster.js");
  return { metrics, source: workerMetricsSource(metrics) };
}

export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  // Read on first use, not here: a start reads no taxonomy, and a worker that only reads never does.
  const taxonomies = loadTaxonomies();
  await options.databasePrepared;
  const openedStore =
    options.store ??
    (await openStore(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      readUrl: config.databaseReadUrl,
    }));
  if (options.clusterWorker === true) openedStore.writeAlongsideOtherProcesses?.();
  let store = openedStore;
  let metricsSetUp: Awaited<ReturnType<typeof setUpMetrics>> | undefined;
  if (config.metrics) {
    metricsSetUp = await setUpMetrics(options.clusterWorker === true);
    const { metrics } = metricsSetUp;
    const { instrumentStore } = await import("./metrics/store.js");
    if (openedStore.connectionPoolUsage !== undefined) {
      metrics.watchPools(() => openedStore.connectionPoolUsage?.() ?? []);
    }
    store = instrumentStore(store, metrics);
  }
  const app = await buildApp({
    config,
    store,
    taxonomies,
    logStream: options.logStream,
    metrics: metricsSetUp?.metrics,
    clock: options.clock,
  });
  if (metricsSetUp !== undefined) {
    registerRequestMetrics(app, metricsSetUp.metrics, config.folksonomyPrefix);
    // On the public port only when the metrics have no port of their own.
    if (config.metricsPort === 0) registerMetricsRoute(app, metricsSetUp.source);
  }
  let folksonomyApp: FastifyInstance | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    await app.listen({ host: config.host, port: config.port });
    if (config.folksonomyPort > 0) {
      folksonomyApp = await buildFolksonomyApp(app.foodbase);
      await folksonomyApp.listen({ host: config.host, port: config.folksonomyPort });
    }
    // A cluster's primary serves the workers' metrics summed on that port (metrics/cluster.ts).
    if (metricsSetUp !== undefined && config.metricsPort > 0 && options.clusterWorker !== true) {
      const { listenForMetrics } = await import("./metrics/server.js");
      metricsListener = await listenForMetrics(config.host, config.metricsPort, metricsSetUp.source);
    }
  } catch (e) {
    await folksonomyApp?.close();
    await app.close();
    if (options.store === undefined) await openedStore.close();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  return {
    app,
    store,
    taxonomies,
    url,
    ...(folksonomyApp ? { folksonomyUrl: `http://${host}:${config.folksonomyPort}` } : {}),
    ...(metricsListener ? { metricsUrl: metricsListener.url } : {}),
    close: async () => {
      await metricsListener?.close();
      await folksonomyApp?.close();
      await app.close();
      if (options.store === undefined) await openedStore.close();
    },
    closeConnections: () => {
      app.server.closeAllConnections();
      folksonomyApp?.server.closeAllConnections();
    },
  };
}
