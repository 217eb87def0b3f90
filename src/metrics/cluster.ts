/**
 * Metrics of `serve --workers N`, summed over the workers with prom-client's AggregatorRegistry: the
 * primary asks each worker for its registry over the cluster's IPC channel. The primary serves them on
 * `FOODBASE_METRICS_PORT`; without that port, `GET /metrics` reaches a worker, which asks the primary.
 */
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "../config.js";
import type { MetricsSource } from "../http/metrics.js";
import type { Metrics } from "./metrics.js";
import { listenForMetrics } from "./server.js";

const REQUEST = "foodbase:metrics-request";
const ANSWER = "foodbase:metrics-answer";

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

export interface ClusterMetricsServer {
  /** Where the metrics have a port of their own, else undefined (they are on the public port). */
  url?: string;
  close(): Promise<void>;
}

/** In the primary, before the workers are forked. */
export async function startClusterMetrics(config: Config): Promise<ClusterMetricsServer> {
  const aggregator = new AggregatorRegistry();
  const source: MetricsSource = { contentType: aggregator.contentType, text: () => aggregator.clusterMetrics() };
  cluster.on("message", (worker, message: MetricsRequest) => {
    if (message?.type !== REQUEST) return;
    source.text().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies MetricsAnswer),
      (e: unknown) =>
        worker.send({ type: ANSWER, id: message.id, error: (e as Error).message } satisfies MetricsAnswer),
    );
  });
  if (config.metricsPort === 0) return { close: async () => {} };
  const listener = await listenForMetrics(config.host, config.metricsPort, source);
  return listener;
}

/** In a worker: its registry is the one the primary collects; `GET /metrics` asks the primary for the sum. */
export function workerMetricsSource(metrics: Metrics): MetricsSource {
  AggregatorRegistry.setRegistries([metrics.registry]);
  // Constructing one installs prom-client's answer to the primary's requests (in a worker, that is all it does).
  new AggregatorRegistry();
  let nextId = 0;
  const pending = new Map<number, { resolve(text: string): void; reject(e: Error): void }>();
  process.on("message", (message: MetricsAnswer) => {
    if (message?.type !== ANSWER) return;
    const waiting = pending.get(message.id);
    if (waiting === undefined) return;
    pending.delete(message.id);
    if (message.text !== undefined) waiting.resolve(message.text);
    else waiting.reject(new Error(message.error ?? "no answer from the primary"));
  });
  return {
    contentType: metrics.contentType,
    text: () =>
      new Promise<string>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
      }),
  };
}
