/** One autocannon run over a list of paths, cycling through them; the figures the benchmarks print. */
import autocannon from "autocannon";
import { wrkAvailable, wrkLoad } from "./wrk.js";

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU seconds the load generator itself used (user + system). */
  cpuSeconds: number;
}

export interface LoadOptions {
  /** A urlencoded POST body per request (the request number is given); GET without it. */
  body?: (i: number) => string;
  connections: number;
  duration: number;
}

let useWrk: boolean | undefined;

/** The load generator in use, for the benchmark's report. */
export function loadGeneratorName(): string {
  useWrk ??= wrkAvailable();
  return useWrk ? "wrk (1 thread)" : "autocannon";
}

export async function load(url: string, paths: string[], options: LoadOptions): Promise<Load> {
  useWrk ??= wrkAvailable();
  if (useWrk && options.body === undefined) return wrkLoad(url, paths, options.connections, options.duration);
  let i = 0;
  // autocannon runs in this process, which does nothing else meanwhile.
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: options.body ? "POST" : "GET",
        headers: options.body ? { "content-type": "application/x-www-form-urlencoded" } : {},
        setupRequest: (req: autocannon.Request) => {
          i++;
          const path = paths[i % paths.length] as string;
          return options.body ? { ...req, path, body: options.body(i) } : { ...req, path };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuSeconds: (() => {
      const used = process.cpuUsage(cpuBefore);
      return (used.user + used.system) / 1e6;
    })(),
  };
}
