/** Starting and stopping a foodbase server: store, taxonomies, HTTP app. */
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { loadTaxonomies } from "./domain/taxonomy/index.js";
import type { Taxonomies } from "./domain/taxonomy/types.js";
import { buildApp } from "./http/app.js";
import { buildFolksonomyApp } from "./http/folksonomy/index.js";
import { openStore } from "./store/open.js";
import type { Store } from "./store/types.js";

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  taxonomies: Taxonomies;
  url: string;
  /** Base URL of the folksonomy API's own listener (config `folksonomyPort` > 0). */
  folksonomyUrl?: string;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: { store?: Store; logStream?: NodeJS.WritableStream; clock?: () => number } = {},
): Promise<RunningServer> {
  const taxonomies = loadTaxonomies();
  const store =
    options.store ??
    (await openStore(config.databaseUrl, { poolSize: config.databasePoolSize, readUrl: config.databaseReadUrl }));
  const app = await buildApp({ config, store, taxonomies, logStream: options.logStream, clock: options.clock });
  let folksonomyApp: FastifyInstance | undefined;
  try {
    await app.listen({ host: config.host, port: config.port });
    if (config.folksonomyPort > 0) {
      folksonomyApp = await buildFolksonomyApp(app.foodbase);
      await folksonomyApp.listen({ host: config.host, port: config.folksonomyPort });
    }
  } catch (e) {
    await folksonomyApp?.close();
    await app.close();
    if (options.store === undefined) await store.close();
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
    close: async () => {
      await folksonomyApp?.close();
      await app.close();
      if (options.store === undefined) await store.close();
    },
  };
}
