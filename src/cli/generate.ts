/** `foodbase generate --count N`: realistic synthetic products in the dump's format, for tests and benchmarks. */
import { type Command, Option } from "commander";
import { GENERATOR_PROFILES, type GeneratorProfile, generateProducts, type KeyOrder } from "../generate/generate.js";
import { formatSizeSummary } from "../generate/size-stats.js";
import { defaultImportWorkers } from "../import/importer.js";
import { Progress } from "../import/progress.js";
import { positiveInteger } from "./import.js";
import { addSettingOptions, configFromFlags } from "./options.js";
import { writeOutput } from "./output-file.js";

export function registerGenerateCommand(program: Command): void {
  const command = program
    .command("generate")
    .description("Write N generated products, shaped like OFF's, as JSONL (the same for the same seed)")
    .addOption(
      new Option("--count <n>", "Number of products").argParser(positiveInteger("--count")).makeOptionMandatory(),
    )
    .addOption(new Option("--seed <n>", "Seed of the data set").argParser(positiveInteger("--seed")).default(1))
    .addOption(
      new Option("--profile <profile>", "realistic: sizes and fields of OFF's dump (12.3 KB mean); small: about 6 KB")
        .choices([...GENERATOR_PROFILES])
        .default("realistic"),
    )
    .option("--out <file>", "Write to this file instead of stdout (gzip-compressed if it ends in .gz)")
    .addOption(
      new Option("--key-order <order>", "sorted: as foodbase export writes; natural: as filled in, like OFF's dump")
        .choices(["sorted", "natural"])
        .default("sorted"),
    )
    .addOption(
      new Option("--workers <n>", "Threads generating products (0 = main thread)")
        .argParser(positiveInteger("--workers"))
        .default(defaultImportWorkers(), "cores, at most 4"),
    )
    .option("--no-progress", "No progress bar or progress lines");
  addSettingOptions(command, ["nutriscoreHeadlineVersion"]);
  command.action(async (flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    const count = flags.count as number;
    const toFile = typeof flags.out === "string" && flags.out !== "-";
    await writeOutput(toFile ? (flags.out as string) : undefined, async (out) => {
      // Progress only when the products go to a file: on stdout they are usually piped somewhere.
      const progress =
        toFile && flags.progress !== false
          ? new Progress({ stream: process.stderr, unit: "products", total: count })
          : undefined;
      try {
        const sizes = await generateProducts({
          count,
          seed: flags.seed as number,
          profile: flags.profile as GeneratorProfile,
          nutriscoreHeadlineVersion: config.nutriscoreHeadlineVersion,
          keyOrder: flags.keyOrder as KeyOrder,
          out,
          workers: flags.workers as number,
          onProgress: (written) => progress?.update(written, written),
        });
        progress?.stop();
        // On stderr: stdout may be the products themselves.
        process.stderr.write(`generated ${formatSizeSummary(sizes)}\n`);
      } finally {
        progress?.stop();
      }
    });
  });
}
