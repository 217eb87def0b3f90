/** `foodbase serve`: start the HTTP server on the configured database (one process, or a cluster of workers). */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import type { Command } from "commander";
import type { startServer } from "../server.js";
import { redactDatabaseUrl } from "../store/open.js";
import { addSettingOptions, configFromFlags } from "./options.js";
import { exitOnSignals, runPrimary, runWorker, startupMessage } from "./serve-cluster.js";

export function registerServeCommand(program: Command): void {
  const serve = program
    .command("serve")
    .description("Start the server")
    .option("--sample-data", "Load the sample products when the database has no product yet");
  addSettingOptions(serve);
  serve.action(async (flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    const sampleData = flags.sampleData === true;
    if (cluster.isWorker) return runWorker(config);
    const workers = config.workers === 0 ? availableParallelism() : config.workers;
    if (workers > 1) return runPrimary(config, workers, sampleData);

    // The server's modules are loaded by the process that serves: not by a cluster's primary. The sample
    // data's (the importer's) only when asked for.
    const { startServer } = await import("../server.js");
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer(config);
    } catch (e) {
      throw new Error(startupMessage(e, config.host, config.port));
    }
    if (sampleData) {
      const { loadSampleProducts } = await import("../sample-data.js");
      const n = await loadSampleProducts(server.store, server.taxonomies, config.nutriscoreHeadlineVersion);
      if (n > 0) server.app.log.info(`loaded ${n} sample products`);
    }
    const folksonomy = server.folksonomyUrl === undefined ? "" : `, folksonomy also on ${server.folksonomyUrl}`;
    const metrics = server.metricsUrl === undefined ? "" : `, metrics on ${server.metricsUrl}`;
    process.stdout.write(
      `foodbase listening on ${server.url} (database ${redactDatabaseUrl(config.databaseUrl)}${folksonomy}${metrics})\n`,
    );
    exitOnSignals(server, config.shutdownGraceSeconds);
  });
}
