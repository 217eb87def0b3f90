/** `foodbase migrate`: brings the database's schema up to date and says which versions it has. */
import type { Command } from "commander";
import { migrateDatabase, redactDatabaseUrl } from "../store/open.js";
import { addSettingOptions, configFromFlags } from "./options.js";

export function registerMigrateCommand(program: Command): void {
  const command = program
    .command("migrate")
    .description("Apply the database's pending schema migrations (serve and import also do it when they open it)");
  addSettingOptions(command, ["databaseUrl"]);
  command.action(async (flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    const outcome = await migrateDatabase(config.databaseUrl);
    const lines = outcome.versions.map(
      (v) => `${outcome.applied.includes(v.version) ? "applied" : "present"} ${v.version} ${v.name}`,
    );
    const latest = outcome.versions.at(-1)?.version ?? 0;
    lines.push(
      `${outcome.kind} database ${redactDatabaseUrl(config.databaseUrl)} at schema version ${latest}` +
        ` (${outcome.applied.length === 0 ? "already up to date" : `${outcome.applied.length} applied now`})`,
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  });
}
