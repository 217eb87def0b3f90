/**
 * Metrics of HTTP requests (`FOODBASE_METRICS=true`): each answer is counted and timed under its route
 * family, method and status; `GET /metrics` serves the Prometheus text on the public port unless the
 * metrics have a port of their own (`FOODBASE_METRICS_PORT`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Metrics } from "../metrics/metrics.js";

/** Prometheus text of the metrics to serve: this process's, or all workers' (metrics/cluster.ts). */
export interface MetricsSource {
  contentType: string;
  text(): Promise<string>;
}

/**
 * The family of a route, from its pattern (`request.routeOptions.url`): few and fixed label values,
 * whatever the URL asked for. Requests that match no route are `unmatched`.
 */
export function routeFamily(route: string | undefined, method: string, folksonomyPrefix: string): string {
  if (route === undefined || route === "") return "unmatched";
  if (route === folksonomyPrefix || route.startsWith(`${folksonomyPrefix}/`)) return "folksonomy";
  if (route.startsWith("/api/:version/product") || route.startsWith("/api/v3")) {
    return method === "GET" || method === "HEAD" ? "product_read" : "product_write";
  }
  if (route === "/cgi/product_jqm2.pl") return "product_write";
  if (route === "/api/v2/search" || route === "/cgi/search.pl") return "search";
  if (route.startsWith("/facets/")) return route.endsWith("/*") ? "tag_products" : "facets";
  if (route === "/cgi/auth.pl" || route === "/cgi/session.pl") return "auth";
  if (route === "/api/v2/taxonomy") return "taxonomy";
  if (route === "/health" || route === "/metrics") return "service";
  if (route.startsWith("/api/docs") || route === "/api/openapi.json") return "docs";
  // The web pages (web/index.ts); tag pages share the tag routes above and below.
  const webPrefixes = ["/product/", "/assets/"];
  if (["/", "/search", "/signin", "/signout"].includes(route) || webPrefixes.some((p) => route.startsWith(p))) {
    return "web";
  }
  // The two root alias routes of facets.ts (/brands.json, /brand/… for every tag type name).
  if (route.startsWith("/:alias(")) return route.endsWith("/*") ? "tag_products" : "facets";
  return "other";
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics, folksonomyPrefix: string): void {
  app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      family: routeFamily(request.routeOptions.url, request.method, folksonomyPrefix),
      method: request.method,
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
  });
}

export function registerMetricsRoute(app: FastifyInstance, source: MetricsSource): void {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    let text: string;
    try {
      text = await source.text();
    } catch (e) {
      // Under --workers, a worker just started may not answer the primary yet: try again at the next scrape.
      request.log.warn({ err: e }, "metrics unavailable");
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send(`metrics unavailable: ${(e as Error).message}\n`);
    }
    return reply.type(source.contentType).send(text);
  });
}
