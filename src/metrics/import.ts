/**
 * Metrics of `foodbase import` (`FOODBASE_METRICS=true` with `FOODBASE_METRICS_PORT`): its progress and
 * its store calls, served on that port while it runs, so that a long import can be watched like a server.
 */
import type { ImportProgress } from "../import/importer.js";
import type { Store } from "../store/types.js";
import { Metrics } from "./metrics.js";
import { listenForMetrics, type MetricsListener } from "./server.js";
import { instrumentStore } from "./store.js";

export interface ImportMetrics {
  /** The store, its calls timed. */
  store: Store;
  onProgress(progress: ImportProgress): void;
  url: string;
  close(): Promise<void>;
}

export async function serveImportMetrics(
  host: string,
  port: number,
  store: Store,
  totalBytes: number | undefined,
): Promise<ImportMetrics> {
  const metrics = new Metrics();
  metrics.importBytesTotal.set(totalBytes ?? 0);
  const listener: MetricsListener = await listenForMetrics(host, port, metrics);
  if (store.connectionPoolUsage !== undefined) metrics.watchPools(() => store.connectionPoolUsage?.() ?? []);
  return {
    store: instrumentStore(store, metrics),
    onProgress: (p) => {
      metrics.importBytesRead.set(p.bytesRead);
      metrics.importLines.set(p.lines);
      metrics.importProducts.set(p.products);
    },
    url: listener.url,
    close: () => listener.close(),
  };
}
