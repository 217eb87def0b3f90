#!/usr/bin/env node
/** `foodbase serve | users | import | export | images | generate | migrate`. */
import { Command } from "commander";
import { ConfigError } from "../config.js";

type Register = (program: Command) => void;

/**
 * Each command's module is loaded only when that command runs (all of them for help), so that
 * `foodbase serve` does not pay for loading the import, export and generate code at every start.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  serve: async () => (await import("./serve.js")).registerServeCommand,
  users: async () => (await import("./users.js")).registerUsersCommands,
  import: async () => (await import("./import.js")).registerImportCommand,
  export: async () => (await import("./export.js")).registerExportCommand,
  images: async () => (await import("./images.js")).registerImagesCommands,
  generate: async () => (await import("./generate.js")).registerGenerateCommand,
  migrate: async () => (await import("./migrate.js")).registerMigrateCommand,
};

export async function buildProgram(argv: string[] = process.argv): Promise<Command> {
  const program = new Command("foodbase")
    .description("An Open Food Facts compatible product server")
    .showHelpAfterError()
    .exitOverride();
  const requested = argv[2];
  const names = requested !== undefined && Object.hasOwn(COMMANDS, requested) ? [requested] : Object.keys(COMMANDS);
  for (const name of names) (await (COMMANDS[name] as () => Promise<Register>)())(program);
  return program;
}

async function main(): Promise<void> {
  const program = await buildProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (e) {
    const err = e as { code?: string; exitCode?: number };
    if (typeof err.code === "string" && err.code.startsWith("commander.")) {
      process.exitCode = err.exitCode ?? 1;
      return;
    }
    if (e instanceof ConfigError) {
      process.stderr.write(`foodbase: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`foodbase: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}

await main();
