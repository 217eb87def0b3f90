/**
 * `foodbase sync`: applies OFF's published delta files to the database (README "Keeping current with
 * OFF: sync"). Exit status: 0 up to date, 1 error (the file that failed is not recorded; run again),
 * 3 some lines rejected, 130 interrupted. `--watch HOURS` runs again every HOURS until interrupted.
 */
import { hostname } from "node:os";
import { type Command, Option } from "commander";
import { ImportInterruptedError } from "../import/importer.js";
import { Progress } from "../import/progress.js";
import { openStore } from "../store/open.js";
import type { AppliedDelta } from "../store/sync-types.js";
import type { Store } from "../store/types.js";
import { SyncError, type SyncSummary, syncDeltas } from "../sync/sync.js";
import { EXIT_REJECTED, positiveInteger } from "./import.js";
import { addSettingOptions, configFromFlags, EXIT_INTERRUPTED } from "./options.js";

function counts(d: { imported: number; updated: number; unchanged: number; rejected: number }): string {
  return `${d.imported} imported, ${d.updated} updated, ${d.unchanged} unchanged, ${d.rejected} rejected`;
}

function summaryLine(s: SyncSummary, seconds: number): string {
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped (older than the full dump)` : "";
  return (
    `sync: ${s.applied.length} file${s.applied.length === 1 ? "" : "s"} applied (${counts(s.totals)}), ` +
    `${s.alreadyApplied} already applied${skipped} (${seconds.toFixed(1)} s)`
  );
}

function positiveHours(raw: string): number {
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`--watch must be a number of hours above 0, got "${raw}"`);
  return hours;
}

export function registerSyncCommand(program: Command): void {
  const command = program
    .command("sync")
    .description("Apply OFF's daily delta files not yet applied (the index: --sync-index-url)")
    .option("--full <url>", "Start from this full dump (.jsonl.gz), once, then follow the deltas")
    .addOption(
      new Option("--watch <hours>", "Check again every HOURS hours until interrupted").argParser(positiveHours),
    )
    .addOption(
      new Option("--workers <n>", "Threads parsing lines (0 = parse in the main thread)").argParser(
        positiveInteger("--workers"),
      ),
    )
    .option("--no-progress", "No progress bar or progress lines");
  addSettingOptions(command, ["databaseUrl", "nutriscoreHeadlineVersion", "syncIndexUrl"]);
  command.action(async (flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    const watchHours = flags.watch as number | undefined;
    const controller = new AbortController();
    let wakeUp: (() => void) | undefined;
    const onSignal = () => {
      // A second Ctrl-C does not wait for the batch being written (that batch is then not kept).
      if (controller.signal.aborted) process.exit(EXIT_INTERRUPTED);
      controller.abort();
      wakeUp?.();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    const store = await openStore(config.databaseUrl);
    try {
      for (;;) {
        const outcome = await syncOnce(store, config.syncIndexUrl, flags, config.nutriscoreHeadlineVersion, controller);
        if (outcome === "interrupted") {
          process.exitCode = EXIT_INTERRUPTED;
          return;
        }
        if (watchHours === undefined) {
          if (outcome === "rejected") process.exitCode = EXIT_REJECTED;
          if (outcome instanceof Error) throw outcome;
          return;
        }
        if (outcome instanceof Error) process.stderr.write(`foodbase: ${outcome.message}\n`);
        process.stderr.write(`next check in ${watchHours} h (Ctrl-C stops)\n`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, watchHours * 3600 * 1000);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (controller.signal.aborted) {
          process.exitCode = EXIT_INTERRUPTED;
          return;
        }
      }
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await store.close();
    }
  });
}

/** One sync under the lock: "ok", "rejected" (some lines), "interrupted", or the error that stopped it. */
async function syncOnce(
  store: Store,
  indexUrl: string,
  flags: Record<string, unknown>,
  nutriscoreHeadlineVersion: "2021" | "2023",
  controller: AbortController,
): Promise<"ok" | "rejected" | "interrupted" | Error> {
  const lock = await store.sync.tryLock(`foodbase sync (${hostname()} pid ${process.pid})`);
  if ("heldBy" in lock) return new Error(`another foodbase sync is running on this database: ${lock.heldBy}`);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let progress: Progress | undefined;
  let progressFile: string | undefined;
  const say = (line: string) => (progress === undefined ? process.stderr.write(`${line}\n`) : progress.log(line));
  let summary: SyncSummary | undefined;
  try {
    summary = await syncDeltas({
      store,
      indexUrl,
      fullUrl: typeof flags.full === "string" ? flags.full : undefined,
      nutriscoreHeadlineVersion,
      workers: flags.workers as number | undefined,
      signal: controller.signal,
      onProgress: (p) => {
        if (flags.progress === false) return;
        if (progressFile !== p.file) {
          progress?.stop();
          progressFile = p.file;
          say(p.files > 0 ? `[${p.position}/${p.files}] ${p.file}` : p.file);
          progress = new Progress({ stream: process.stderr, unit: "products", total: undefined });
        }
        if (p.phase === "import") progress?.update(p.done, p.done);
      },
      onReject: (file, r) => say(`${file}:${r.line}: ${r.reason}`),
      onApplied: (d: AppliedDelta, skipped: boolean) => {
        progress?.stop();
        progress = undefined;
        process.stdout.write(skipped ? `${d.name}: skipped, older than the full dump\n` : `${d.name}: ${counts(d)}\n`);
      },
    });
  } catch (e) {
    progress?.stop();
    if (e instanceof ImportInterruptedError) {
      process.stderr.write(
        "interrupted: the file being imported is not recorded as applied; run foodbase sync again to finish it " +
          "(what was stored of it is not imported twice)\n",
      );
      return "interrupted";
    }
    if (e instanceof SyncError) return e;
    return new Error(
      `${(e as Error).message}; the file being imported is not recorded as applied: run foodbase sync again`,
    );
  } finally {
    progress?.stop();
    await lock.release();
  }
  process.stdout.write(`${summaryLine(summary, seconds())}\n`);
  if (controller.signal.aborted) return "interrupted";
  return summary.totals.rejected > 0 ? "rejected" : "ok";
}
