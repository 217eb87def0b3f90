/**
 * `foodbase import FILE`: load an OFF JSONL dump (`.jsonl`, `.jsonl.gz`, `-` = stdin) into the database.
 * Exit status: 0 all lines imported, 3 some lines rejected, 1 error (the input could not be read to its
 * end), 130 interrupted.
 */
import { createWriteStream, openSync, type WriteStream } from "node:fs";
import { type Command, Option } from "commander";
import type { Config } from "../config.js";
import {
  DEFAULT_BATCH_SIZE,
  defaultImportWorkers,
  ImportInputError,
  ImportInterruptedError,
  type ImportSummary,
  importProducts,
} from "../import/importer.js";
import type { RejectedLine } from "../import/prepare.js";
import { Progress } from "../import/progress.js";
import { InputError, openInput } from "../import/source.js";
import { openStore } from "../store/open.js";
import { addSettingOptions, configFromFlags, EXIT_INTERRUPTED } from "./options.js";
import { refuseOverwritingInputs } from "./same-file.js";

/** Rejected lines shown on stderr; all of them go to the `--rejects` file. */
const MAX_REJECTS_SHOWN = 100;

export const EXIT_REJECTED = 3;

/** Errors of a connection the database (or the network) dropped: node-postgres gives only the socket's words. */
const CONNECTION_LOST = new Set(["EPIPE", "ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "57P01", "57P02", "57P03"]);

function describeStoreError(e: unknown): string {
  const error = e as { code?: unknown; message?: unknown };
  const message = typeof error?.message === "string" ? error.message : String(e);
  const lost =
    (typeof error?.code === "string" && CONNECTION_LOST.has(error.code)) ||
    /Connection terminated|connection.*closed/i.test(message);
  return lost ? `the connection to the database was lost (${message})` : message;
}

export function positiveInteger(name: string) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 0) {
      throw new Error(`${name} must be a whole number, got "${raw}"`);
    }
    return n;
  };
}

function summaryLine(name: string, summary: ImportSummary, seconds: number): string {
  const products = summary.imported + summary.updated + summary.unchanged;
  const rate = seconds > 0 ? Math.round(products / seconds) : products;
  return (
    `${name}: ${summary.imported} imported, ${summary.updated} updated, ${summary.unchanged} unchanged, ` +
    `${summary.rejected} rejected (${seconds.toFixed(1)} s, ${rate} products/s)`
  );
}

/**
 * The `--rejects` file, opened before the import starts: a path that cannot be written is an error
 * now, not an unhandled stream error later, and the input or the database is never overwritten.
 */
function openRejectsFile(path: string, input: string, config: Config): WriteStream {
  refuseOverwritingInputs("--rejects", path, input === "-" ? [] : [input], config.databaseUrl);
  let fd: number;
  try {
    fd = openSync(path, "w");
  } catch (e) {
    throw new Error(`cannot write --rejects ${path}: ${(e as Error).message}`);
  }
  return createWriteStream("", { fd });
}

