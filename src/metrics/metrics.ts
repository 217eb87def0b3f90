/**
 * Prometheus metrics of one process (`FOODBASE_METRICS=true`), with prom-client: HTTP requests per route
 * family and status, store call latencies, read-cache hits and misses, connection pool use, and import
 * progress. Each process has its own registry; under `serve --workers N` the primary aggregates the
 * workers' registries (metrics/cluster.ts).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ConnectionPoolUsage } from "../store/types.js";

/** Seconds: from a cached product read (tens of µs) to a slow search or a write with scrypt (1 s+). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<"family" | "method" | "status">;
  readonly requestSeconds: Histogram<"family" | "method" | "status">;
  readonly storeSeconds: Histogram<"operation" | "outcome">;
  readonly readCache: Counter<"result">;
  readonly importBytesRead: Gauge;
  readonly importBytesTotal: Gauge;
  readonly importLines: Gauge;
  readonly importProducts: Gauge;
  private poolUsage: () => ConnectionPoolUsage[] = () => [];

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "foodbase_" });
    this.requests = new Counter({
      name: "foodbase_http_requests_total",
      help: "HTTP requests answered, by route family, method and status",
      labelNames: ["family", "method", "status"],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: "foodbase_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by route family, method and status",
      labelNames: ["family", "method", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.storeSeconds = new Histogram({
      name: "foodbase_store_call_duration_seconds",
      help: "Time of store calls (database queries and transactions), by store method and outcome",
      labelNames: ["operation", "outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.readCache = new Counter({
      name: "foodbase_read_cache_requests_total",
      help: "Lookups in the cache of rendered product answers (FOODBASE_READ_CACHE_MB), by result (hit or miss)",
      labelNames: ["result"],
      registers,
    });
    const poolUsage = () => this.poolUsage();
    new Gauge({
      name: "foodbase_db_pool_connections",
      help: "PostgreSQL pool connections by pool (primary, replica) and state (in_use, idle)",
      labelNames: ["pool", "state"],
      registers,
      collect() {
        for (const p of poolUsage()) {
          this.set({ pool: p.pool, state: "in_use" }, p.total - p.idle);
          this.set({ pool: p.pool, state: "idle" }, p.idle);
        }
      },
    });
    new Gauge({
      name: "foodbase_db_pool_waiting_requests",
      help: "Store calls waiting for a free PostgreSQL pool connection, by pool",
      labelNames: ["pool"],
      registers,
      collect() {
        for (const p of poolUsage()) this.set({ pool: p.pool }, p.waiting);
      },
    });
    this.importBytesRead = new Gauge({
      name: "foodbase_import_bytes_read",
      help: "Bytes of the input file read by the import running in this process",
      registers,
    });
    this.importBytesTotal = new Gauge({
      name: "foodbase_import_bytes_total",
      help: "Size of the input file of the import running in this process (0 when unknown: stdin)",
      registers,
    });
    this.importLines = new Gauge({
      name: "foodbase_import_lines",
      help: "Lines read and prepared by the import running in this process",
      registers,
    });
    this.importProducts = new Gauge({
      name: "foodbase_import_products",
      help: "Products stored or found unchanged by the import running in this process",
      registers,
    });
  }

  /** Where the pool gauges read their figures at each scrape. */
  watchPools(usage: () => ConnectionPoolUsage[]): void {
    this.poolUsage = usage;
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
