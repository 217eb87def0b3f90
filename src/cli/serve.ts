/** `foodbase serve`: start the HTTP server on the configured database. */
import type { Command } from "commander";
import { loadSampleProducts } from "../sample-data.js";
import { startServer } from "../server.js";
import { redactDatabaseUrl } from "../store/open.js";
import { addSettingOptions, configFromFlags } from "./options.js";

function startupMessage(e: unknown, configuredHost: string, configuredPort: number): string {
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

export function registerServeCommand(program: Command): void {
  const serve = program
    .command("serve")
    .description("Start the server")
    .option("--sample-data", "Load the sample products when the database has no product yet");
  addSettingOptions(serve);
  serve.action(async (flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer(config);
    } catch (e) {
      throw new Error(startupMessage(e, config.host, config.port));
    }
    if (flags.sampleData === true) {
      const n = await loadSampleProducts(server.store, server.taxonomies, config.nutriscoreHeadlineVersion);
      if (n > 0) server.app.log.info(`loaded ${n} sample products`);
    }
    const folksonomy = server.folksonomyUrl === undefined ? "" : `, folksonomy also on ${server.folksonomyUrl}`;
    process.stdout.write(
      `foodbase listening on ${server.url} (database ${redactDatabaseUrl(config.databaseUrl)}${folksonomy})\n`,
    );
    let closing = false;
    const stop = () => {
      if (closing) return;
      closing = true;
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
