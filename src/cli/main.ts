#!/usr/bin/env node
/** `foodbase serve | users | import | export | generate`. */
import { Command } from "commander";
import { ConfigError } from "../config.js";
import { registerExportCommand } from "./export.js";
import { registerGenerateCommand } from "./generate.js";
import { registerImportCommand } from "./import.js";
import { registerServeCommand } from "./serve.js";
import { registerUsersCommands } from "./users.js";

export function buildProgram(): Command {
  const program = new Command("foodbase")
    .description("An Open Food Facts compatible product server")
    .showHelpAfterError()
    .exitOverride();
  registerServeCommand(program);
  registerUsersCommands(program);
  registerImportCommand(program);
  registerExportCommand(program);
  registerGenerateCommand(program);
  return program;
}

async function main(): Promise<void> {
  const program = buildProgram();
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
