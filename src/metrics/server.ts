/**
 * The metrics' own listener (`FOODBASE_METRICS_PORT`): `GET /metrics` and nothing else, on a port that
 * need not be public. A bare node:http server: it has one route and no body to parse.
 */
import { createServer } from "node:http";
import type { MetricsSource } from "../http/metrics.js";

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

export async function listenForMetrics(host: string, port: number, source: MetricsSource): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found: GET /metrics\n");
      return;
    }
    source.text().then(
      (text) => response.writeHead(200, { "content-type": source.contentType }).end(text),
      (e: unknown) =>
        response
          .writeHead(503, { "content-type": "text/plain; charset=utf-8" })
          .end(`metrics unavailable: ${(e as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host, port }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${boundPort}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
