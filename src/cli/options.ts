/** CLI flags for the settings of config.ts. */
import { type Command, Option } from "commander";
import { loadConfig, SETTINGS } from "../config.js";

/** Adds `--<flag> <value>` options for every setting, so flags can override environment variables. */
export function addSettingOptions(command: Command, keys?: string[]): Command {
  for (const s of SETTINGS) {
    if (keys !== undefined && !keys.includes(s.key)) continue;
    command.addOption(new Option(`--${s.flag} <value>`, `${s.description} [env ${s.env}]`));
  }
  return command;
}

export function configFromFlags(flags: Record<string, unknown>) {
  return loadConfig(process.env, flags);
}

/** Exit status of a command stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;