export function registerImportCommand(program: Command): void {
  const command = program
    .command("import <file>")
    .description("Import an Open Food Facts JSONL dump (.jsonl, .jsonl.gz, or - for stdin)")
    .option("--recompute", "Recompute tags, keywords and Nutri-Score with foodbase instead of keeping the dump's")
    .option(
      "--rejects <file>",
      "Also write every rejected line to this file (JSONL: line, reason, text; for a repeated code, text is the record as it would have been stored)",
    )
    .option("--no-progress", "No progress bar or progress lines")
    .addOption(
      new Option("--workers <n>", "Threads parsing lines (0 = parse in the main thread)")
        .argParser(positiveInteger("--workers"))
        .default(defaultImportWorkers(), "cores - 1, between 1 and 4"),
    )
    .addOption(
      new Option("--batch-size <n>", "Products per transaction")
        .argParser(positiveInteger("--batch-size"))
        .default(DEFAULT_BATCH_SIZE),
    );
  addSettingOptions(command, ["databaseUrl", "nutriscoreHeadlineVersion", "host", "metrics", "metricsPort"]);
  command.action(async (file: string, flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    const batchSize = flags.batchSize as number;
    if (batchSize < 1) throw new Error("--batch-size must be at least 1");
    let input: Awaited<ReturnType<typeof openInput>>;
    try {
      input = await openInput(file);
    } catch (e) {
      if (e instanceof InputError) throw new Error(`cannot import: ${e.message}`);
      throw e;
    }
    const rejectsFile = typeof flags.rejects === "string" ? openRejectsFile(flags.rejects, file, config) : undefined;
    // A write that fails later (a full disk) is reported at the end; the import itself goes on.
    let rejectsError: Error | undefined;
    rejectsFile?.on("error", (e) => {
      rejectsError ??= e;
    });
    const progress =
      flags.progress === false ? undefined : new Progress({ stream: process.stderr, unit: "bytes", total: input.size });
    let shown = 0;
    const onReject = (rejected: RejectedLine) => {
      if (shown < MAX_REJECTS_SHOWN) {
        const message = `${input.name}:${rejected.line}: ${rejected.reason}`;
        if (progress === undefined) process.stderr.write(`${message}\n`);
        else progress.log(message);
      } else if (shown === MAX_REJECTS_SHOWN) {
        const more = `further rejected lines are counted, not shown${rejectsFile === undefined ? " (--rejects FILE keeps them all)" : ""}`;
        if (progress === undefined) process.stderr.write(`${more}\n`);
        else progress.log(more);
      }
      shown++;
      rejectsFile?.write(`${JSON.stringify(rejected)}\n`);
    };

    const controller = new AbortController();
    const onSignal = () => {
      // A second Ctrl-C does not wait for the batch being written (that batch is then not kept).
      if (controller.signal.aborted) process.exit(EXIT_INTERRUPTED);
      controller.abort();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);

    const openedStore = await openStore(config.databaseUrl);
    // Metrics only on a port of their own: an import has no other listener.
    const metrics =
      config.metrics && config.metricsPort > 0
        ? await (await import("../metrics/import.js")).serveImportMetrics(
            config.host,
            config.metricsPort,
            openedStore,
            input.size,
          )
        : undefined;
    if (metrics !== undefined) process.stderr.write(`metrics on ${metrics.url}\n`);
    const store = metrics?.store ?? openedStore;
    await store.prepareForBulkLoad({
      onWarning: (message) => {
        if (progress === undefined) process.stderr.write(`warning: ${message}\n`);
        else progress.log(`warning: ${message}`);
      },
    });
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let summary: ImportSummary | undefined;
    try {
      summary = await importProducts({
        store,
        input,
        recompute: flags.recompute === true,
        nutriscoreHeadlineVersion: config.nutriscoreHeadlineVersion,
        workers: flags.workers as number,
        batchSize,
        signal: controller.signal,
        onReject,
        onProgress: (p) => {
          progress?.update(p.bytesRead, p.products);
          metrics?.onProgress(p);
        },
      });
    } catch (e) {
      progress?.stop();
      if (e instanceof ImportInterruptedError) {
        process.stderr.write(
          `${summaryLine(input.name, e.summary, seconds())}\ninterrupted: the products counted above are stored; ` +
            "run the same command again to import the rest (stored products are not imported twice)\n",
        );
        process.exitCode = EXIT_INTERRUPTED;
        return;
      }
      if (e instanceof ImportInputError) {
        process.stdout.write(`${summaryLine(input.name, e.summary, seconds())}\n`);
        throw e;
      }
      // The store failed (e.g. the database went away): each batch is one transaction, so what was
      // stored is whole, and an import run again goes on from there.
      throw new Error(
        `${describeStoreError(e)}; the import stopped there: the products stored before stay stored, ` +
          "and running the same command again imports the rest",
      );
    } finally {
      progress?.stop();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      if (rejectsFile !== undefined) await new Promise<void>((resolve) => rejectsFile.end(() => resolve()));
      await store.close();
      await metrics?.close();
    }
    process.stdout.write(`${summaryLine(input.name, summary, seconds())}\n`);
    if (rejectsError !== undefined)
      throw new Error(`could not write --rejects ${flags.rejects}: ${rejectsError.message}`);
    if (summary.rejected > 0) process.exitCode = EXIT_REJECTED;
  });
}
